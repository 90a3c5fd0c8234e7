import Foundation
import Testing
@testable import ParseWire

/// `[ParseValue]` members through the bridge: the same bytes, values, errors and depth limit as
/// their elements one by one, in every mode and nested in arrays and maps (the decoder reads the
/// elements with the wire decoder's walk, straight into the array).
@Suite struct ParseValueArrayFieldTests {
    struct Holder: Codable, Equatable {
        var tags: [ParseValue]
        var more: [[ParseValue]]?
        var byName: [String: [ParseValue]]?
    }

    static let tags: [ParseValue] = [
        "a \"quoted\"\nline", 7, -2.5, true, nil,
        .array([1, "two", .array([.null, false])]),
        .map(["b": 1, "a": .array([2, 3]), "c": .map(["z": "last"])]),
        .date(try! ParseDate(epochMilliseconds: 1_700_000_000_123)),
        .pointer(try! ParsePointer(className: "Author", objectId: "a1")),
        .geoPoint(try! GeoPoint(latitude: 1.5, longitude: -2)),
    ]

    @Test("a [ParseValue] member writes what its values write one by one, in every mode", arguments: ParseWireMode.all)
    func sameBytesAsElements(mode: ParseWireMode) throws {
        let holder = Holder(tags: Self.tags, more: [Self.tags, [], [.array([])]], byName: ["x": Self.tags, "y": []])
        let encoder = ParseWireEncoder()
        let text = String(decoding: try encoder.encodeBytes(holder, as: mode), as: UTF8.self)
        let elements = try Self.tags.map { String(decoding: try ParseValueEncoder().encode($0), as: UTF8.self) }
        let array = "[" + elements.joined(separator: ",") + "]"
        #expect(text.contains("\"tags\":" + array))
        #expect(text.contains("\"more\":[" + array + ",[],[[]]]"))
        #expect(text.contains("\"x\":" + array))
        if mode == .value { #expect(try ParseWireDecoder().decode(Holder.self, from: Array(text.utf8)) == holder) }
    }

    @Test("an element the writer refuses is reported at the member and the element's index")
    func errorAtElement() throws {
        let operation = ParseValue.operation(.increment(ParseNumber(1)))
        let holder = Holder(tags: [1, .map(["k": .array([2, operation])])])
        let error = try #require(encodingFailure(holder, as: .saveBody))
        #expect(wireError(error)?.path == "$.tags[1].k[1]")
        guard case EncodingError.invalidValue(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["tags", "Index 1"])
        #expect(context.codingPath.map(\.intValue) == [nil, 1])

        let nested = try #require(encodingFailure(Holder(tags: [], more: [[], [1, 2, operation]])))
        #expect(wireError(nested)?.path == "$.more[1][2]")
        guard case EncodingError.invalidValue(_, let nestedContext) = nested else { Issue.record("\(nested)"); return }
        #expect(nestedContext.codingPath.map(\.stringValue) == ["more", "Index 1", "Index 2"])
    }

    @Test("the encoder's depth limit counts the array and its elements as before")
    func depthLimit() throws {
        // The holder is level 1, the array level 2 and each element level 3.
        var options = ParseWireEncodingOptions()
        options.maximumDepth = 1
        #expect(wireError(try #require(encodingFailure(Holder(tags: []), options: options)))?.kind == .depthLimit)
        options.maximumDepth = 2
        #expect(encodingFailure(Holder(tags: []), options: options) == nil)
        let error = try #require(encodingFailure(Holder(tags: ["a", 1]), options: options))
        #expect(wireError(error)?.kind == .depthLimit)
        #expect(wireError(error)?.path == "$.tags[0]")
        options.maximumDepth = 3
        #expect(encodingFailure(Holder(tags: [1]), options: options) == nil)
        options.maximumDepth = 4
        #expect(encodingFailure(Holder(tags: [1, .array([.array([])])]), options: options) == nil)
    }

    @Test("a [ParseValue] member reads what its values read one by one, in every mode", arguments: ParseWireMode.all)
    func sameValuesAsElements(mode: ParseWireMode) throws {
        let holder = Holder(tags: Self.tags, more: [Self.tags, [], [.array([])]], byName: ["x": Self.tags, "y": []])
        let bytes = try ParseWireEncoder().encodeBytes(holder, as: mode)
        #expect(try ParseWireDecoder().decode(Holder.self, from: bytes, as: mode) == holder)
    }

    @Test("an element the reader refuses is reported at the member and the element's index")
    func decodingErrorAtElement() throws {
        let badDate = #"{"tags":[1,{"k":[2,{"__type":"Date","iso":"yesterday"}]}]}"#
        let error = try #require(decodingFailure(Holder.self, badDate))
        #expect(wireError(error)?.path == "$.tags[1].k[1].iso")
        #expect(wireError(error)?.offset == offset(of: #""yesterday""#, in: badDate))
        guard case DecodingError.dataCorrupted(let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["tags", "Index 1"])

        let nested = #"{"tags":[],"more":[[],[1,2,{"__op":"Increment","amount":1}]]}"#
        let nestedError = try #require(decodingFailure(Holder.self, nested))
        #expect(wireError(nestedError)?.path == "$.more[1][2]")
        #expect(wireError(nestedError)?.kind == wireError(try #require(decodingFailure(ParseValue.self, #"[{"__op":"Increment","amount":1}]"#)))?.kind)

        let notArray = try #require(decodingFailure(Holder.self, #"{"tags":{"a":1}}"#))
        #expect(wireError(notArray)?.path == "$.tags")
        #expect(wireError(notArray)?.kind == .wrongFieldType)
        guard case DecodingError.typeMismatch(_, let notArrayContext) = notArray else { Issue.record("\(notArray)"); return }
        #expect(notArrayContext.codingPath.map(\.stringValue) == ["tags"])
    }
}
