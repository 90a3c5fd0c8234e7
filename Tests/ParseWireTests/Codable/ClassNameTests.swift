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
        #expect(TypeNames.className(of: [Int].self) == "Array")
        #expect(try ParseWireEncoder().encodeString(["lamp": try TypedPointer<Lamp>(objectId: "l1")]) == #"{"lamp":{"__type":"Pointer","className":"Lamp","objectId":"l1"}}"#)
    }

    struct Shelf<Item: Codable & Sendable>: ParseObject {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var ACL: ParseACL?
        var items: [Item] = []
    }

    @Test("a generic type's default class name is its name without the arguments, a valid Parse class name")
    func genericNames() throws {
        #expect(Shelf<Int>.className == "Shelf")
        #expect(Shelf<[String]>.className == "Shelf")
        #expect(try ParseWireEncoder().encodeString(["shelf": try TypedPointer<Shelf<Int>>(objectId: "s1")]) == #"{"shelf":{"__type":"Pointer","className":"Shelf","objectId":"s1"}}"#)
    }
}
