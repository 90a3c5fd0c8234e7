import Foundation

/// One run of ``ParseWireDecoder`` over a scanned document's tape.
///
/// One instance is the `Decoder` of every value, pointed at one tape entry at a time, so decoding
/// allocates no object per value and builds no dictionary per JSON object: a keyed lookup scans
/// the object's keys on the tape, starting after the key found last, so reading the keys in the
/// order they were written (what synthesised `Decodable` code does with what this library
/// encodes) costs one comparison per key.
final class WireDecodingState: Decoder {
    /// What the keys of an object mean; see ``WireEncodingState/Role``.
    enum Role {
        case plain, object, body
    }

    /// One level of the coding path: the key of the value at that depth, and the search cursor
    /// of the object container at that depth.
    struct Level {
        var key: (any CodingKey)?
        /// The object last searched at this depth, and where the next search in it starts.
        var cursorObject = -1
        var cursorMember = 0
    }

    /// The state that changes while decoding, kept behind a pointer: a stored property of a class
    /// would pay a dynamic exclusivity check on every write.
    struct Hot {
        /// The tape index of the value being decoded.
        var index = 0
        /// The length of the current coding path: `levels[0..<depth]` hold its keys.
        var depth = 0
        /// The levels allocated, and how many of them have been initialised.
        var levels: UnsafeMutablePointer<Level>
        var capacity: Int
        var initialized = 0
        /// The role of the container whose member is being decoded.
        var memberRole = Role.plain
        /// The role of the object container opened at `specialIndex` (a Parse object or the root).
        var specialIndex = -1
        var specialRole = Role.plain
        /// What is known of the types decoded so far; see ``traits(of:)``.
        var traits: UnsafeMutablePointer<TraitsSlot>
    }

    let input: UnsafeBufferPointer<UInt8>
    let entries: UnsafeBufferPointer<JSONTape.Entry>
    /// The wire decoder's walk over the same tape, for typed values, ACLs and operations.
    let walker: TapeWalker
    let options: ParseWireDecodingOptions
    let mode: ParseWireMode
    let hot: UnsafeMutablePointer<Hot>

    init(input: UnsafeBufferPointer<UInt8>, tape: JSONTape, entries: UnsafeBufferPointer<JSONTape.Entry>,
         options: ParseWireDecodingOptions, mode: ParseWireMode) {
        self.input = input
        self.entries = entries
        self.walker = TapeWalker(input: input, entries: tape.entries, options: options.wire, context: .value)
        self.options = options
        self.mode = mode
        let capacity = 16
        hot = .allocate(capacity: 1)
        let traits = UnsafeMutablePointer<TraitsSlot>.allocate(capacity: Self.traitsSlots)
        traits.initialize(repeating: TraitsSlot(), count: Self.traitsSlots)
        hot.initialize(to: Hot(levels: .allocate(capacity: capacity), capacity: capacity, traits: traits))
    }

    deinit {
        hot.pointee.levels.deinitialize(count: hot.pointee.initialized)
        hot.pointee.levels.deallocate()
        hot.pointee.traits.deinitialize(count: Self.traitsSlots)
        hot.pointee.traits.deallocate()
        hot.deinitialize(count: 1)
        hot.deallocate()
    }

    /// The tape index of the value being decoded.
    var index: Int {
        get { hot.pointee.index }
        set { hot.pointee.index = newValue }
    }

    /// The role of the container whose member is being decoded.
    var memberRole: Role {
        get { hot.pointee.memberRole }
        set { hot.pointee.memberRole = newValue }
    }

    var codingPath: [any CodingKey] { path(to: hot.pointee.depth) }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: - The coding path

    /// The level at `depth`, allocated and initialised if it was not yet.
    @inline(__always)
    func level(_ depth: Int) -> UnsafeMutablePointer<Level> {
        if depth >= hot.pointee.initialized { initializeLevels(through: depth) }
        return hot.pointee.levels + depth
    }

    @inline(never)
    private func initializeLevels(through depth: Int) {
        if depth >= hot.pointee.capacity {
            let capacity = max(hot.pointee.capacity * 2, depth + 1)
            let levels = UnsafeMutablePointer<Level>.allocate(capacity: capacity)
            levels.moveInitialize(from: hot.pointee.levels, count: hot.pointee.initialized)
            hot.pointee.levels.deallocate()
            hot.pointee.levels = levels
            hot.pointee.capacity = capacity
        }
        while hot.pointee.initialized <= depth {
            (hot.pointee.levels + hot.pointee.initialized).initialize(to: Level())
            hot.pointee.initialized += 1
        }
    }

    /// The keys of the current path's first `depth` levels.
    func path(to depth: Int) -> [any CodingKey] {
        (0..<depth).map { hot.pointee.levels[$0].key! }
    }

    /// The current path, then `key` if there is one.
    func path(appending key: (any CodingKey)?) -> [any CodingKey] {
        var path = path(to: hot.pointee.depth)
        if let key { path.append(key) }
        return path
    }

    /// Sets the current path to a container's: the first `base` levels as they are (the path of
    /// the value whose decoder made the container), then the container's own `suffix`.
    /// Returns the depth of the container's members' values.
    @inline(__always)
    func enter(base: Int, suffix: [any CodingKey]) -> Int {
        hot.pointee.depth = base
        if suffix.isEmpty { return base }
        for key in suffix { push(key) }
        return hot.pointee.depth
    }

    /// Appends `key` to the current path.
    @inline(__always)
    func push(_ key: any CodingKey) {
        let depth = hot.pointee.depth
        level(depth).pointee.key = key
        hot.pointee.depth = depth + 1
    }

    /// Runs `body` with the current path set to a container's (see ``enter(base:suffix:)``),
    /// then puts the path back. Only containers with a suffix (made by `nestedContainer`) need
    /// putting back: the others' path is the current one whenever they are used.
    @inline(__always)
    func within<R>(base: Int, suffix: [any CodingKey], _ body: () throws -> R) rethrows -> R {
        if suffix.isEmpty {
            hot.pointee.depth = base
            return try body()
        }
        let saved = hot.pointee.depth
        _ = enter(base: base, suffix: suffix)
        defer { hot.pointee.depth = saved }
        return try body()
    }

    /// The bridge's decoder behind `decoder`, for the wire types' `init(from:)`.
    static func required<T>(_ decoder: any Decoder, for type: T.Type) throws -> WireDecodingState {
        guard let state = decoder as? WireDecodingState else {
            let error = ParseWireError(.unrepresentable, path: CodingPath.wirePath(decoder.codingPath),
                                       message: "\(T.self) decodes only with ParseWireDecoder, which reads its wire form")
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message, underlyingError: error))
        }
        return state
    }

    // MARK: - Values

    /// Reads the value at tape index `at`, by type identity for the common scalars, otherwise
    /// through its `init(from:)`. `key` is the value's key or index in its container.
    func decodeValue<T: Decodable>(_ type: T.Type, at valueIndex: Int, key: (any CodingKey)?) throws -> T {
        if T.self == String.self {
            return try string(at: valueIndex, key: key) as! T
        } else if T.self == Int.self {
            return try integer(Int.self, at: valueIndex, key: key) as! T
        } else if T.self == Double.self {
            return try double(at: valueIndex, key: key) as! T
        } else if T.self == Float.self {
            return try float(at: valueIndex, key: key) as! T
        } else if T.self == Bool.self {
            return try bool(at: valueIndex, key: key) as! T
        } else if T.self == Date.self {
            return try date(at: valueIndex, key: key) as! T
        } else if T.self == Data.self {
            return try data(at: valueIndex, key: key) as! T
        } else if T.self == Int64.self {
            return try integer(Int64.self, at: valueIndex, key: key) as! T
        } else if T.self == [String].self {
            return try strings(at: valueIndex, key: key) as! T
        } else if T.self == [String: String].self {
            return try stringMap(at: valueIndex, key: key) as! T
        } else if T.self == URL.self {
            return try url(at: valueIndex, key: key) as! T
        }
        return try decodeComposite(T.self, at: valueIndex, key: key)
    }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let index = hot.pointee.index
        guard entries[index].kind == .object else {
            throw failure(.wrongFieldType, at: index, key: nil, type: [String: Any].self, "expected an object, found \(walker.describe(index))")
        }
        let role = hot.pointee.specialIndex == index ? hot.pointee.specialRole : .plain
        return KeyedDecodingContainer(WireKeyedDecoding<Key>(state: self, object: index, role: role, base: hot.pointee.depth, suffix: []))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try WireUnkeyedDecoding(state: self, array: hot.pointee.index, base: hot.pointee.depth, suffix: [])
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        WireSingleValueDecoding(state: self, valueIndex: hot.pointee.index, depth: hot.pointee.depth)
    }
}
