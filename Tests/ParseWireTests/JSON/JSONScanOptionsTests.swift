import Testing
@testable import ParseWire

/// The scanner's options for package tools: lone surrogates read and marked rather than refused,
/// and a tree kept to a depth while the whole document is scanned as strictly.
@Suite("JSON scan options")
struct JSONScanOptionsTests {
    static let marked = JSONScanOptions(loneSurrogates: .marked)

    static func read(_ text: String, options: JSONScanOptions = marked, keptDepth: Int = .max) throws(ParseWireError) -> JSONNode.Reading {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) -> JSONNode.Reading in
            try JSONNode.read(buffer, options: options, keptDepth: keptDepth)
        }
    }

    /// The marker pair a lone surrogate `unit` is read as.
    static func mark(_ unit: UInt32) -> String {
        String(String.UnicodeScalarView([JSONStrings.loneSurrogateMarker, Unicode.Scalar(0xF0000 + unit - 0xD800)!]))
    }

    @Test("by default a lone surrogate escape is refused, as wire input requires")
    func refusedByDefault() {
        #expect(throws: ParseWireError.self) { try Self.read(#""a\ud800b""#, options: JSONScanOptions()) }
        #expect(scanRejection(Array(#""\udc00""#.utf8))?.kind == .invalidUTF8)
    }

    @Test("marked, each lone surrogate is read as the marker and a plane-15 scalar; pairs are joined", arguments: [
        (#""a\ud800b""#, "a" + mark(0xD800) + "b"),
        (#""\udbff""#, mark(0xDBFF)),
        (#""\udc00x""#, mark(0xDC00) + "x"),
        (#""\ud800\u0041""#, mark(0xD800) + "A"),
        (#""\ud800\ud800\udc00""#, mark(0xD800) + "\u{10000}"),
        (#""\ude00\ud83d""#, mark(0xDE00) + mark(0xD83D)),
        (#""\ud83d\ude00""#, "😀"),
        (#""é\n""#, "é\n"),
    ] as [(String, String)])
    func marked(_ text: String, _ expected: String) throws {
        let reading = try Self.read(text)
        #expect(reading.node == .string(expected))
        #expect(reading.depth == 0)
    }

    @Test("marked lone surrogates still make keys that repeat, and only the same surrogate repeats")
    func duplicateKeys() throws {
        #expect(throws: ParseWireError.self) { try Self.read(#"{"\ud800":1,"\ud800":2}"#) }
        let reading = try Self.read(#"{"\ud800":1,"\udbff":2,"\ud800x":3}"#)
        guard case .object(let members) = reading.node else {
            Issue.record("not an object: \(reading.node)")
            return
        }
        #expect(members.map(\.key) == [Self.mark(0xD800), Self.mark(0xDBFF), Self.mark(0xD800) + "x"])
    }

    @Test("everything else stays strict when lone surrogates are marked", arguments: [
        #""\ud800"#, #""\ud800\u12G4""#, #"{"a":1,"a":2}"#, "[1,]", "01", #""\u00""#,
    ])
    func stillStrict(_ text: String) {
        #expect(throws: ParseWireError.self) { try Self.read(text) }
    }

    @Test("containers deeper than the kept depth are null in the tree and counted in the depth")
    func keptDepth() throws {
        let reading = try Self.read(#"{"a":[[1,{"b":"c"}],[]],"d":{"e":[]}}"#, keptDepth: 2)
        #expect(reading.depth == 4)
        #expect(reading.node == .object([JSONMember(key: "a", value: .array([.null, .null])),
                                         JSONMember(key: "d", value: .object([JSONMember(key: "e", value: .null)]))]))
        let whole = try Self.read(#"{"a":[[1,{"b":"c"}],[]],"d":{"e":[]}}"#)
        #expect(whole.node.description == #"{"a":[[1,{"b":"c"}],[]],"d":{"e":[]}}"#)
    }

    @Test("a document deeper than the codec's limit is read to the options' limit without recursion")
    func deepDocument() throws {
        let depth = 200_000
        let text = String(repeating: #"{"k":["#, count: depth) + "0" + String(repeating: "]}", count: depth)
        var options = Self.marked
        options.limits.maximumDepth = 2 * depth
        let reading = try Self.read(text, options: options, keptDepth: 1_000)
        #expect(reading.depth == 2 * depth)
        options.limits.maximumDepth = 2 * depth - 1
        #expect(throws: ParseWireError.self) { try Self.read(text, options: options) }
    }
}
