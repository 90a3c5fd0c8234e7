import ParseWire
import Testing

/// The code of the article `LiveQueryMessages.md` in the documentation catalog. Public API only: a change
/// that breaks the article breaks this suite.
@Suite struct LiveQueryGuideTests {
    @Test("a subscription built from a find query is written as the JS SDK writes it")
    func subscribe() throws {
        var query = try ParseQuery(className: "Book")
        query.where("pages", .greaterThan(100))
        let subscribe = LiveQueryClientMessage.subscribe(
            LiveQuerySubscription(requestId: 1, query: LiveQueryQuery(query, keys: ["title", "pages"]), sessionToken: "r:abc"))
        let text = String(decoding: try subscribe.encoded(), as: UTF8.self)
        #expect(text == #"{"op":"subscribe","requestId":1,"query":{"className":"Book","where":{"pages":{"$gt":100}},"#
            + #""keys":["title","pages"]},"sessionToken":"r:abc"}"#)
    }

    @Test("an update event without __type reads its object, its class and its original")
    func event() throws {
        let event = try LiveQueryServerMessage(decoding: Array(#"""
            {"op":"update","clientId":"c1","requestId":1,
             "object":{"title":"Dune","pages":412,"className":"Book","objectId":"b1"},
             "original":{"title":"Dune","pages":400,"className":"Book","objectId":"b1"}}
            """#.utf8))
        guard case .event(let change) = event else {
            Issue.record("not an event: \(event)")
            return
        }
        #expect(change.kind == .update)
        #expect(change.object.className == "Book")
        #expect(change.object.fields["pages"] == 412)
        #expect(change.original?.fields["pages"] == 400)
    }
}
