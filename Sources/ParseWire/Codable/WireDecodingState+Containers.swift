import Foundation

/// An object container reading members from the tape.
struct WireKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: WireDecodingState
    let object: Int
    let role: WireDecodingState.Role
    let codingPath: [any CodingKey]

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
        state.find(key.stringValue, in: object, depth: codingPath.count)
    }

    /// The value index of a required member, with the current path set for errors.
    private func require(_ key: Key) throws -> Int {
        guard let valueIndex = find(key) else {
            throw withPath { state.missingKey(key, in: object) }
        }
        try checkServerKey(key, valueIndex)
        state.memberRole = role
        return valueIndex
    }

    /// The value index of an optional member, or `nil` when it is absent, `null`, or a Delete
    /// operation at the top of a body.
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
        throw withPath {
            state.failure(.reservedKey, at: valueIndex, key: key, type: Key.self,
                          "\"\(name)\" is set by the server and cannot be sent in a save body")
        }
    }

    /// Runs `body` with the state's path set to this container's, for errors raised after a
    /// nested value has been decoded.
    private func withPath<R>(_ body: () throws -> R) rethrows -> R {
        // Only containers made by `nestedContainer` are used while the state's path is another's.
        if state.path.count == codingPath.count { return try body() }
        let saved = state.path
        state.path = codingPath
        defer { state.path = saved }
        return try body()
    }

    private func decodeMember<T>(_ key: Key, _ read: (Int) throws -> T) throws -> T {
        let valueIndex = try require(key)
        return try withPath { try read(valueIndex) }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let valueIndex = find(key) else { throw withPath { state.missingKey(key, in: object) } }
        return state.isAbsent(valueIndex, role: role)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decodeMember(key) { try state.bool(at: $0, key: key) }
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decodeMember(key) { try string($0, key) }
    }

    private func string(_ valueIndex: Int, _ key: Key) throws -> String {
        let value = try state.string(at: valueIndex, key: key)
        if role == .object, key.stringValue == "objectId", let problem = NameRules.checkObjectId(value) {
            throw state.relocated(problem, at: valueIndex, key: key, type: String.self)
        }
        return value
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decodeMember(key) { try state.double(at: $0, key: key) }
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decodeMember(key) { try state.float(at: $0, key: key) }
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
        try decodeMember(key) { try state.integer(I.self, at: $0, key: key) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeMember(key) { try value(T.self, at: $0, key) }
    }

    /// A member value; an object's `createdAt` and `updatedAt` are plain ISO strings.
    private func value<T: Decodable>(_ type: T.Type, at valueIndex: Int, _ key: Key) throws -> T {
        if role == .object, T.self == Date.self {
            let name = key.stringValue
            if name == "createdAt" || name == "updatedAt" { return try state.timestamp(at: valueIndex, key: key) as! T }
        }
        if role == .object, T.self == String.self { return try string(valueIndex, key) as! T }
        return try state.decodeValue(T.self, at: valueIndex, key: key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try optional(key).map { valueIndex in try withPath { try state.bool(at: valueIndex, key: key) } }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try optional(key).map { valueIndex in try withPath { try string(valueIndex, key) } }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try optional(key).map { valueIndex in try withPath { try state.double(at: valueIndex, key: key) } }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try optional(key).map { valueIndex in try withPath { try state.float(at: valueIndex, key: key) } }
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
        try optional(key).map { valueIndex in try withPath { try state.integer(I.self, at: valueIndex, key: key) } }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try optional(key).map { valueIndex in try withPath { try value(T.self, at: valueIndex, key) } }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let valueIndex = try require(key)
        guard state.entries[valueIndex].kind == .object else {
            throw withPath { state.failure(.wrongFieldType, at: valueIndex, key: key, type: [String: Any].self, "expected an object, found \(state.walker.describe(valueIndex))") }
        }
        return KeyedDecodingContainer(WireKeyedDecoding<NestedKey>(state: state, object: valueIndex, role: .plain, codingPath: codingPath + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let valueIndex = try require(key)
        return try withPath { try WireUnkeyedDecoding(state: state, array: valueIndex, codingPath: codingPath + [key], key: key) }
    }

    func superDecoder() throws -> any Decoder {
        throw withPath { state.unsupportedSuperDecoder(at: object) }
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw withPath { state.unsupportedSuperDecoder(at: object) }
    }
}

/// An array container reading elements from the tape.
struct WireUnkeyedDecoding: UnkeyedDecodingContainer {
    let state: WireDecodingState
    let array: Int
    let codingPath: [any CodingKey]
    let count: Int?
    private(set) var currentIndex = 0
    private var child: Int

    init(state: WireDecodingState, array: Int, codingPath: [any CodingKey], key: (any CodingKey)? = nil) throws {
        guard state.entries[array].kind == .array else {
            throw state.failure(.wrongFieldType, at: array, key: key, type: [Any].self, "expected an array, found \(state.walker.describe(array))")
        }
        self.state = state
        self.array = array
        self.codingPath = codingPath
        self.count = Int(state.entries[array].length)
        self.child = array + 1
    }

    var isAtEnd: Bool { currentIndex >= count! }

    /// The next element's index, with the state's path set to this container's for errors.
    private mutating func next<T>(_ type: T.Type, _ read: (Int, IndexKey) throws -> T) throws -> T {
        let saved = state.path
        let isNested = saved.count != codingPath.count
        if isNested { state.path = codingPath }
        defer { if isNested { state.path = saved } }
        guard !isAtEnd else {
            let error = ParseWireError(.missingField, offset: state.walker.offset(array), path: CodingPath.wirePath(codingPath + [IndexKey(currentIndex)]),
                                       message: "the array has only \(count!) elements")
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: error.description, underlyingError: error))
        }
        state.memberRole = .plain
        let value = try read(child, IndexKey(currentIndex))
        child = Int(state.entries[child].next)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, state.entries[child].kind == .null else { return false }
        child = Int(state.entries[child].next)
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try next(Bool.self) { [state] in try state.bool(at: $0, key: $1) }
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try next(String.self) { [state] in try state.string(at: $0, key: $1) }
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        try next(Double.self) { [state] in try state.double(at: $0, key: $1) }
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        try next(Float.self) { [state] in try state.float(at: $0, key: $1) }
    }

    mutating func decode(_ type: Int.Type) throws -> Int {
        try next(Int.self) { [state] in try state.integer(Int.self, at: $0, key: $1) }
    }

    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try next(Int64.self) { [state] in try state.integer(Int64.self, at: $0, key: $1) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(T.self) { [state] in try state.decodeValue(T.self, at: $0, key: $1) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let path = codingPath
        return try next(KeyedDecodingContainer<NestedKey>.self) { [state] valueIndex, key in
            guard state.entries[valueIndex].kind == .object else {
                throw state.failure(.wrongFieldType, at: valueIndex, key: key, type: [String: Any].self, "expected an object, found \(state.walker.describe(valueIndex))")
            }
            return KeyedDecodingContainer(WireKeyedDecoding<NestedKey>(state: state, object: valueIndex, role: .plain, codingPath: path + [key]))
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = codingPath
        return try next((any UnkeyedDecodingContainer).self) { [state] valueIndex, key in
            try WireUnkeyedDecoding(state: state, array: valueIndex, codingPath: path + [key], key: key)
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        throw state.unsupportedSuperDecoder(at: array)
    }
}

/// A single-value container: reads the value being decoded.
struct WireSingleValueDecoding: SingleValueDecodingContainer {
    let state: WireDecodingState
    let valueIndex: Int
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { state.isAbsent(valueIndex, role: state.memberRole) }
    func decode(_ type: Bool.Type) throws -> Bool { try state.bool(at: valueIndex, key: nil) }
    func decode(_ type: String.Type) throws -> String { try state.string(at: valueIndex, key: nil) }
    func decode(_ type: Double.Type) throws -> Double { try state.double(at: valueIndex, key: nil) }
    func decode(_ type: Float.Type) throws -> Float { try state.float(at: valueIndex, key: nil) }
    func decode(_ type: Int.Type) throws -> Int { try state.integer(Int.self, at: valueIndex, key: nil) }
    func decode(_ type: Int8.Type) throws -> Int8 { try state.integer(Int8.self, at: valueIndex, key: nil) }
    func decode(_ type: Int16.Type) throws -> Int16 { try state.integer(Int16.self, at: valueIndex, key: nil) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.integer(Int32.self, at: valueIndex, key: nil) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.integer(Int64.self, at: valueIndex, key: nil) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.integer(UInt.self, at: valueIndex, key: nil) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try state.integer(UInt8.self, at: valueIndex, key: nil) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try state.integer(UInt16.self, at: valueIndex, key: nil) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.integer(UInt32.self, at: valueIndex, key: nil) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.integer(UInt64.self, at: valueIndex, key: nil) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try state.decodeValue(T.self, at: valueIndex, key: nil) }
}

extension WireDecodingState {
    /// `superDecoder()` is not supported, matching the encoder, which cannot write a super value.
    func unsupportedSuperDecoder(at valueIndex: Int) -> DecodingError {
        failure(.unrepresentable, at: valueIndex, key: nil, type: Any.self,
                "superDecoder() is not supported by ParseWireDecoder; decode the superclass's properties in the subclass's container")
    }
}
