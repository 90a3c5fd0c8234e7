import Foundation
import Testing
@testable import ParseWire

/// `[String: ParseValue]` members through the bridge's decoder: the same values and errors as
/// the standard library's `Dictionary.init(from:)` reading them one by one through a keyed
/// container. The twin types below hold a wrapper of `ParseValue`, which the decoder has no fast
/// path for, so that they keep taking the keyed-container path the comparison is made against.
@Suite struct ParseValueMapFieldTests {
    struct Holder: Codable, Equatable {
        var details: [String: ParseValue]
        var nested: [String: [String: ParseValue]]?
        var list: [[String: ParseValue]]?
    }

    /// A `ParseValue` read through its own `init(from:)` by a type the decoder knows nothing of.
    struct Wrapped: Codable, Equatable {
        var value: ParseValue
        init(from decoder: any Decoder) throws { value = try ParseValue(from: decoder) }
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    struct Twin: Codable, Equatable {
        var details: [String: Wrapped]
        var nested: [String: [String: Wrapped]]?
        var list: [[String: Wrapped]]?
    }

    static let details: [String: ParseValue] = [
        "text": "a \"quoted\"\nline", "n": 7, "x": -2.5, "yes": true, "none": nil, "1": "numeric key",
        "list": .array([1, "two", .array([.null, false])]),
        "map": .map(["b": 1, "a": .array([2, 3]), "c": .map(["z": "last"])]),
        "date": .date(try! ParseDate(epochMilliseconds: 1_700_000_000_123)),
        "author": .pointer(try! ParsePointer(className: "Author", objectId: "a1")),
        "where": .geoPoint(try! GeoPoint(latitude: 1.5, longitude: -2)),
    ]

    @Test("a [String: ParseValue] member reads what its values read one by one, in every mode", arguments: ParseWireMode.all)
    func sameValues(mode: ParseWireMode) throws {
        let holder = Holder(details: Self.details, nested: ["x": Self.details, "y": [:]], list: [Self.details, [:]])
        let bytes = try ParseWireEncoder().encodeBytes(holder, as: mode)
        #expect(try ParseWireDecoder().decode(Holder.self, from: bytes, as: mode) == holder)
        let twin = try ParseWireDecoder().decode(Twin.self, from: bytes, as: mode)
        #expect(twin.details.mapValues(\.value) == holder.details)
        #expect(twin.nested?.mapValues { $0.mapValues(\.value) } == holder.nested)
        #expect(twin.list?.map { $0.mapValues(\.value) } == holder.list)
    }

    /// Documents whose `details`, `nested` or `list` hold a value the reader refuses.
    static let badDocuments: [String] = [
        #"{"details":{"a":1,"k":{"__type":"Date","iso":"yesterday"}}}"#,
        #"{"details":{"a":1,"k":[2,{"__type":"Date","iso":"yesterday"}]}}"#,
        #"{"details":{"a":{"__op":"Increment","amount":1}}}"#,
        #"{"details":{"a":1,"7":{"__type":"Pointer","className":"Author"}}}"#,
        #"{"details":{"a":1,"b":{"__type":"Nonsense"}}}"#,
        #"{"details":{"a":{"x$":1}}}"#,
        #"{"details":{"a$":1}}"#,
        #"{"details":{"__type":"Date","iso":"2024-01-01T00:00:00.000Z"}}"#,
        #"{"details":[1,2]}"#,
        #"{"details":null}"#,
        #"{"details":{},"nested":{"x":{"a":1},"y":{"b":{"__type":"Bytes","base64":"%%%"}}}}"#,
        #"{"details":{},"nested":{"x":[]}}"#,
        #"{"details":{},"nested":{"x":{"a.b":1}}}"#,
        #"{"details":{},"list":[{},{"k":{"__type":"File","name":""}}]}"#,
        #"{"details":{},"list":[{},7]}"#,
        #"{"details":{"\u0041\"":{"__type":"GeoPoint","latitude":100,"longitude":0}}}"#,
    ]

    @Test("a value the reader refuses inside a map is reported as the keyed-container path reports it",
          arguments: ParseValueMapFieldTests.badDocuments)
    func sameErrors(document: String) throws {
        let error = try #require(decodingFailure(Holder.self, document))
        let reference = try #require(decodingFailure(Twin.self, document))
        #expect(wireError(error) != nil)
        #expect(wireError(error) == wireError(reference))
        #expect(Self.codingPath(of: error).map(\.stringValue) == Self.codingPath(of: reference).map(\.stringValue))
        #expect(Self.codingPath(of: error).map(\.intValue) == Self.codingPath(of: reference).map(\.intValue))
        #expect(Self.caseName(error) == Self.caseName(reference))
    }

    @Test("errors inside a map keep their kind, offset and path")
    func pinnedErrors() throws {
        let badDate = #"{"details":{"a":1,"k":[2,{"__type":"Date","iso":"yesterday"}]}}"#
        let error = try #require(decodingFailure(Holder.self, badDate))
        #expect(wireError(error)?.path == "$.details.k[1].iso")
        #expect(wireError(error)?.offset == offset(of: #""yesterday""#, in: badDate))
        guard case DecodingError.dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["details", "k"])

        // A numeric key is an object key on the wire path; its coding key has an intValue, as
        // the standard library's dictionary keys have.
        let numeric = #"{"details":{"a":1,"7":{"__type":"Pointer","className":"Author"}}}"#
        let numericError = try #require(decodingFailure(Holder.self, numeric))
        #expect(wireError(numericError)?.path.hasPrefix(#"$.details["7"]"#) == true)
        #expect(Self.codingPath(of: numericError).map(\.intValue) == [nil, 7])

        let notMap = try #require(decodingFailure(Holder.self, #"{"details":[1,2]}"#))
        #expect(wireError(notMap)?.path == "$.details")
        #expect(wireError(notMap)?.kind == .wrongFieldType)
        guard case DecodingError.typeMismatch(_, let notMapContext) = notMap else { Issue.record("\(notMap)"); return }
        #expect(notMapContext.codingPath.map(\.stringValue) == ["details"])

        let nested = #"{"details":{},"nested":{"x":{"a":1},"y":{"b":{"__op":"Delete"}}}}"#
        let nestedError = try #require(decodingFailure(Holder.self, nested))
        #expect(wireError(nestedError)?.path == "$.nested.y.b")
        #expect(wireError(nestedError)?.offset == offset(of: #"{"__op":"Delete"}"#, in: nested))
    }

    @Test("a map at the top of a body reads its fields as a body's, as before", arguments: [ParseWireMode.saveBody, .updateBody])
    func bodyRoot(mode: ParseWireMode) throws {
        let text = #"{"a":{"__op":"Increment","amount":1},"b":{"__type":"Bytes","base64":""}}"#
        let value = try? ParseWireDecoder().decode([String: ParseValue].self, from: text, as: mode)
        let twin = try? ParseWireDecoder().decode([String: Wrapped].self, from: text, as: mode)
        #expect(value == twin?.mapValues(\.value))
        let error = decodingFailure([String: ParseValue].self, text, as: mode).flatMap(wireError)
        let twinError = decodingFailure([String: Wrapped].self, text, as: mode).flatMap(wireError)
        #expect(error == twinError)
        let increment = try ParseWireDecoder().decode([String: ParseValue].self, from: #"{"a":{"__op":"Increment","amount":1}}"#, as: mode)
        #expect(increment["a"] == .operation(.increment(ParseNumber(1))))
    }

    @Test("a top-level map in value mode reads as a member map does")
    func valueRoot() throws {
        let text = #"{"a":1,"b":{"c":[true,null]},"d":{"__type":"Date","iso":"oops"}}"#
        let error = try #require(decodingFailure([String: ParseValue].self, text))
        let reference = try #require(decodingFailure([String: Wrapped].self, text))
        #expect(wireError(error) == wireError(reference))
        #expect(wireError(error)?.path == "$.d.iso")
        let good = try ParseWireDecoder().decode([String: ParseValue].self, from: #"{"a":1,"b":{"c":[true,null]}}"#)
        #expect(good == ["a": 1, "b": .map(["c": .array([true, nil])])])
    }

    static func codingPath(of error: any Error) -> [any CodingKey] {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            return context.codingPath
        default: return []
        }
    }

    static func caseName(_ error: any Error) -> String {
        switch error {
        // The twin's own map type is named in its errors where the map itself is wrong.
        case DecodingError.typeMismatch(let type, _): "typeMismatch \(type)".replacingOccurrences(of: "Wrapped", with: "ParseValue")
        case DecodingError.valueNotFound(let type, _): "valueNotFound \(type)"
        case DecodingError.keyNotFound(let key, _): "keyNotFound \(key.stringValue)"
        case DecodingError.dataCorrupted: "dataCorrupted"
        default: "\(type(of: error))"
        }
    }
}
