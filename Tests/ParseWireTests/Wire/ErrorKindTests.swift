import Testing
@testable import ParseWire
import TestSupport

/// Every error kind of the closed list is produced by some input, with its Parse code, offset and path.
@Suite("Error kinds")
struct ErrorKindTests {
    struct Example: Sendable, CustomStringConvertible {
        let kind: ParseWireError.Kind
        let input: [UInt8]
        let context: WireContext
        let options: ParseValueDecodingOptions
        let offset: Int
        let path: String
        var description: String { kind.name }

        init(_ kind: ParseWireError.Kind, _ text: String, _ context: WireContext = .value, options: ParseValueDecodingOptions = .strict, offset: Int, path: String) {
            self.init(kind, bytes: Array(text.utf8), context, options: options, offset: offset, path: path)
        }

        init(_ kind: ParseWireError.Kind, bytes: [UInt8], _ context: WireContext = .value, options: ParseValueDecodingOptions = .strict, offset: Int, path: String) {
            self.kind = kind
            self.input = bytes
            self.context = context
            self.options = options
            self.offset = offset
            self.path = path
        }
    }

    static let smallDocuments: ParseValueDecodingOptions = {
        var options = ParseValueDecodingOptions()
        options.limits.maximumBytes = 8
        return options
    }()

    static let examples: [Example] = [
        Example(.jsonSyntax, #"{"a":[1,2,]}"#, offset: 10, path: "$.a[2]"),
        Example(.invalidUTF8, bytes: [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC0, 0xAF, 0x22, 0x7D], offset: 6, path: "$.a"),
        Example(.duplicateKey, #"{"o":{"k":1,"k":2}}"#, offset: 12, path: "$.o.k"),
        Example(.depthLimit, String(repeating: "[", count: 600), offset: 512, path: "$" + String(repeating: "[0]", count: 512)),
        Example(.sizeLimit, "[1,2,3,4,5]", options: smallDocuments, offset: 0, path: "$"),
        Example(.unknownType, #"{"a":{"__type":"Moment"}}"#, offset: 15, path: "$.a.__type"),
        Example(.missingField, #"{"a":{"__type":"Relation"}}"#, offset: 5, path: "$.a"),
        Example(.unexpectedField, #"{"a":{"__type":"Relation","className":"B","x":0}}"#, offset: 42, path: "$.a.x"),
        Example(.wrongFieldType, #"{"a":{"__type":"File","name":3}}"#, offset: 29, path: "$.a.name"),
        Example(.invalidDate, #"{"a":{"__type":"Date","iso":"2020-13-01T00:00:00.000Z"}}"#, offset: 28, path: "$.a.iso"),
        Example(.invalidBase64, #"{"a":{"__type":"Bytes","base64":"a@=="}}"#, offset: 32, path: "$.a.base64"),
        Example(.outOfRange, #"{"a":{"__type":"GeoPoint","latitude":0,"longitude":181}}"#, offset: 51, path: "$.a.longitude"),
        Example(.invalidClassName, #"{"a":{"__type":"Relation","className":"_Foo"}}"#, offset: 38, path: "$.a.className"),
        Example(.invalidFieldName, #"{"a b":1}"#, .update, offset: 1, path: #"$["a b"]"#),
        Example(.invalidNestedKey, #"{"a":{"b.c":1}}"#, offset: 6, path: #"$.a["b.c"]"#),
        Example(.reservedKey, #"{"title":"x","updatedAt":"2020-01-01T00:00:00.000Z"}"#, .update, offset: 13, path: "$.updatedAt"),
        Example(.prohibitedKeyword, #"{"a":{"__proto__":1}}"#, offset: 6, path: "$.a.__proto__"),
        Example(.invalidObjectId, #"{"objectId":""}"#, .object(className: "A"), offset: 12, path: "$.objectId"),
        Example(.invalidACL, #"{"ACL":{"*":{"read":1}}}"#, .object(className: "A"), offset: 20, path: #"$.ACL["*"].read"#),
        Example(.invalidOperation, #"{"a":{"__op":"Increment","amount":true}}"#, .update, offset: 34, path: "$.a.amount"),
        Example(.invalidPolygon, #"{"p":{"__type":"Polygon","coordinates":[[1,1],[1,1],[1,1]]}}"#, offset: 39, path: "$.p.coordinates"),
        Example(.unrepresentable, "[1e99999999999]", offset: 1, path: "$[0]"),
    ]

    @Test("every kind of the closed list has an example here")
    func coverage() {
        #expect(Set(Self.examples.map(\.kind)) == Set(ParseWireError.Kind.allKinds))
    }

    @Test("each kind is reported with its Parse code, offset and path", arguments: examples)
    func example(_ example: Example) throws {
        let error = try #require(rejection(bytes: example.input, example.context, options: example.options))
        #expect(error.kind == example.kind, "\(error)")
        #expect(error.parseCode == example.kind.defaultParseCode || error.kind == .reservedKey, "\(error)")
        #expect(error.offset == example.offset, "\(error)")
        #expect(error.path == example.path, "\(error)")
        #expect(error.message.count > 10)
        #expect(error.description.contains(error.kind.name))
    }

    @Test("kinds are found by their corpus names")
    func kindNames() {
        for kind in ParseWireError.Kind.allKinds {
            #expect(ParseWireError.Kind(name: kind.name) == kind)
        }
        #expect(ParseWireError.Kind(name: "no-such-kind") == nil)
    }

    @Test("line and column are computed from the byte offset")
    func lineAndColumn() throws {
        let input = Array("{\n  \"a\": tru\n}".utf8)
        let error = try #require(rejection(bytes: input))
        #expect(error.lineAndColumn(in: input)! == (2, 8))
    }
}
