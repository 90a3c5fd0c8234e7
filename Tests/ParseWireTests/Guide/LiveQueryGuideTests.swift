import Foundation
import ParseWire
import Testing

/// The code of the article `LiveQueryMessages.md` in the documentation catalog, line for line
/// (`ArticleSnippetTests`). Public API only: a change that breaks the article breaks this suite.
@Suite struct LiveQueryGuideTests {
    @Test("a subscription built from a find query is written as the JS SDK writes it")
    func subscribe() throws {
        var query = try ParseQuery(className: "Book")
        query.where("pages", .greaterThan(100))
        let subscribe = LiveQueryClientMessage.subscribe(
            LiveQuerySubscription(requestId: 1, query: LiveQueryQuery(query, keys: ["title", "pages"]), sessionToken: "r:abc"))
        let text = try subscribe.encodedString()
        // {"op":"subscribe","requestId":1,"query":{"className":"Book","where":{"pages":{"$gt":100}},
        //  "keys":["title","pages"]},"sessionToken":"r:abc"}
        #expect(text == #"{"op":"subscribe","requestId":1,"query":{"className":"Book","where":{"pages":{"$gt":100}},"#
            + #""keys":["title","pages"]},"sessionToken":"r:abc"}"#)
        #expect(try subscribe.encodedData() == Data(try subscribe.encoded()))
        #expect(try LiveQueryClientMessage(decoding: text) == subscribe)
    }

    @Test("an update event without __type reads its object, its class and its original")
    func event() throws {
        var read: [(LiveQueryEvent.Kind, ParseValue?, ParseValue?)] = []
        let event = try LiveQueryServerMessage(decoding: #"""
            {"op":"update","clientId":"c1","requestId":1,
             "object":{"title":"Dune","pages":412,"className":"Book","objectId":"b1"},
             "original":{"title":"Dune","pages":400,"className":"Book","objectId":"b1"}}
            """#)
        if case .event(let change) = event {
            let pages = (change.kind, change.object.fields["pages"], change.original?.fields["pages"])   // (.update, 412, 400)
            // …
            read.append(pages)
            #expect(change.object.className == "Book")
        }
        #expect(read.count == 1)
        #expect(read.first?.0 == .update)
        #expect(read.first?.1 == 412)
        #expect(read.first?.2 == 400)
        #expect(try event.encodedString() == String(decoding: try event.encoded(), as: UTF8.self))
    }
}
