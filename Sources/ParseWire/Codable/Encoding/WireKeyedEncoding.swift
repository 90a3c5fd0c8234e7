import Foundation

/// An object container writing members straight into the document.
struct WireKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: WireEncodingState
    /// The container's frame.
    let level: Int
    /// The frame's serial: the frame at `level` is this container's only while the serials match.
    let serial: UInt32
    /// The length of the state's path for this container: its coding path.
    let depth: Int

    init(state: WireEncodingState, level: Int, serial: UInt32, depth: Int) {
        self.state = state
        self.level = level
        self.serial = serial
        self.depth = depth
    }

    /// A container that refuses every call: asked of an encoder whose document has ended, or
    /// nested in a container that could not be used.
    init(refusing state: WireEncodingState) {
        self.init(state: state, level: -1, serial: 0, depth: 0)
    }

    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }

    /// Starts a scalar member; `false` when the key is left out. The server-owned keys take
    /// only their own types.
    private func beginScalar(_ key: Key, _ type: Any.Type) throws -> Bool {
        switch try state.beginMember(key, at: level, serial: serial) {
        case .skip: return false
        case .field: return true
        case .objectId, .timestamp, .acl: throw wrongSpecialType(key, type)
        }
    }

    private func wrongSpecialType(_ key: Key, _ type: Any.Type) -> EncodingError {
        let expected = switch key.stringValue {
        case "objectId": "a String"
        case "ACL": "a ParseACL"
        default: "a Date"
        }
        return state.failure(.wrongFieldType, value: type, key: key, "\"\(key.stringValue)\" of a Parse object must be \(expected), not \(type)")
    }

    mutating func encodeNil(forKey key: Key) throws {
        if try beginScalar(key, Never?.self) { state.json.write(ascii: "null") }
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        if try beginScalar(key, Bool.self) { state.writeBool(value) }
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        switch try state.beginMember(key, at: level, serial: serial) {
        case .skip: return
        case .field:
            if state.memberKeyIsBSONType, value.utf8.count >= 4,
               KeywordDenylist.isBSONTypeCode(key: key.stringValue, value: value) {
                throw state.failure(KeywordDenylist.bsonTypeCodeError(), value: value, key: key)
            }
        case .objectId:
            if let problem = NameRules.checkObjectId(value) { throw state.failure(problem, value: value, key: key) }
        case .timestamp, .acl:
            throw wrongSpecialType(key, String.self)
        }
        state.json.writeString(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        if try beginScalar(key, Double.self) { try state.writeDouble(value, key: key) }
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        if try beginScalar(key, Float.self) { try state.writeFloat(value, key: key) }
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        if try beginScalar(key, Int.self) { NumberFormatting.appendInteger(Int64(value), to: &state.json) }
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, key) }

    private func encodeInteger<I: FixedWidthInteger>(_ value: I, _ key: Key) throws {
        if try beginScalar(key, I.self) { state.writeInteger(value) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        switch try state.beginMember(key, at: level, serial: serial) {
        case .skip:
            return
        case .field:
            try state.encodeValue(value, key: key)
        case let special:
            try encodeSpecial(value, slot: special, key: key)
        }
    }

    /// A server-owned member of a Parse object: `objectId`, `createdAt`, `updatedAt` or `ACL`.
    /// Kept apart from ``encode(_:forKey:)`` to keep that function's frame, which every nested
    /// value's recursion passes through, small.
    @inline(never)
    private func encodeSpecial<T: Encodable>(_ value: T, slot: WireEncodingState.Slot, key: Key) throws {
        switch slot {
        case .objectId:
            guard T.self == String.self else { throw wrongSpecialType(key, T.self) }
            let id = value as! String
            if let problem = NameRules.checkObjectId(id) { throw state.failure(problem, value: id, key: key) }
            state.json.writeString(id)
        case .timestamp:
            guard T.self == Date.self else { throw wrongSpecialType(key, T.self) }
            try state.writeTimestamp(value as! Date, key: key)
        case .acl:
            guard T.self == ParseACL.self else { throw wrongSpecialType(key, T.self) }
            try state.encodeValue(value, key: key)
        case .field, .skip:
            try state.encodeValue(value, key: key)
        }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level, serial: serial) }
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level, serial: serial) }
    }

    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level, serial: serial) }
    }

    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level, serial: serial) }
    }

    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level, serial: serial) }
    }

    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptionalInteger(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptionalInteger(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptionalInteger(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptionalInteger(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptionalInteger(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptionalInteger(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptionalInteger(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptionalInteger(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptionalInteger(value, key) }

    private func encodeOptionalInteger<I: FixedWidthInteger>(_ value: I?, _ key: Key) throws {
        if let value { try encodeInteger(value, key) } else { try state.encodeAbsent(key, at: level, serial: serial) }
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level, serial: serial) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        guard let nested = state.openNestedMember(key, at: level, serial: serial, isArray: false, depth: depth) else {
            return KeyedEncodingContainer(WireKeyedEncoding<NestedKey>(refusing: state))
        }
        return KeyedEncodingContainer(WireKeyedEncoding<NestedKey>(state: state, level: nested.level, serial: nested.serial, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard let nested = state.openNestedMember(key, at: level, serial: serial, isArray: true, depth: depth) else {
            return WireUnkeyedEncoding(refusing: state)
        }
        return WireUnkeyedEncoding(state: state, level: nested.level, serial: nested.serial, depth: depth + 1)
    }

    /// An encoder for the member `super`, as `JSONEncoder` writes it.
    mutating func superEncoder() -> any Encoder {
        WireSuperEncoder(state: state, parent: .member(SuperKey()), level: level, serial: serial, depth: depth)
    }

    /// An encoder for the member `key`, written when the encoder is first used.
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        WireSuperEncoder(state: state, parent: .member(key), level: level, serial: serial, depth: depth)
    }
}

