/// Each LiveQuery message as the ``ParseValue`` that stands for it in the context
/// ``WireContext/liveQuery(_:)``: a map of its members, `requestId` and `code` as numbers, a
/// subscription's `where` as a find request's, an event's `object` and `original` as objects.
extension LiveQueryClientMessage {
    /// The map of the message's members.
    public var value: ParseValue {
        var map: ParseMap = ["op": .string(op.rawValue)]
        switch self {
        case .connect(let connect):
            map["applicationId"] = .string(connect.applicationId)
            for key in LiveQueryConnect.Key.allCases {
                if let secret = connect.keys[key] { map[key.rawValue] = .string(secret) }
            }
            if let token = connect.sessionToken { map["sessionToken"] = .string(token) }
            if let installation = connect.installationId { map["installationId"] = .string(installation) }
        case .subscribe(let subscription), .update(let subscription):
            map["requestId"] = .number(ParseNumber(subscription.requestId))
            var query: ParseMap = ["className": .string(subscription.query.className), "where": .map(subscription.query.where)]
            if let keys = subscription.query.keys { query["keys"] = .array(keys.map(ParseValue.string)) }
            if let watch = subscription.query.watch { query["watch"] = .array(watch.map(ParseValue.string)) }
            map["query"] = .map(query)
            if let token = subscription.sessionToken { map["sessionToken"] = .string(token) }
        case .unsubscribe(let requestId):
            map["requestId"] = .number(ParseNumber(requestId))
        }
        return .map(map)
    }

    /// The message a value stands for: the value is written as a document and read back, so a
    /// value is a message exactly when its document is one.
    public init(value: ParseValue, options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) {
        self = try LiveQueryClientMessage(decoding: try liveQueryDocument(value, options: options))
    }
}

extension LiveQueryServerMessage {
    /// The map of the message's members.
    public var value: ParseValue {
        var map: ParseMap = ["op": .string(op.rawValue)]
        func client(_ clientId: String, _ installationId: String?) {
            map["clientId"] = .string(clientId)
            if let installationId { map["installationId"] = .string(installationId) }
        }
        switch self {
        case .connected(let clientId, let installationId):
            client(clientId, installationId)
        case .subscribed(let requestId, let clientId, let installationId), .unsubscribed(let requestId, let clientId, let installationId):
            client(clientId, installationId)
            map["requestId"] = .number(ParseNumber(requestId))
        case .error(let error):
            map["error"] = .string(error.error)
            map["code"] = .number(ParseNumber(error.code))
            map["reconnect"] = .bool(error.reconnect)
            map["requestId"] = error.requestId.map { .number(ParseNumber($0)) } ?? .null
        case .event(let event):
            client(event.clientId, event.installationId)
            map["requestId"] = .number(ParseNumber(event.requestId))
            map["object"] = .object(event.object)
            if let original = event.original { map["original"] = .object(original) }
        }
        return .map(map)
    }

    /// The message a value stands for: the value is written as a document and read back.
    public init(value: ParseValue, options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) {
        self = try LiveQueryServerMessage(decoding: try liveQueryDocument(value, options: options))
    }
}

/// A message's value written as a JSON document: maps as objects (a `where`'s `$` keys included),
/// objects in the embedded form, other values as a field value's.
func liveQueryDocument(_ value: ParseValue, options: ParseValueEncodingOptions) throws(ParseWireError) -> [UInt8] {
    guard case .map = value else {
        throw ParseWireError(.wrongFieldType, message: "a LiveQuery message is a map of its members, not \(value.kindDescription)")
    }
    var writer = ValueWriter(options: options, isUpdateBody: false)
    try QueryWriter(options: options).write(value, key: nil, into: &writer)
    return writer.json.bytes
}
