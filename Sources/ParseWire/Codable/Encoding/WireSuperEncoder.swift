/// The encoder that `superEncoder()` and `superEncoder(forKey:)` return: it writes one member of
/// its container (`super` or the key given), or the next element of an array, begun when the
/// encoder is first asked for a container, as `JSONEncoder` does.
///
/// It is the one encoder the bridge allocates apart from the state: a class hierarchy asks for it
/// once per level, and it must remember the container its value opened.
final class WireSuperEncoder: Encoder {
    /// Where the value goes in the container that made this encoder.
    enum Place {
        case member(any CodingKey)
        case element
    }

    let state: WireEncodingState
    let place: Place
    /// The container that made this encoder: its level, serial and depth.
    let level: Int
    let serial: UInt32
    let depth: Int
    /// The container the value opened: its level and serial.
    private var opened: (level: Int, serial: UInt32)?

    init(state: WireEncodingState, parent place: Place, level: Int, serial: UInt32, depth: Int) {
        self.state = state
        self.place = place
        self.level = level
        self.serial = serial
        self.depth = depth
    }

    var codingPath: [any CodingKey] {
        var path = state.codingPath(depth: depth)
        if case .member(let key) = place { path.append(key) }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { state.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard let nested = open(isArray: false) else { return KeyedEncodingContainer(WireKeyedEncoding<Key>(refusing: state)) }
        return KeyedEncodingContainer(WireKeyedEncoding<Key>(state: state, level: nested.level, serial: nested.serial, depth: depth + 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard let nested = open(isArray: true) else { return WireUnkeyedEncoding(refusing: state) }
        return WireUnkeyedEncoding(state: state, level: nested.level, serial: nested.serial, depth: depth + 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValue(encoder: self)
    }

    /// The container of the value: the one opened before if it is still open, else a new one,
    /// which begins the member. `nil` when the container that made this encoder cannot be used.
    private func open(isArray: Bool) -> (level: Int, serial: UInt32)? {
        if let opened, opened.level < state.frames.count, state.frames[opened.level].serial == opened.serial {
            if state.frames[opened.level].isArray != isArray { state.mixedContainers() }
            return opened
        }
        let key: any CodingKey
        switch place {
        case .member(let member):
            guard state.beginNestedMember(member, at: level, serial: serial) else { return nil }
            key = member
        case .element:
            guard let index = try? state.beginElement(at: level, serial: serial) else { return nil }
            key = IndexKey(index)
        }
        let nested = state.pushNestedFrame(isArray: isArray, key: key, depth: depth)
        opened = (nested, state.frames[nested].serial)
        return opened
    }

    /// Writes the value of the member or element in one go.
    fileprivate func write<T: Encodable>(_ value: T) throws {
        switch place {
        case .member(let key):
            try write(value, member: key)
        case .element:
            let index = try state.beginElement(at: level, serial: serial)
            try state.encodeValue(value, key: IndexKey(index))
        }
    }

    private func write<T: Encodable, K: CodingKey>(_ value: T, member key: K) throws {
        guard try state.beginMember(key, at: level, serial: serial) == .field else {
            throw state.failure(.reservedKey, value: value, key: key,
                                "\"\(key.stringValue)\" holds a Parse object's own value and cannot be written through superEncoder(forKey:)")
        }
        try state.encodeValue(value, key: key)
    }

    /// A single-value container of a super encoder: each call writes the whole member.
    private struct SingleValue: SingleValueEncodingContainer {
        let encoder: WireSuperEncoder

        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { try encoder.write(Optional<Int>.none) }
        mutating func encode(_ value: Bool) throws { try encoder.write(value) }
        mutating func encode(_ value: String) throws { try encoder.write(value) }
        mutating func encode(_ value: Double) throws { try encoder.write(value) }
        mutating func encode(_ value: Float) throws { try encoder.write(value) }
        mutating func encode(_ value: Int) throws { try encoder.write(value) }
        mutating func encode(_ value: Int8) throws { try encoder.write(value) }
        mutating func encode(_ value: Int16) throws { try encoder.write(value) }
        mutating func encode(_ value: Int32) throws { try encoder.write(value) }
        mutating func encode(_ value: Int64) throws { try encoder.write(value) }
        mutating func encode(_ value: UInt) throws { try encoder.write(value) }
        mutating func encode(_ value: UInt8) throws { try encoder.write(value) }
        mutating func encode(_ value: UInt16) throws { try encoder.write(value) }
        mutating func encode(_ value: UInt32) throws { try encoder.write(value) }
        mutating func encode(_ value: UInt64) throws { try encoder.write(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.write(value) }
    }
}

/// The key `superEncoder()` and `superDecoder()` use: `super`, as in Foundation.
struct SuperKey: CodingKey {
    init() {}
    init?(stringValue: String) { stringValue == "super" ? () : nil }
    init?(intValue: Int) { nil }

    var stringValue: String { "super" }
    var intValue: Int? { nil }
}
