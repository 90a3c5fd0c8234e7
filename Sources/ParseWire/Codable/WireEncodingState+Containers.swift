import Foundation

/// An object container writing members straight into the document.
struct WireKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: WireEncodingState
    /// The container's frame.
    let level: Int
    /// The length of the state's path for this container: its coding path.
    let depth: Int

    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }

    /// Starts a scalar member; `false` when the key is left out. The server-owned keys take
    /// only their own types.
    private func beginScalar(_ key: Key, _ type: Any.Type) throws -> Bool {
        switch try state.beginMember(key, at: level) {
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
        switch try state.beginMember(key, at: level) {
        case .skip: return
        case .field:
            if state.stack.pointee.memberKeyIsBSONType, value.utf8.count >= 4,
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
        switch try state.beginMember(key, at: level) {
        case .skip:
            return
        case .field:
            try state.encodeValue(value, key: key)
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
        }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level) }
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level) }
    }

    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level) }
    }

    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level) }
    }

    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level) }
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
        if let value { try encodeInteger(value, key) } else { try state.encodeAbsent(key, at: level) }
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try state.encodeAbsent(key, at: level) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        state.beginNestedMember(key, at: level)
        let nested = WireKeyedEncoding<NestedKey>(state: state, level: state.pushNestedFrame(isArray: false, key: key, depth: depth), depth: depth + 1)
        return KeyedEncodingContainer(nested)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        state.beginNestedMember(key, at: level)
        return WireUnkeyedEncoding(state: state, level: state.pushNestedFrame(isArray: true, key: key, depth: depth), depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        state.unsupportedSuperEncoder()
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        state.unsupportedSuperEncoder()
    }
}

/// An array container writing elements straight into the document.
///
/// Its level and depth are stored as 32-bit integers so that the container fits an existential's
/// inline buffer: `any UnkeyedEncodingContainer` then needs no heap box.
struct WireUnkeyedEncoding: UnkeyedEncodingContainer {
    let state: WireEncodingState
    private let storedLevel: Int32
    private let storedDepth: Int32
    private(set) var count = 0

    init(state: WireEncodingState, level: Int, depth: Int) {
        self.state = state
        storedLevel = Int32(level)
        storedDepth = Int32(depth)
    }

    /// The container's frame.
    var level: Int { Int(storedLevel) }
    /// The length of the state's path for this container: its coding path.
    var depth: Int { Int(storedDepth) }
    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }

    private mutating func begin() {
        count = state.beginElement(at: level) + 1
    }

    mutating func encodeNil() throws {
        begin()
        state.json.write(ascii: "null")
    }

    mutating func encode(_ value: Bool) throws {
        begin()
        state.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        begin()
        state.json.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        begin()
        try state.writeDouble(value, key: IndexKey(count - 1))
    }

    mutating func encode(_ value: Float) throws {
        begin()
        try state.writeFloat(value, key: IndexKey(count - 1))
    }

    mutating func encode(_ value: Int) throws {
        begin()
        NumberFormatting.appendInteger(Int64(value), to: &state.json)
    }

    mutating func encode(_ value: Int64) throws {
        begin()
        NumberFormatting.appendInteger(value, to: &state.json)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        begin()
        try state.encodeValue(value, key: IndexKey(count - 1))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        begin()
        let nested = WireKeyedEncoding<NestedKey>(state: state, level: state.pushNestedFrame(isArray: false, key: IndexKey(count - 1), depth: depth),
                                                  depth: depth + 1)
        return KeyedEncodingContainer(nested)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        begin()
        return WireUnkeyedEncoding(state: state, level: state.pushNestedFrame(isArray: true, key: IndexKey(count - 1), depth: depth), depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        state.unsupportedSuperEncoder()
    }
}

/// A single-value container: writes at the position of the value being encoded.
struct WireSingleValueEncoding: SingleValueEncodingContainer {
    let state: WireEncodingState
    /// The length of the state's path for this container: its coding path.
    let depth: Int

    var codingPath: [any CodingKey] { state.codingPath(depth: depth) }

    mutating func encodeNil() throws { state.json.write(ascii: "null") }
    mutating func encode(_ value: Bool) throws { state.writeBool(value) }
    mutating func encode(_ value: String) throws { state.json.writeString(value) }
    mutating func encode(_ value: Double) throws { try state.writeDouble(value, key: NoKey()) }
    mutating func encode(_ value: Float) throws { try state.writeFloat(value, key: NoKey()) }
    mutating func encode(_ value: Int) throws { NumberFormatting.appendInteger(Int64(value), to: &state.json) }
    mutating func encode(_ value: Int8) throws { state.writeInteger(value) }
    mutating func encode(_ value: Int16) throws { state.writeInteger(value) }
    mutating func encode(_ value: Int32) throws { state.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { state.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { state.writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { state.writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { state.writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { state.writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { state.writeInteger(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try state.encodeValue(value, key: NoKey()) }
}

extension WireEncodingState {
    func writeInteger<I: FixedWidthInteger>(_ value: I) {
        if let exact = Int64(exactly: value) {
            NumberFormatting.appendInteger(exact, to: &json)
        } else {
            var text = String(value)
            text.withUTF8 { json.append(bytes: $0) }
        }
    }

    /// Writes the key of a member that holds a nested container. The key is checked like any
    /// other; a key the mode leaves out, or one that breaks a rule, is reported when the document
    /// ends, because these protocol methods cannot throw.
    func beginNestedMember(_ key: some CodingKey, at level: Int) {
        if frames.count > level + 1 { closeFrames(downTo: level + 1) }
        let name = key.stringValue
        do {
            guard try slot(of: name, key: key, role: frames[level].role, level: level) == .field else {
                throw failure(.reservedKey, value: name, key: key, "\"\(name)\" holds a Parse object's own value and cannot hold a nested container")
            }
        } catch {
            if deferredError == nil { deferredError = error as? EncodingError }
        }
        writeMemberKey(name, at: level)
        memberRole = frames[level].role
    }

    /// Opens a nested container for the member or element `key` of the container at `depth`: the
    /// key is on the path while the nested container is open.
    func pushNestedFrame<K: CodingKey>(isArray: Bool, key: K, depth: Int) -> Int {
        truncatePath(to: depth)
        path.append(Self.pathEntry(key))
        return pushFrame(isArray: isArray, pathDepth: depth)
    }

    /// `superEncoder()` is not supported: the streaming writer cannot leave a hole for a value that
    /// may never be written. The document fails with an error naming the path.
    func unsupportedSuperEncoder() -> any Encoder {
        if deferredError == nil {
            deferredError = failure(.unrepresentable, value: codingPath, key: nil,
                                    "superEncoder() is not supported by ParseWireEncoder; encode the superclass's properties in the subclass's container")
        }
        return self
    }
}
