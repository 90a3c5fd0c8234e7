import Testing
@testable import ParseWire

/// Every slot of every array and map is a `ParseValue`, so its size sets most of what a decoded
/// document costs per small container (the multiples of "Numbers, depth and errors").
@Suite struct ValueLayoutTests {
    @Test("a ParseValue slot is at most 40 bytes: no payload is stored inline past a pointer pair")
    func slotSize() {
        #expect(MemoryLayout<ParseValue>.stride <= 40)
    }

    @Test("an object boxed in a value keeps every field")
    func boxedObject() throws {
        let object = try ParseObjectValue(className: "C", objectId: "o1", createdAt: try ParseDate(epochMilliseconds: 0),
                                          updatedAt: try ParseDate(epochMilliseconds: 1),
                                          acl: try ParseACL([("*", ParseACL.Grant(read: true, write: false))]), fields: ["a": 1])
        let value = ParseValue.object(object)
        guard case .object(let read) = value else {
            Issue.record("not an object")
            return
        }
        #expect(read.className == "C" && read.objectId == "o1" && read.fields == ["a": 1])
        #expect(read.createdAt == object.createdAt && read.updatedAt == object.updatedAt && read.acl == object.acl)
        #expect(value == .object(object) && value.hashValue == ParseValue.object(object).hashValue)
    }
}
