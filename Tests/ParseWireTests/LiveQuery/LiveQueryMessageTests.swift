import Testing
@testable import ParseWire

/// The LiveQuery socket's messages (`Vectors/spec/livequery.md`): what a client writes and what the
/// server writes back.
@Suite("LiveQuery messages")
struct LiveQueryMessageTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func clientError(_ text: String) -> ParseWireError? {
        do {
            _ = try LiveQueryClientMessage(decoding: bytes(text))
            return nil
        } catch {
            return error
        }
    }

    static func serverError(_ text: String) -> ParseWireError? {
        do {
            _ = try LiveQueryServerMessage(decoding: bytes(text))
            return nil
        } catch {
            return error
        }
    }

    @Test("a connect reads its application id, keys, session token and installation id, and is written back alike")
    func connect() throws {
        let text = #"{"op":"connect","applicationId":"app","javascriptKey":"js","masterKey":"mk","sessionToken":"r:1","installationId":"i1"}"#
        let message = try LiveQueryClientMessage(decoding: Self.bytes(text))
        guard case .connect(let connect) = message else {
            Issue.record("not a connect: \(message)")
            return
        }
        #expect(connect.applicationId == "app")
        #expect(connect.keys == [.javascriptKey: "js", .masterKey: "mk"])
        #expect(connect.sessionToken == "r:1")
        #expect(connect.installationId == "i1")
        #expect(Self.text(try message.encoded()) == text)
    }

    @Test("a connect without an application id, with another member or with a key that is not a string is refused")
    func connectErrors() {
        #expect(Self.clientError(#"{"op":"connect"}"#)?.kind == .missingField)
        let extra = Self.clientError(#"{"op":"connect","applicationId":"app","limit":1}"#)
        #expect(extra?.kind == .unexpectedField)
        #expect(extra?.parseCode == 1)
        let key = Self.clientError(#"{"op":"connect","applicationId":"app","clientKey":7}"#)
        #expect(key?.kind == .wrongFieldType)
        #expect(key?.path == "$.clientKey")
    }

    @Test("an unknown op, a missing op and a document that is not an object are refused with the server's code 1")
    func opErrors() {
        #expect(Self.clientError(#"{"op":"find","requestId":1}"#)?.kind == .invalidOperation)
        #expect(Self.clientError(#"{"op":"find","requestId":1}"#)?.parseCode == 1)
        #expect(Self.clientError(#"{"requestId":1}"#)?.kind == .missingField)
        #expect(Self.clientError(#"[1]"#)?.kind == .wrongFieldType)
        #expect(Self.serverError(#"{"op":"created","requestId":1}"#)?.kind == .invalidOperation)
        // Code 1 is the LiveQuery server's answer to a client; a server message has the kind's usual code.
        #expect(Self.clientError(#"[1]"#)?.parseCode == 1)
        #expect(Self.serverError(#"[1]"#)?.parseCode == ParseWireError.Kind.wrongFieldType.defaultParseCode)
    }

    @Test("a subscribe reads its query with the where rules of a find request")
    func subscribe() throws {
        let text = #"{"op":"subscribe","requestId":1,"query":{"className":"Book","where":{"releaseDate":{"$gt":{"__type":"Date","iso":"2022-01-01T00:00:00.000Z"}}},"keys":["title"],"watch":["title"]},"sessionToken":"r:1"}"#
        let message = try LiveQueryClientMessage(decoding: Self.bytes(text))
        guard case .subscribe(let subscription) = message else {
            Issue.record("not a subscribe: \(message)")
            return
        }
        #expect(subscription.requestId == 1)
        #expect(subscription.query.className == "Book")
        #expect(subscription.query.keys == ["title"])
        #expect(subscription.query.watch == ["title"])
        #expect(subscription.sessionToken == "r:1")
        guard case .map(let constraint)? = subscription.query.where["releaseDate"], case .date? = constraint["$gt"] else {
            Issue.record("the $gt operand is not a Date: \(subscription.query.where)")
            return
        }
        #expect(Self.text(try message.encoded()) == text)
    }

    @Test("a subscribe's query refuses a missing where, an empty or repeated keys list and a find parameter")
    func subscribeErrors() {
        #expect(Self.clientError(#"{"op":"subscribe","requestId":1,"query":{"className":"Book"}}"#)?.path == "$.query")
        #expect(Self.clientError(#"{"op":"subscribe","requestId":1,"query":{"className":"Book","where":{},"keys":[]}}"#)?.path == "$.query.keys")
        #expect(Self.clientError(#"{"op":"subscribe","requestId":1,"query":{"className":"Book","where":{},"watch":["a","a"]}}"#)?.kind == .unexpectedField)
        #expect(Self.clientError(#"{"op":"subscribe","requestId":1,"query":{"className":"Book","where":{},"limit":1}}"#)?.path == "$.query.limit")
        #expect(Self.clientError(#"{"op":"subscribe","requestId":"1","query":{"className":"Book","where":{}}}"#)?.path == "$.requestId")
        #expect(Self.clientError(#"{"op":"subscribe","requestId":1,"query":{"className":"Book","where":{"a":{"$in":5}}}}"#)?.path == #"$.query.where.a["$in"]"#)
    }

    @Test("an update and an unsubscribe are read and written")
    func updateAndUnsubscribe() throws {
        let update = #"{"op":"update","requestId":2,"query":{"className":"Book","where":{"title":"Dune"}}}"#
        #expect(Self.text(try LiveQueryClientMessage(decoding: Self.bytes(update)).encoded()) == update)
        let unsubscribe = #"{"op":"unsubscribe","requestId":2}"#
        #expect(try LiveQueryClientMessage(decoding: Self.bytes(unsubscribe)) == .unsubscribe(requestId: 2))
        #expect(Self.clientError(#"{"op":"unsubscribe","requestId":2,"sessionToken":"r:1"}"#)?.kind == .unexpectedField)
    }

    @Test("connected, subscribed and unsubscribed carry the client id, the installation id when known, and the request id")
    func replies() throws {
        let connected = #"{"op":"connected","clientId":"c1","installationId":"i1"}"#
        #expect(try LiveQueryServerMessage(decoding: Self.bytes(connected)) == .connected(clientId: "c1", installationId: "i1"))
        let subscribed = #"{"op":"subscribed","clientId":"c1","requestId":3}"#
        let message = try LiveQueryServerMessage(decoding: Self.bytes(subscribed))
        #expect(message == .subscribed(requestId: 3, clientId: "c1", installationId: nil))
        #expect(Self.text(try message.encoded()) == subscribed)
        #expect(Self.serverError(#"{"op":"subscribed","clientId":"c1"}"#)?.kind == .missingField)
    }

    @Test("an error carries its code, text, reconnect flag and request id, null when it answers no request")
    func errorMessage() throws {
        let text = #"{"op":"error","error":"Invalid session token","code":209,"reconnect":false,"requestId":1}"#
        let message = try LiveQueryServerMessage(decoding: Self.bytes(text))
        #expect(message == .error(LiveQueryError(code: 209, error: "Invalid session token", reconnect: false, requestId: 1)))
        #expect(Self.text(try message.encoded()) == text)
        let general = #"{"op":"error","error":"Key in request is not valid","code":4,"reconnect":true,"requestId":null}"#
        #expect(try LiveQueryServerMessage(decoding: Self.bytes(general)) == .error(LiveQueryError(code: 4, error: "Key in request is not valid", reconnect: true, requestId: nil)))
        #expect(Self.serverError(#"{"op":"error","error":"x","reconnect":true,"requestId":null}"#)?.kind == .missingField)
    }

    @Test("an event's object is read with or without __type, its class from className, its dates and ACL as a fetched object's")
    func event() throws {
        let text = #"{"op":"update","clientId":"c1","requestId":1,"object":{"title":"Dune","__type":"Object","className":"Book","createdAt":"2022-01-01T12:23:45.678Z","updatedAt":"2022-01-01T12:23:45.678Z","ACL":{"*":{"read":true}},"objectId":"b1"},"original":{"title":"Dun","className":"Book","objectId":"b1"}}"#
        let message = try LiveQueryServerMessage(decoding: Self.bytes(text))
        guard case .event(let event) = message else {
            Issue.record("not an event: \(message)")
            return
        }
        #expect(event.kind == .update)
        #expect(event.object.className == "Book")
        #expect(event.object.objectId == "b1")
        #expect(event.object.fields == ["title": "Dune"])
        #expect(event.object.acl != nil)
        #expect(event.original?.fields == ["title": "Dun"])
        let written = Self.text(try message.encoded())
        #expect(written.contains(#""object":{"__type":"Object","className":"Book","objectId":"b1""#))
        #expect(try LiveQueryServerMessage(decoding: Self.bytes(written)) == message)
    }

    @Test("an event refuses an object without className, another __type, a missing object and an original in a delete")
    func eventErrors() {
        #expect(Self.serverError(#"{"op":"create","clientId":"c1","requestId":1,"object":{"objectId":"b1"}}"#)?.path == "$.object")
        #expect(Self.serverError(#"{"op":"create","clientId":"c1","requestId":1,"object":{"__type":"Pointer","className":"Book","objectId":"b1"}}"#)?.path == "$.object.__type")
        #expect(Self.serverError(#"{"op":"create","clientId":"c1","requestId":1}"#)?.kind == .missingField)
        #expect(Self.serverError(#"{"op":"delete","clientId":"c1","requestId":1,"object":{"className":"Book","objectId":"b1"},"original":{"className":"Book","objectId":"b1"}}"#)?.path == "$.original")
        #expect(Self.serverError(#"{"op":"leave","clientId":"c1","requestId":1,"object":{"className":"Book","objectId":"b1","n":{"__op":"Increment","amount":1}}}"#)?.path == "$.object.n")
    }

    @Test("the livequery context reads and writes both sides as their values")
    func context() throws {
        let text = #"{"op":"unsubscribe","requestId":4}"#
        let value = try ParseValueDecoder().decode(Self.bytes(text), context: .liveQuery(.client))
        #expect(value == .map(["op": "unsubscribe", "requestId": 4]))
        #expect(Self.text(try ParseValueEncoder().encode(value, context: .liveQuery(.client))) == text)
        #expect(throws: ParseWireError.self) { try ParseValueDecoder().decode(Self.bytes(text), context: .liveQuery(.server)) }
        let event = #"{"op":"delete","clientId":"c1","requestId":1,"object":{"__type":"Object","className":"Book","objectId":"b1"}}"#
        let eventValue = try ParseValueDecoder().decode(Self.bytes(event), context: .liveQuery(.server))
        guard case .map(let map) = eventValue, case .object(let object)? = map["object"] else {
            Issue.record("the event's value holds no object: \(eventValue)")
            return
        }
        #expect(object.className == "Book")
        #expect(Self.text(try ParseValueEncoder().encode(eventValue, context: .liveQuery(.server))) == event)
        #expect(throws: ParseWireError.self) { try ParseValueEncoder().encode(.map(["op": "connected"]), context: .liveQuery(.server)) }
    }
}
