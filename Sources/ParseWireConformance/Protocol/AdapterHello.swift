import ParseWire

/// What an adapter says about its implementation in answer to `hello`.
public struct AdapterHello: Sendable, Hashable {
    /// An implementation's declared behaviour for an implementation-defined flag.
    public enum Choice: String, Sendable, Hashable {
        /// The implementation accepts the flag's cases.
        case accept
        /// The implementation rejects the flag's cases.
        case reject
    }

    /// The implementation's name, such as `Parse-Swift`.
    public var name: String
    /// The implementation's version, as its release names it.
    public var version: String
    /// The implementation's language, such as `swift`.
    public var language: String
    /// The operations the adapter performs; checks needing others are `unsupported`.
    public var operations: Set<AdapterOperation>
    /// For an operation performed in some contexts only, the contexts (`value`, `object`,
    /// `update`); an operation not listed here is performed in every context.
    public var contexts: [AdapterOperation: Set<String>] = [:]
    /// The profile the adapter asks to be scored by; `nil` when it names none (`strict` applies).
    public var profile: ConformanceProfile?
    /// Tags of optional features the implementation claims.
    public var capabilities: Set<String>
    /// The declared choice per implementation-defined flag.
    public var choices: [String: Choice]
    /// The whole `implementation` object, copied into reports.
    package var implementation: JSONNode

    /// Creates a hello answer.
    public init(name: String, version: String, language: String, operations: Set<AdapterOperation>,
                capabilities: Set<String> = [], choices: [String: Choice] = [:]) {
        self.name = name
        self.version = version
        self.language = language
        self.operations = operations
        self.capabilities = capabilities
        self.choices = choices
        implementation = .record([("name", .string(name)), ("version", .string(version)), ("language", .string(language))])
    }

    /// The context names of the protocol, in the order `ops` lists them.
    package static let contextNames = ["value", "object", "update", "query", "message", "livequery"]

    /// The names `ops` may list besides the contexts: `message:<kind>` for one message kind
    /// (`message:find-response`), for an implementation that handles some REST messages only, and
    /// `livequery:<side>` for one side of the LiveQuery socket (an SDK reads the server's messages
    /// and writes the client's).
    package static let messageKindNames = ParseMessageKind.allCases.map { "message:" + $0.rawValue }
        + LiveQuerySide.allCases.map { "livequery:" + $0.rawValue }

    /// Whether the adapter performs `operation` on a document in `context`.
    package func performs(_ operation: AdapterOperation, in context: WireContext) -> Bool {
        guard operations.contains(operation) else { return false }
        guard let names = contexts[operation] else { return true }
        if names.contains(Self.name(of: context)) { return true }
        switch context {
        case .message(let kind, _): return names.contains("message:" + kind.rawValue)
        case .liveQuery(let side): return names.contains("livequery:" + side.rawValue)
        case .value, .object, .update, .query: return false
        }
    }

    /// The context as a message names it: its name, and for a REST message its kind
    /// (`message (batch-request)`).
    package static func describe(_ context: WireContext) -> String {
        switch context {
        case .message(let kind, _): return "message (\(kind.rawValue))"
        case .liveQuery(let side): return "livequery (\(side.rawValue))"
        case .value, .object, .update, .query: return name(of: context)
        }
    }

    /// The protocol's name for a context: `value`, `object`, `update`, `query` or `message`.
    package static func name(of context: WireContext) -> String {
        switch context {
        case .value: "value"
        case .object: "object"
        case .update: "update"
        case .query: "query"
        case .message: "message"
        case .liveQuery: "livequery"
        }
    }

    /// The answer as one line of JSON, without the newline.
    public var line: String {
        JSONNode.record([
            ("protocol", .integer(ProtocolVersion.current)),
            ("implementation", implementation),
            ("profile", profile.map { .string($0.rawValue) }),
            ("ops", operationsNode),
            ("capabilities", .array(capabilities.sorted().map(JSONNode.string))),
            ("choices", choicesNode),
        ]).compactText
    }

    /// `ops` as JSON: a list of operations, or an object of operation → contexts when any operation
    /// is limited to some contexts.
    package var operationsNode: JSONNode {
        guard !contexts.isEmpty else { return .array(operations.sorted().map { .string($0.rawValue) }) }
        return .object(AdapterOperation.allCases.map { operation in
            let names = operations.contains(operation) ? contexts[operation] ?? Set(Self.contextNames) : []
            let listed = (Self.contextNames + Self.messageKindNames).filter(names.contains)
            return JSONMember(key: operation.rawValue, value: .array(listed.map(JSONNode.string)))
        })
    }

    /// The choices as a JSON object, flags sorted.
    package var choicesNode: JSONNode {
        .object(choices.keys.sorted().map { JSONMember(key: $0, value: .string(choices[$0]!.rawValue)) })
    }

    /// Reads the answer to `hello`.
    /// - Throws: ``ProtocolViolation`` when it is not a well-formed hello answer of protocol 1.
    package static func parse(_ line: String) throws(ProtocolViolation) -> AdapterHello {
        guard let node = try? JSONNode.parse(line), node.members != nil else {
            throw ProtocolViolation("the hello answer is not a JSON object: \(AdapterAnswer.excerpt(line))")
        }
        try requireKnownMembers(node, Self.memberNames, of: "the hello answer")
        guard node["protocol"]?.integerValue == ProtocolVersion.current else {
            throw ProtocolViolation("the hello answer must say \"protocol\": \(ProtocolVersion.current)")
        }
        guard let implementation = node["implementation"], let name = implementation["name"]?.stringValue,
              let version = implementation["version"]?.stringValue, let language = implementation["language"]?.stringValue else {
            throw ProtocolViolation("the hello answer has \"implementation\": {\"name\", \"version\", \"language\"} strings")
        }
        try requireKnownMembers(implementation, Self.implementationMemberNames, of: "\"implementation\"")
        for optional in ["homepage", "issues"] where implementation[optional].map({ $0.stringValue == nil }) ?? false {
            throw ProtocolViolation("\"implementation\".\(optional) is a string")
        }
        let (operations, contexts) = try readOperations(node["ops"])
        var profile: ConformanceProfile?
        if let named = node["profile"] {
            guard let known = named.stringValue.flatMap(ConformanceProfile.init) else {
                throw ProtocolViolation("\"profile\" is \(ConformanceProfile.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))")
            }
            profile = known
        }
        var capabilities: Set<String> = []
        if let listed = node["capabilities"], listed.arrayValue == nil { throw ProtocolViolation("\"capabilities\" is a list of tag names") }
        for element in node["capabilities"]?.arrayValue ?? [] {
            guard let tag = element.stringValue else { throw ProtocolViolation("\"capabilities\" is a list of tag names") }
            guard capabilities.insert(tag).inserted else { throw ProtocolViolation("\"capabilities\" lists \(tag) twice") }
        }
        if let declared = node["choices"], declared.members == nil { throw ProtocolViolation("\"choices\" is an object of flag names") }
        var choices: [String: Choice] = [:]
        for member in node["choices"]?.members ?? [] {
            guard let choice = member.value.stringValue.flatMap(Choice.init) else {
                throw ProtocolViolation("choice for \(member.key) must be \"accept\" or \"reject\"")
            }
            choices[member.key] = choice
        }
        var hello = AdapterHello(name: name, version: version, language: language, operations: operations,
                                 capabilities: capabilities, choices: choices)
        hello.implementation = implementation
        hello.contexts = contexts
        hello.profile = profile
        return hello
    }

    /// The members a hello answer may have (`schema/protocol.schema.json`, `helloResponse`).
    static let memberNames: Set<String> = ["protocol", "implementation", "profile", "ops", "capabilities", "choices"]
    /// The members of its `implementation`.
    static let implementationMemberNames: Set<String> = ["name", "version", "language", "homepage", "issues"]

    /// Refuses a member the schema does not name: a misspelt `capabilites` or `choice` would
    /// otherwise be ignored, and the run scored as if the adapter had claimed nothing.
    static func requireKnownMembers(_ node: JSONNode, _ names: Set<String>, of what: String) throws(ProtocolViolation) {
        let unknown = (node.members ?? []).map(\.key).filter { !names.contains($0) }
        guard unknown.isEmpty else {
            throw ProtocolViolation("\(what) has no member \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")); its members are "
                + names.sorted().joined(separator: ", "))
        }
    }

    /// Reads `ops`: a list of operations performed in every context, or an object naming for each
    /// operation the contexts it is performed in (an empty list: not performed).
    static func readOperations(_ node: JSONNode?) throws(ProtocolViolation) -> (Set<AdapterOperation>, [AdapterOperation: Set<String>]) {
        var operations: Set<AdapterOperation> = []
        var contexts: [AdapterOperation: Set<String>] = [:]
        if let members = node?.members {
            for member in members {
                guard let operation = AdapterOperation(rawValue: member.key) else {
                    throw ProtocolViolation("\"ops\" has the members decode, encode and roundtrip only, not \"\(member.key)\"")
                }
                var names: Set<String> = []
                for element in member.value.arrayValue ?? [.null] {
                    guard let name = element.stringValue, contextNames.contains(name) || messageKindNames.contains(name) else {
                        throw ProtocolViolation("\"ops\".\(member.key) is a list of contexts: value, object, update, query, message, livequery, "
                                                + "or message:<kind> for one kind of message, livequery:<side> for one side (\(messageKindNames.joined(separator: ", ")))")
                    }
                    guard names.insert(name).inserted else { throw ProtocolViolation("\"ops\".\(member.key) lists \(name) twice") }
                }
                guard !names.isEmpty else { continue }
                operations.insert(operation)
                if !Set(contextNames).isSubset(of: names) { contexts[operation] = names }
            }
        } else {
            for element in node?.arrayValue ?? [] {
                guard let operation = element.stringValue.flatMap(AdapterOperation.init) else {
                    throw ProtocolViolation("\"ops\" lists decode, encode and roundtrip only")
                }
                guard operations.insert(operation).inserted else { throw ProtocolViolation("\"ops\" lists \(operation.rawValue) twice") }
            }
        }
        guard !operations.isEmpty else { throw ProtocolViolation("the hello answer names at least one operation in \"ops\"") }
        return (operations, contexts)
    }
}
