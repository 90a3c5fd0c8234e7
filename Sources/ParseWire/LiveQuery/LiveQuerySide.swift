/// The side of parse-server's LiveQuery WebSocket a message comes from, which names the context
/// ``WireContext/liveQuery(_:)`` reads it in.
///
/// A case names the side and not the `op`: an SDK's socket handler reads whatever message arrives
/// and dispatches on its `op` itself, as parse-server's `_onConnect` does with the client's
/// messages; naming the op outside the document would tell an implementation what it has to find out.
public enum LiveQuerySide: String, Sendable, Hashable, CaseIterable {
    /// What a client writes: ``LiveQueryClientMessage`` (`connect`, `subscribe`, `update`, `unsubscribe`).
    case client
    /// What the server writes: ``LiveQueryServerMessage`` (`connected`, `subscribed`, `unsubscribed`,
    /// `error`, and the events `create`, `enter`, `update`, `leave`, `delete`).
    case server
}

extension TapeWalker {
    /// Reads the whole document as a LiveQuery message of `side` and returns the value that stands for it.
    func decodeLiveQueryRoot(_ side: LiveQuerySide) throws(ParseWireError) -> ParseValue {
        switch side {
        case .client: return try LiveQueryClientMessage(walker: self).value
        case .server: return try LiveQueryServerMessage(walker: self).value
        }
    }

    /// The Parse code of a refusal: 1 for a client's message, which the server answers with an
    /// `error` of code 1; none for the server's, which the server writes and never reads.
    var liveQueryCode: Int? { context == .liveQuery(.client) ? 1 : nil }

    /// The members of a message's root object, or the error that it is not one.
    func liveQueryMembers(_ what: String, at index: Int) throws(ParseWireError) -> [String: (keyIndex: Int, valueIndex: Int)] {
        guard entries[index].kind == .object else {
            throw error(.wrongFieldType, parseCode: liveQueryCode, at: index, "\(what) must be a JSON object, not \(describe(index))")
        }
        var result: [String: (keyIndex: Int, valueIndex: Int)] = [:]
        for member in members(of: index) { result[member.key] = (member.keyIndex, member.valueIndex) }
        return result
    }

    /// Refuses a member outside `allowed` (parse-server's schemas say `additionalProperties: false`).
    func liveQueryRefuseOthers(_ members: [String: (keyIndex: Int, valueIndex: Int)], allowed: [String], what: String) throws(ParseWireError) {
        for (key, member) in members.sorted(by: { $0.value.keyIndex < $1.value.keyIndex }) where !allowed.contains(key) {
            throw error(.unexpectedField, parseCode: liveQueryCode, at: member.keyIndex,
                        "\(what) has no member \(NameRules.quoted(key)); its members are \(allowed.joined(separator: ", "))").prefixed(key: key)
        }
    }

    /// The `op` string of a message.
    func liveQueryOp(_ members: [String: (keyIndex: Int, valueIndex: Int)], what: String) throws(ParseWireError) -> (name: String, index: Int) {
        guard let op = members["op"] else { throw error(.missingField, parseCode: liveQueryCode, at: 0, "\(what) has an \"op\"") }
        guard entries[op.valueIndex].kind == .string else {
            throw error(.wrongFieldType, parseCode: liveQueryCode, at: op.valueIndex, "\"op\" must be a string, not \(describe(op.valueIndex))").prefixed(key: "op")
        }
        return (string(at: op.valueIndex), op.valueIndex)
    }

    /// A required or optional string member.
    func liveQueryString(_ members: [String: (keyIndex: Int, valueIndex: Int)], _ key: String, required: Bool, what: String) throws(ParseWireError) -> String? {
        guard let member = members[key] else {
            if required { throw error(.missingField, parseCode: liveQueryCode, at: 0, "\(what) has a \(NameRules.quoted(key))") }
            return nil
        }
        guard entries[member.valueIndex].kind == .string else {
            throw error(.wrongFieldType, parseCode: liveQueryCode, at: member.valueIndex, "\(NameRules.quoted(key)) must be a string, not \(describe(member.valueIndex))").prefixed(key: key)
        }
        return string(at: member.valueIndex)
    }

    /// A request id: a JSON number holding an integer.
    func liveQueryRequestId(at index: Int) throws(ParseWireError) -> Int {
        guard entries[index].kind == .number else {
            throw error(.wrongFieldType, parseCode: liveQueryCode, at: index, "\"requestId\" must be a number, not \(describe(index))").prefixed(key: "requestId")
        }
        guard let value = try number(at: index).int64Value, let integer = Int(exactly: value) else {
            throw error(.outOfRange, at: index, "\"requestId\" must be an integer, not \(describe(index))").prefixed(key: "requestId")
        }
        return integer
    }
}

/// Writes the value a LiveQuery message of `side` stands for.
func encodeLiveQuery(_ value: ParseValue, side: LiveQuerySide, options: ParseValueEncodingOptions) throws(ParseWireError) -> [UInt8] {
    switch side {
    case .client: return try LiveQueryClientMessage(value: value).encoded(options: options)
    case .server: return try LiveQueryServerMessage(value: value).encoded(options: options)
    }
}
