import Foundation
import Testing
@testable import ParseWire

/// The default class name: the type's own name, worked out once per type.
@Suite struct ClassNameTests {
    struct Lamp: ParseObject {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var ACL: ParseACL?
    }

    struct Desk: ParseObject {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var ACL: ParseACL?
    }

    @Test("each type's default class name is its own name, on every read")
    func defaultNames() throws {
        for _ in 0..<3 {
            #expect(Lamp.className == "Lamp")
            #expect(Desk.className == "Desk")
        }
        #expect(TypeNames.name(of: [Int].self) == "Array<Int>")
        #expect(try ParseWireEncoder().encodeString(["lamp": try Pointer<Lamp>(objectId: "l1")]) == #"{"lamp":{"__type":"Pointer","className":"Lamp","objectId":"l1"}}"#)
    }
}
