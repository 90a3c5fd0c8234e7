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
}
