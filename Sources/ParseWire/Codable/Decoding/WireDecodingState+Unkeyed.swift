import Foundation

/// An array container reading elements from the tape.
///
/// Like ``WireKeyedDecoding``, it holds the state and plain values only.
struct WireUnkeyedDecoding: UnkeyedDecodingContainer {
    let state: WireDecodingState
    let array: Int
    let path: WireDecodingState.ContainerPath
    let count: Int?
    private(set) var currentIndex = 0
    private var child: Int

    init(state: WireDecodingState, array: Int, path: WireDecodingState.ContainerPath, key: some CodingKey) throws {
        guard state.entries[array].kind == .array else {
            throw state.failure(.wrongFieldType, at: array, key: key, type: [Any].self, "expected an array, found \(state.walker.describe(array))")
        }
        self.state = state
        self.array = array
        self.path = path
        self.count = Int(state.entries[array].length)
        self.child = array + 1
    }

    var codingPath: [any CodingKey] { state.keys(of: path) }

    var isAtEnd: Bool { currentIndex >= count! }

    /// Reads the next element with the state's path set to this container's, for errors.
    private mutating func next<T>(_ type: T.Type, _ read: (Int, IndexKey) throws -> T) throws -> T {
        let (index, position) = (child, currentIndex)
        let value = try state.within(path) { () throws -> T in
            guard position < count! else { throw pastEnd(T.self) }
            state.memberRole = .plain
            return try read(index, IndexKey(position))
        }
        child = Int(state.entries[index].next)
        currentIndex = position + 1
        return value
    }

    /// Reading past the last element.
    @inline(never)
    private func pastEnd(_ type: Any.Type) -> any Error {
        let path = codingPath
        let error = ParseWireError(.missingField, offset: state.walker.offset(array), path: CodingPath.wirePath(path + [IndexKey(currentIndex)]),
                                   message: "the array has only \(count!) elements")
        return DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: error.description, underlyingError: error))
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
        let path = path
        return try next(KeyedDecodingContainer<NestedKey>.self) { [state] valueIndex, key in
            guard state.entries[valueIndex].kind == .object else {
                throw state.failure(.wrongFieldType, at: valueIndex, key: key, type: [String: Any].self, "expected an object, found \(state.walker.describe(valueIndex))")
            }
            return state.keyedContainer(NestedKey.self, object: valueIndex, role: .plain, path: state.nested(path, key))
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = path
        return try next((any UnkeyedDecodingContainer).self) { [state] valueIndex, key in
            try WireUnkeyedDecoding(state: state, array: valueIndex, path: state.nested(path, key), key: key)
        }
    }

    /// A decoder for the next element, as `JSONDecoder` gives.
    mutating func superDecoder() throws -> any Decoder {
        let path = path
        return try next(WireSuperDecoder.self) { [state] valueIndex, key in
            WireSuperDecoder(state: state, valueIndex: valueIndex, path: state.nested(path, key), key: key)
        }
    }
}

/// A single-value container: reads the value being decoded.
struct WireSingleValueDecoding: SingleValueDecodingContainer {
    let state: WireDecodingState
    let valueIndex: Int
    /// The length of the container's coding path, the first keys of the state's path.
    let depth: Int

    var codingPath: [any CodingKey] { state.path(to: depth) }

    func decodeNil() -> Bool { state.isAbsent(valueIndex, role: state.memberRole) }
    func decode(_ type: Bool.Type) throws -> Bool { try state.bool(at: valueIndex, key: NoKey()) }
    func decode(_ type: String.Type) throws -> String { try state.string(at: valueIndex, key: NoKey()) }
    func decode(_ type: Double.Type) throws -> Double { try state.double(at: valueIndex, key: NoKey()) }
    func decode(_ type: Float.Type) throws -> Float { try state.float(at: valueIndex, key: NoKey()) }
    func decode(_ type: Int.Type) throws -> Int { try state.integer(Int.self, at: valueIndex, key: NoKey()) }
    func decode(_ type: Int8.Type) throws -> Int8 { try state.integer(Int8.self, at: valueIndex, key: NoKey()) }
    func decode(_ type: Int16.Type) throws -> Int16 { try state.integer(Int16.self, at: valueIndex, key: NoKey()) }
    func decode(_ type: Int32.Type) throws -> Int32 { try state.integer(Int32.self, at: valueIndex, key: NoKey()) }
    func decode(_ type: Int64.Type) throws -> Int64 { try state.integer(Int64.self, at: valueIndex, key: NoKey()) }
    func decode(_ type: UInt.Type) throws -> UInt { try state.integer(UInt.self, at: valueIndex, key: NoKey()) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try state.integer(UInt8.self, at: valueIndex, key: NoKey()) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try state.integer(UInt16.self, at: valueIndex, key: NoKey()) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try state.integer(UInt32.self, at: valueIndex, key: NoKey()) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try state.integer(UInt64.self, at: valueIndex, key: NoKey()) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try state.decodeValue(T.self, at: valueIndex, key: NoKey()) }
}

extension WireDecodingState {
}
