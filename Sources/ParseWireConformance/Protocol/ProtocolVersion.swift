import ParseWire

/// The version of the runner ↔ adapter protocol (`Vectors/schema/protocol.schema.json`).
public enum ProtocolVersion {
    /// The protocol version this runner speaks and every `hello` names.
    public static let current = 1

    /// The error kinds an adapter may answer: the corpus's closed list, plus `other` for a
    /// rejection the adapter cannot classify.
    public static let errorKinds: Set<String> = Set(ParseWireError.Kind.allKinds.map(\.name) + ["other"])
}
