import Testing
@testable import ParseWireConformance

/// The lint rules about the forms a case lists: no alternate repeats another input, and an
/// implementation-defined case lists every reading the server-equivalence rules allow.
@Suite("lint of a case's forms")
struct FormLintTests {
    func findings(_ second: String) throws -> [String] {
        CorpusLinter.lint(try ToolingTests().makeCorpus(cases: ToolingTests.good + "," + second)).map(\.message)
    }

    static func valid(alternates: String) -> String {
        #"{"id":"0A1B2D","description":"A string","kind":"valid","spec":["STR-1"],"canonical":{"s":"A"},"value":{"map":{"s":{"string":"A"}}},"alternates":[\#(alternates)]}"#
    }

    @Test("an alternate that is the canonical text, or another alternate's, tests nothing", arguments: [
        (#"{"wireText":"{\"s\":\"A\"}","note":"the same"}"#, "alternates[0] (the same) is the same text as the canonical form"),
        (#"{"wire":{"s":"A"}}"#, "alternates[0] (no note) is the same text as the canonical form"),
        (#"{"wireText":"{\"s\":\"\\u0041\"}","note":"escaped"},{"wireText":"{\"s\":\"\\u0041\"}","note":"uppercase hex"}"#,
         "alternates[1] (uppercase hex) is the same text as alternates[0]"),
    ])
    func repeatedAlternate(_ alternates: String, expected: String) throws {
        let messages = try findings(Self.valid(alternates: alternates))
        #expect(messages.contains { $0.hasPrefix(expected) }, "\(messages)")
    }

    @Test("alternates that differ in their text lint clean")
    func distinctAlternates() throws {
        let alternates = #"{"wireText":"{\"s\":\"\\u0041\"}","note":"escaped"},{"wireText":"{ \"s\":\"A\"}","note":"a space"}"#
        #expect(try findings(Self.valid(alternates: alternates)).isEmpty)
    }

    static func openRing(outcomes: String) -> String {
        #"{"id":"0A1B2D","description":"A ring with a key x","kind":"implementation-defined","flags":["TypedValueExtraKeys"],"spec":["POLY-1"],"#
            + #""wire":{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1]],"x":1},"ifAccepted":[\#(outcomes)]}"#
    }

    static let open = #"{"value":{"polygon":[["0","0"],["0","1"],["1","1"]]},"canonical":{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1]]}}"#
    static let closed = #"{"value":{"polygon":[["0","0"],["0","1"],["1","1"],["0","0"]]},"canonical":{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1],[0,0]]}}"#

    @Test("an implementation-defined case lists the reading an equivalence rule gives an outcome")
    func missingReading() throws {
        let messages = try findings(Self.openRing(outcomes: Self.open))
        #expect(messages.contains { $0.hasPrefix(#"ifAccepted does not list {"polygon":[["0","0"],["0","1"],["1","1"],["0","0"]]}"#) }, "\(messages)")
        #expect(try findings(Self.openRing(outcomes: Self.open + "," + Self.closed)).isEmpty)
    }

    static func unwritable(direction: String) -> String {
        #"{"id":"0A1B2D","description":"An embedded Object without objectId","kind":"implementation-defined","flags":["DateWithoutMillis"],"#
            + #""spec":["OBJ-1"],\#(direction)"wire":{"__type":"Object","className":"P","updatedAt":"2022-01-01T00:00:00Z"},"#
            + #""ifAccepted":[{"value":{"object":{"className":"P","updatedAt":{"epochMs":"1640995200000"},"fields":{}}},"#
            + #""canonical":{"__type":"Object","className":"P","updatedAt":"2022-01-01T00:00:00.000Z"}}]}"#
    }

    @Test("a case whose written form is an embedded Object without objectId, which the server refuses, must be marked emitted")
    func unwritableForm() throws {
        let unmarked = try findings(Self.unwritable(direction: ""))
        #expect(unmarked.contains { $0.contains("mark the case \"direction\": \"emitted\"") }, "\(unmarked)")
        #expect(try findings(Self.unwritable(direction: #""direction":"emitted","#)).isEmpty)
    }

    @Test("an implementation-defined case marked emitted plans its decode only")
    func emittedPlansDecodeOnly() throws {
        let corpus = try ToolingTests().makeCorpus(cases: ToolingTests.good + "," + Self.unwritable(direction: #""direction":"emitted","#))
        let vector = try #require(corpus.files.flatMap(\.cases).first { $0.id == "0A1B2D" })
        #expect(CheckPlanner.operations(of: vector) == [.decode])
        #expect(CheckPlanner.checks(vector, file: "x.json").map(\.operation) == [.decode])
    }
}
