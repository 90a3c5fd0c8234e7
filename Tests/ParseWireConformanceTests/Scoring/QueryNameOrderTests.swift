import Testing
import ParseWire
@testable import ParseWireConformance

/// QUERY-18 as a comparison rule: parse-server reads the names of `include`, `keys` and `excludeKeys`
/// as a set, so a writer may list them in any order; `order` is the sort and is compared in order.
@Suite("The names of a find request's include, keys and excludeKeys in any order")
struct QueryNameOrderTests {
    static let find = #"{"id":"QN0001","description":"A find with keys and order","kind":"valid","tags":["query"],"level":"optional","#
        + #""context":"query","spec":["QUERY-18"],"#
        + #""canonical":{"where":{},"keys":"title,genre","include":"genre,isbn","order":"-year,title"},"#
        + #""value":{"map":{"where":{"map":{}},"keys":{"string":"title,genre"},"include":{"string":"genre,isbn"},"order":{"string":"-year,title"}}},"#
        + #""equivalents":[{"wire":{"where":{},"keys":["title","genre"],"include":["genre","isbn"],"order":["-year","title"]},"rules":["QUERY-18"],"#
        + #""value":{"map":{"where":{"map":{}},"keys":{"string":"title,genre"},"include":{"string":"genre,isbn"},"order":{"string":"-year,title"}}}}]}"#

    func encodeOutcome(writing text: String) throws -> CheckOutcome? {
        let corpus = try EquivalentsScoringTests.corpus(cases: Self.find)
        let hello = ScriptedAdapter.hello(#""ops":["decode","encode","roundtrip"],"capabilities":["query"]"#)
        let result = try ScriptedAdapter.run(hello: hello, corpus: corpus, script: { request, _ in request.operation == .encode ? .wire(text) : nil })
        return result.records.first { $0.name == "QN0001 encode value" }?.outcome
    }

    @Test("keys and include in another order pass, as strings or arrays")
    func namesReordered() throws {
        #expect(try encodeOutcome(writing: #"{"where":{},"keys":"genre,title","include":"isbn,genre","order":"-year,title"}"#) == .pass)
        #expect(try encodeOutcome(writing: #"{"where":{},"keys":["genre","title"],"include":["isbn","genre"],"order":["-year","title"]}"#) == .pass)
    }

    @Test("order in another order, or another name, fails")
    func orderKept() throws {
        #expect(try encodeOutcome(writing: #"{"where":{},"keys":"title,genre","include":"genre,isbn","order":"title,-year"}"#) == .fail)
        #expect(try encodeOutcome(writing: #"{"where":{},"keys":"genre,author","include":"genre,isbn","order":"-year,title"}"#) == .fail)
        #expect(try encodeOutcome(writing: #"{"where":{},"keys":["genre","title"],"include":["isbn","genre"],"order":["title","-year"]}"#) == .fail)
    }
}
