import Testing
@testable import ParseWire
import TestSupport

/// The `__type` and `__op` names are closed sets (``WireTypeName``, ``OperationName``): the readers
/// switch over them exhaustively, and the messages for an unknown name list them from the set.
@Suite("Wire names")
struct WireNameTests {
    /// One valid document per typed-value name, so that a new name cannot go untested.
    static func sample(_ name: WireTypeName) -> String {
        switch name {
        case .date: #"{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}"#
        case .bytes: #"{"__type":"Bytes","base64":"aGVsbG8="}"#
        case .pointer: #"{"__type":"Pointer","className":"A","objectId":"a1"}"#
        case .relation: #"{"__type":"Relation","className":"A"}"#
        case .geoPoint: #"{"__type":"GeoPoint","latitude":1,"longitude":2}"#
        case .file: #"{"__type":"File","name":"f.txt","url":"https://example.com/f.txt"}"#
        case .polygon: #"{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1]]}"#
        case .object: #"{"__type":"Object","className":"A","objectId":"a1"}"#
        }
    }

    /// One valid update body per operation name.
    static func sample(_ name: OperationName) -> String {
        let pointer = #"{"__type":"Pointer","className":"A","objectId":"a1"}"#
        return switch name {
        case .increment: #"{"f":{"__op":"Increment","amount":1}}"#
        case .add: #"{"f":{"__op":"Add","objects":[1]}}"#
        case .addUnique: #"{"f":{"__op":"AddUnique","objects":[1]}}"#
        case .remove: #"{"f":{"__op":"Remove","objects":[1]}}"#
        case .addRelation: #"{"f":{"__op":"AddRelation","objects":[\#(pointer)]}}"#
        case .removeRelation: #"{"f":{"__op":"RemoveRelation","objects":[\#(pointer)]}}"#
        case .delete: #"{"f":{"__op":"Delete"}}"#
        case .batch: #"{"f":{"__op":"Batch","ops":[{"__op":"AddRelation","objects":[\#(pointer)]}]}}"#
        }
    }

    @Test("every __type name decodes to a value written back under the same name", arguments: WireTypeName.allCases)
    func typeNames(_ name: WireTypeName) throws {
        #expect(try canonical(Self.sample(name)).contains(#""__type":"\#(name.rawValue)""#))
    }

    @Test("every __op name decodes to the operation that bears it", arguments: OperationName.allCases)
    func operationNames(_ name: OperationName) throws {
        guard case .map(let fields) = try decode(Self.sample(name), .update), case .operation(let operation)? = fields["f"] else {
            Issue.record("no operation")
            return
        }
        #expect(operation.operationName == name)
        #expect(operation.name == name.rawValue)
    }

    @Test("an unknown __type is refused with every known name")
    func unknownType() throws {
        let error = try #require(rejection(#"{"__type":"Money","amount":1}"#))
        #expect(error.kind == .unknownType)
        for name in WireTypeName.allCases { #expect(error.message.contains(name.rawValue), "\(name)") }
    }

    @Test("an unknown __op is refused with every known name")
    func unknownOperation() throws {
        let error = try #require(rejection(#"{"f":{"__op":"Multiply","amount":2}}"#, .update))
        #expect(error.kind == .invalidOperation)
        for name in OperationName.allCases { #expect(error.message.contains(name.rawValue), "\(name)") }
    }
}
