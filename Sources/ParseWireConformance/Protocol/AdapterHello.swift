import ParseWire

/// What an adapter says about its implementation in answer to `hello`.
public struct AdapterHello: Sendable, Hashable {
    /// An implementation's declared behaviour for an implementation-defined flag.
    public enum Choice: String, Sendable, Hashable {
        case accept, reject
    }

    public var name: String
    public var version: String
    public var language: String
    /// The operations the adapter performs; checks needing others are `unsupported`.
    public var operations: Set<AdapterOperation>
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

    /// The answer as one line of JSON, without the newline.
    public var line: String {
        JSONNode.record([
            ("protocol", .integer(ProtocolVersion.current)),
            ("implementation", implementation),
            ("ops", .array(operations.sorted().map { .string($0.rawValue) })),
            ("capabilities", .array(capabilities.sorted().map(JSONNode.string))),
            ("choices", choicesNode),
        ]).compactText
    }

    /// The choices as a JSON object, flags sorted.
    package var choicesNode: JSONNode {
        .object(choices.keys.sorted().map { JSONMember(key: $0, value: .string(choices[$0]!.rawValue)) })
    }

    /// Reads the answer to `hello`.
    /// - Throws: ``ProtocolViolation`` when it is not a well-formed hello answer of protocol 1.
    public static func parse(_ line: String) throws(ProtocolViolation) -> AdapterHello {
        guard let node = try? JSONNode.parse(line), node.members != nil else {
            throw ProtocolViolation("the hello answer is not a JSON object: \(AdapterAnswer.excerpt(line))")
        }
        guard node["protocol"]?.integerValue == ProtocolVersion.current else {
            throw ProtocolViolation("the hello answer must say \"protocol\": \(ProtocolVersion.current)")
        }
        guard let implementation = node["implementation"], let name = implementation["name"]?.stringValue,
              let version = implementation["version"]?.stringValue, let language = implementation["language"]?.stringValue else {
            throw ProtocolViolation("the hello answer has \"implementation\": {\"name\", \"version\", \"language\"} strings")
        }
        var operations: Set<AdapterOperation> = []
        for element in node["ops"]?.arrayValue ?? [] {
            guard let operation = element.stringValue.flatMap(AdapterOperation.init) else {
                throw ProtocolViolation("\"ops\" lists decode, encode and roundtrip only")
            }
            operations.insert(operation)
        }
        guard !operations.isEmpty else { throw ProtocolViolation("the hello answer lists at least one of \"ops\"") }
        var capabilities: Set<String> = []
        for element in node["capabilities"]?.arrayValue ?? [] {
            guard let tag = element.stringValue else { throw ProtocolViolation("\"capabilities\" is a list of tag names") }
            capabilities.insert(tag)
        }
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
        return hello
    }
}
