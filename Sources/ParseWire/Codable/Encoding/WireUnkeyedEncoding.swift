import Foundation

/// An array container writing elements straight into the document.
///
/// Its fields are stored as 32-bit integers so that the container fits an existential's inline
/// buffer: `any UnkeyedEncodingContainer` then needs no heap box.
struct WireUnkeyedEncoding: UnkeyedEncodingContainer {
    let state: WireEncodingState
    private let storedLevel: Int32
    private let storedDepth: Int32
    /// The frame's serial; see ``WireKeyedEncoding/serial``.
    let serial: UInt32
    private var storedCount: Int32 = 0

    init(state: WireEncodingState, level: Int, serial: UInt32, depth: Int) {
        self.state = state
        storedLevel = Int32(truncatingIfNeeded: level)
        storedDepth = Int32(truncatingIfNeeded: depth)
        self.serial = serial
    }

    /// A container that refuses every call; see ``WireKeyedEncoding/init(refusing:)``.
    init(refusing state: WireEncodingState) {
        self.init(state: state, level: -1, serial: 0, depth: 0)
    }

    /// The container's frame.
    var level: Int { Int(storedLevel) }
    /// The length of the state's path for this container: its coding path.
    var depth: Int { Int(storedDepth) }
    var count: Int { Int(storedCount) }
    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }

    private mutating func begin() throws {
        storedCount = Int32(truncatingIfNeeded: try state.beginElement(at: level, serial: serial) + 1)
    }

    mutating func encodeNil() throws {
        try begin()
        state.json.write(ascii: "null")
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        state.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try begin()
        state.json.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        try state.writeDouble(value, key: IndexKey(count - 1))
    }

    mutating func encode(_ value: Float) throws {
        try begin()
        try state.writeFloat(value, key: IndexKey(count - 1))
    }

    mutating func encode(_ value: Int) throws {
        try begin()
        NumberFormatting.appendInteger(Int64(value), to: &state.json)
    }

    mutating func encode(_ value: Int64) throws {
        try begin()
        NumberFormatting.appendInteger(value, to: &state.json)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        if T.self == ParseValue.self {
            // A `ParseValue` is a composite: straight to its scope, past the scalar and collection
            // checks of encodeValue, none of which it matches. Checked here, where only elements
            // come, so that members pay nothing.
            return try state.encodeComposite(value, key: IndexKey(count - 1))
        }
        try state.encodeValue(value, key: IndexKey(count - 1))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        guard (try? begin()) != nil else { return KeyedEncodingContainer(WireKeyedEncoding<NestedKey>(refusing: state)) }
        let nested = state.pushNestedFrame(isArray: false, key: IndexKey(count - 1), depth: depth)
        return KeyedEncodingContainer(WireKeyedEncoding<NestedKey>(state: state, level: nested, serial: state.frames[nested].serial, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        guard (try? begin()) != nil else { return WireUnkeyedEncoding(refusing: state) }
        let nested = state.pushNestedFrame(isArray: true, key: IndexKey(count - 1), depth: depth)
        return WireUnkeyedEncoding(state: state, level: nested, serial: state.frames[nested].serial, depth: depth + 1)
    }

    /// An encoder for the next element, written when the encoder is first used, as `JSONEncoder` does.
    mutating func superEncoder() -> any Encoder {
        storedCount += 1
        return WireSuperEncoder(state: state, parent: .element, level: level, serial: serial, depth: depth)
    }
}

/// A single-value container: writes at the position of the value being encoded.
struct WireSingleValueEncoding: SingleValueEncodingContainer {
    let state: WireEncodingState
    /// Where the value starts in the output: the container writes there or nowhere.
    private let start: Int
    private let storedLevel: Int32
    private let storedDepth: Int32

    init(state: WireEncodingState, start: Int, level: Int, depth: Int) {
        self.state = state
        self.start = start
        storedLevel = Int32(truncatingIfNeeded: level)
        storedDepth = Int32(truncatingIfNeeded: depth)
    }

    /// The length of the state's path for this container: its coding path.
    var depth: Int { Int(storedDepth) }
    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }

    /// Checks that the value is still unwritten: a single-value container holds one value, while
    /// its value is being encoded.
    @inline(__always) private func begin() throws {
        try state.useSingleValue(start: start, level: Int(storedLevel))
    }

    mutating func encodeNil() throws { try begin(); state.json.write(ascii: "null") }
    mutating func encode(_ value: Bool) throws { try begin(); state.writeBool(value) }
    mutating func encode(_ value: String) throws { try begin(); state.json.writeString(value) }
    mutating func encode(_ value: Double) throws { try begin(); try state.writeDouble(value, key: NoKey()) }
    mutating func encode(_ value: Float) throws { try begin(); try state.writeFloat(value, key: NoKey()) }
    mutating func encode(_ value: Int) throws { try begin(); NumberFormatting.appendInteger(Int64(value), to: &state.json) }
    mutating func encode(_ value: Int8) throws { try begin(); state.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { try begin(); state.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { try begin(); state.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { try begin(); state.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try begin(); state.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { try begin(); state.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { try begin(); state.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { try begin(); state.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { try begin(); state.writeInteger(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try begin(); try state.encodeValue(value, key: NoKey()) }
}

