import Foundation

/// An object container reading members from the tape.
///
/// Copying it, which `KeyedDecodingContainer` does for every call, retains the state only: what
/// it reads is in a ``KeyedContainerFrame`` that the state owns and can point at another object;
/// see ``WireDecodingState/keyedContainer(_:object:role:path:)``.
struct WireKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: WireDecodingState
    let frame: UnsafeMutablePointer<KeyedContainerFrame>

    var object: Int { frame.pointee.object }
    var role: WireDecodingState.Role { frame.pointee.role }
    var path: WireDecodingState.ContainerPath { frame.pointee.path }

    var codingPath: [any CodingKey] { state.keys(of: path) }

    var allKeys: [Key] {
        var keys: [Key] = []
        var child = object + 1
        for _ in 0..<Int(state.entries[object].length) {
            if let key = Key(stringValue: state.walker.string(at: child)) { keys.append(key) }
            child = Int(state.entries[child + 1].next)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        find(key) != nil
    }

    private func find(_ key: Key) -> Int? {
        state.find(key.stringValue, in: object, depth: path.depth)
    }

    /// Sets the state's path to this container's, for errors; see ``WireDecodingState/enter(_:)``.
    @inline(__always)
    private func enter() -> Int {
        state.enter(path)
    }

    @inline(__always)
    private func leave(_ saved: Int) {
        state.leave(saved)
    }

    /// The value index of a required member; call it with the container's path set.
    @inline(never)
    private func require(_ key: Key) throws -> Int {
        guard let valueIndex = find(key) else {
            throw state.missingKey(key, in: object)
        }
        try checkServerKey(key, valueIndex)
        state.memberRole = role
        return valueIndex
    }

    /// The value index of an optional member, or `nil` when it is absent, `null`, or a Delete
    /// operation at the top of a body.
    @inline(never)
    private func optional(_ key: Key) throws -> Int? {
        guard let valueIndex = find(key), !state.isAbsent(valueIndex, role: role) else { return nil }
        try checkServerKey(key, valueIndex)
        state.memberRole = role
        return valueIndex
    }

    /// A body cannot hold the server-owned keys.
    private func checkServerKey(_ key: Key, _ valueIndex: Int) throws {
        guard role == .body else { return }
        let name = key.stringValue
        guard name == "objectId" || name == "createdAt" || name == "updatedAt" else { return }
        throw state.failure(.reservedKey, at: valueIndex, key: key, type: Key.self,
                            "\"\(name)\" is set by the server and cannot be sent in a save body")
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let saved = enter()
        defer { leave(saved) }
        guard let valueIndex = find(key) else { throw state.missingKey(key, in: object) }
        return state.isAbsent(valueIndex, role: role)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let saved = enter()
        defer { leave(saved) }
        return try state.bool(at: try require(key), key: key)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let saved = enter()
        defer { leave(saved) }
        return try string(try require(key), key)
    }

    private func string(_ valueIndex: Int, _ key: Key) throws -> String {
        let value = try state.string(at: valueIndex, key: key)
        if role == .object, key.stringValue == "objectId", let problem = NameRules.checkObjectId(value) {
            throw state.relocated(problem, at: valueIndex, key: key, type: String.self)
        }
        return value
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let saved = enter()
        defer { leave(saved) }
        return try state.double(at: try require(key), key: key)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        let saved = enter()
        defer { leave(saved) }
        return try state.float(at: try require(key), key: key)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeInteger(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeInteger(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeInteger(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeInteger(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeInteger(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeInteger(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeInteger(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeInteger(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeInteger(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeInteger(key) }

    private func decodeInteger<I: FixedWidthInteger>(_ key: Key) throws -> I {
        let saved = enter()
        defer { leave(saved) }
        return try state.integer(I.self, at: try require(key), key: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let saved = enter()
        defer { leave(saved) }
        return try value(T.self, at: try require(key), key)
    }

    /// A member value; an object's `createdAt` and `updatedAt` are plain ISO strings.
    private func value<T: Decodable>(_ type: T.Type, at valueIndex: Int, _ key: Key) throws -> T {
        if role == .object, T.self == Date.self || T.self == String.self { return try objectMember(T.self, at: valueIndex, key) }
        return try state.decodeValue(T.self, at: valueIndex, key: key)
    }

    /// A Date or String member of a Parse object, where `createdAt` and `updatedAt` are plain ISO
    /// strings; apart from ``value(_:at:_:)``, whose frame every nested value's recursion passes through.
    @inline(never)
    private func objectMember<T: Decodable>(_ type: T.Type, at valueIndex: Int, _ key: Key) throws -> T {
        if T.self == Date.self {
            let name = key.stringValue
            if name == "createdAt" || name == "updatedAt" { return try state.timestamp(at: valueIndex, key: key) as! T }
            return try state.decodeValue(T.self, at: valueIndex, key: key)
        }
        return try string(valueIndex, key) as! T
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        let saved = enter()
        defer { leave(saved) }
        guard let valueIndex = try optional(key) else { return nil }
        return try state.bool(at: valueIndex, key: key)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        let saved = enter()
        defer { leave(saved) }
        guard let valueIndex = try optional(key) else { return nil }
        return try string(valueIndex, key)
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        let saved = enter()
        defer { leave(saved) }
        guard let valueIndex = try optional(key) else { return nil }
        return try state.double(at: valueIndex, key: key)
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        let saved = enter()
        defer { leave(saved) }
        guard let valueIndex = try optional(key) else { return nil }
        return try state.float(at: valueIndex, key: key)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeOptionalInteger(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeOptionalInteger(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeOptionalInteger(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeOptionalInteger(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeOptionalInteger(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeOptionalInteger(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeOptionalInteger(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeOptionalInteger(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeOptionalInteger(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeOptionalInteger(key) }

    private func decodeOptionalInteger<I: FixedWidthInteger>(_ key: Key) throws -> I? {
        let saved = enter()
        defer { leave(saved) }
        guard let valueIndex = try optional(key) else { return nil }
        return try state.integer(I.self, at: valueIndex, key: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let saved = enter()
        defer { leave(saved) }
        guard let valueIndex = try optional(key) else { return nil }
        return try value(T.self, at: valueIndex, key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let saved = enter()
        defer { leave(saved) }
        let valueIndex = try require(key)
        guard state.entries[valueIndex].kind == .object else {
            throw state.failure(.wrongFieldType, at: valueIndex, key: key, type: [String: Any].self, "expected an object, found \(state.walker.describe(valueIndex))")
        }
        return state.keyedContainer(NestedKey.self, object: valueIndex, role: .plain, path: state.nested(path, key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let saved = enter()
        defer { leave(saved) }
        return try WireUnkeyedDecoding(state: state, array: try require(key), path: state.nested(path, key), key: key)
    }

    /// A decoder for the member `super`, as `JSONDecoder` reads it.
    func superDecoder() throws -> any Decoder {
        try superDecoder(for: SuperKey())
    }

    /// A decoder for the member `key`.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(for: key)
    }

    private func superDecoder(for key: some CodingKey) throws -> any Decoder {
        let saved = enter()
        defer { leave(saved) }
        guard let valueIndex = state.find(key.stringValue, in: object, depth: path.depth) else { throw state.missingKey(key, in: object) }
        return WireSuperDecoder(state: state, valueIndex: valueIndex, path: state.nested(path, key), key: key)
    }
}

