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
        /// A keyed container box kept for reuse at this depth; see ``keyedContainer(_:object:role:path:)``.
        var container = ContainerSlot()
    }

    // The state's parts. Every stored `var` is `@exclusivity(unchecked)`: a class's stored `var`
    // otherwise pays a dynamic exclusivity check on every access. That is sound here because a
    // state decodes one document on one thread (each call makes its own), and no access to a part
    // overlaps another access to the same part: the parts are reached only through the state's
    // own methods.

    // MARK: The input

    /// The JSON text: the caller's during the call; a copy the state owns once the call has
    /// ended with a decoder or container still held; see ``adoptInput()``.
    @exclusivity(unchecked) private(set) var input: UnsafeBufferPointer<UInt8>
    /// The copy of the input that the state owns, if it made one.
    @exclusivity(unchecked) private var ownedInput: UnsafeMutableBufferPointer<UInt8>?
    let entries: UnsafeBufferPointer<JSONTape.Entry>
    /// The wire decoder's walk over the same tape, for typed values, ACLs and operations.
    @exclusivity(unchecked) private(set) var walker: TapeWalker
    let options: ParseWireDecodingOptions
    let mode: ParseWireMode

    // MARK: The value being decoded and its path

    /// The tape index of the value being decoded.
    @exclusivity(unchecked) var index = 0
    /// The length of the current coding path: `levels[0..<depth]` hold its keys.
    @exclusivity(unchecked) var depth = 0
    /// The levels allocated, and how many of them have been initialised.
    @exclusivity(unchecked) var levels: UnsafeMutablePointer<Level>
    @exclusivity(unchecked) var capacity: Int
    @exclusivity(unchecked) var initialized = 0
    /// The keys that `nestedContainer` calls added to containers' paths; see ``ContainerPath``.
    @exclusivity(unchecked) var suffixes: [[any CodingKey]] = [[]]
    /// How many values are being decoded by this state: the `Decoder` it is refuses calls
    /// made when none is, that is, from a decoder kept after its value was decoded.
    @exclusivity(unchecked) var activeValues = 0

    // MARK: Parse roles

    /// The role of the container whose member is being decoded.
    @exclusivity(unchecked) var memberRole = Role.plain
    /// The tape index of the first top-level GeoPoint field of a save or update body (``SaveBodyRules``), or -1.
    @exclusivity(unchecked) var geoPointField = -1
    /// The role of the object container opened at `specialIndex` (a Parse object or the root).
    @exclusivity(unchecked) var specialIndex = -1
    @exclusivity(unchecked) var specialRole = Role.plain
    /// The class name a Pointer was last checked against; see ``plainPointerObjectId(className:)``.
    @exclusivity(unchecked) var validClassName: String?

    // MARK: Caches

    /// What is known of the types decoded so far, in this document and earlier ones; see
    /// ``traits(of:)`` and ``DecodingTraitsTable``.
    let traitsTable: DecodingTraitsTable
    let traits: UnsafeMutablePointer<TraitsSlot>
    /// The keyed container boxes kept for reuse; see ``keyedContainer(_:object:role:path:)``.
    @exclusivity(unchecked) var containers: UnsafeMutablePointer<ContainerSlot>
    /// The frames of the keyed containers made, freed with the state.
    @exclusivity(unchecked) var frames: [UnsafeMutablePointer<KeyedContainerFrame>] = []

    /// The state keeps the tape alive through ``walker``, so ``entries`` stays valid while it lives.
    init(input: UnsafeBufferPointer<UInt8>, tape: JSONTape, options: ParseWireDecodingOptions, mode: ParseWireMode) {
        self.input = input
        self.entries = tape.entries
        self.walker = TapeWalker(input: input, tape: tape, options: options.wire, context: .value)
        self.options = options
        self.mode = mode
        capacity = 16
        levels = .allocate(capacity: capacity)
        traitsTable = DecodingTraitsStore.shared.checkOut()
        traits = traitsTable.slots
        containers = .allocate(capacity: Self.containerSlots)
        containers.initialize(repeating: ContainerSlot(), count: Self.containerSlots)
    }

    deinit {
        levels.deinitialize(count: initialized)
        levels.deallocate()
        containers.deinitialize(count: Self.containerSlots)
        containers.deallocate()
        for frame in frames { frame.deallocate() }
        ownedInput?.deallocate()
    }

    var codingPath: [any CodingKey] { path(to: self.depth) }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    // MARK: - The input

    /// Copies the input into memory the state owns and reads that from now on: called when the
    /// call that lent the input ends while something else (a container or decoder that user code
    /// kept) still holds the state, so that it never reads the caller's freed memory.
    func adoptInput() {
        guard self.ownedInput == nil else { return }
        let input = self.input
        let owned = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(input.count, 1))
        _ = owned.initialize(from: input)
        self.ownedInput = owned
        let adopted = UnsafeBufferPointer(rebasing: owned[..<input.count])
        let walker = self.walker
        self.input = adopted
        self.walker = TapeWalker(input: adopted, tape: walker.tape, options: walker.options, context: walker.context)
    }

    /// Fails a call on the `Decoder` when no value is being decoded: the decoder was kept after
    /// its value was decoded, and would read whatever value the state was last pointed at.
    @inline(__always)
    func checkActive() throws {
        guard self.activeValues == 0 else { return }
        let error = ParseWireError(.unrepresentable, path: "$",
                                   message: "a Decoder was used after its value was decoded; keep the containers it gave, or the decoded value")
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.message, underlyingError: error))
    }

    // MARK: - The coding path

    /// The level at `depth`, allocated and initialised if it was not yet.
    @inline(__always)
    func level(_ depth: Int) -> UnsafeMutablePointer<Level> {
        if depth >= self.initialized { initializeLevels(through: depth) }
        return self.levels + depth
    }

    @inline(never)
    private func initializeLevels(through depth: Int) {
        if depth >= self.capacity {
            let capacity = max(self.capacity * 2, depth + 1)
            let levels = UnsafeMutablePointer<Level>.allocate(capacity: capacity)
            levels.moveInitialize(from: self.levels, count: self.initialized)
            self.levels.deallocate()
            self.levels = levels
            self.capacity = capacity
        }
        while self.initialized <= depth {
            (self.levels + self.initialized).initialize(to: Level())
            self.initialized += 1
        }
    }

    /// The keys of the current path's first `depth` levels.
    func path(to depth: Int) -> [any CodingKey] {
        (0..<depth).map { self.levels[$0].key! }
    }

    /// The current path, then `key` if there is one.
    func path(appending key: some CodingKey) -> [any CodingKey] {
        var path = path(to: self.depth)
        if let key = NoKey.existing(key) { path.append(key) }
        return path
    }

    /// Appends `key` to the current path, unless it is ``NoKey``.
    @inline(__always)
    func pushIfKey<K: CodingKey>(_ key: K) {
        if K.self != NoKey.self { push(key) }
    }

    /// Appends `key` to the current path.
    @inline(__always)
    func push(_ key: any CodingKey) {
        let depth = self.depth
        level(depth).pointee.key = key
        self.depth = depth + 1
    }

    // MARK: - Containers' paths

    /// A container's coding path, without the keys: the first `base` keys of the state's path
    /// (the path of the value whose decoder made the container, which stays in place while that
    /// value is decoded), then the keys that `nestedContainer` calls added, kept by the state
    /// under the number `suffix` (0 for none, the usual case).
    struct ContainerPath {
        let base: Int
        let suffix: Int
        /// The path's length.
        let depth: Int
    }

    /// The path of a container made by the current value's decoder.
    var currentContainerPath: ContainerPath {
        let depth = self.depth
        return ContainerPath(base: depth, suffix: 0, depth: depth)
    }

    /// The path of a container made by `nestedContainer` for `key` in the container at `path`.
    func nested(_ path: ContainerPath, _ key: any CodingKey) -> ContainerPath {
        self.suffixes.append(self.suffixes[path.suffix] + [key])
        return ContainerPath(base: path.base, suffix: self.suffixes.count - 1, depth: path.depth + 1)
    }

    /// The keys of a container's path.
    func keys(of path: ContainerPath) -> [any CodingKey] {
        self.path(to: path.base) + self.suffixes[path.suffix]
    }

    /// Sets the current path to a container's, for errors and for the keys of the values it
    /// decodes. Returns what ``leave(_:)`` needs to put the path back: containers with a suffix
    /// are used while the current path is another's, the others only while it is theirs.
    @inline(__always)
    func enter(_ path: ContainerPath) -> Int {
        if path.suffix == 0 {
            self.depth = path.base
            return -1
        }
        let saved = self.depth
        self.depth = path.base
        for key in self.suffixes[path.suffix] { push(key) }
        return saved
    }

    @inline(__always)
    func leave(_ saved: Int) {
        if saved >= 0 { self.depth = saved }
    }

    /// Runs `body` with the current path set to a container's; see ``enter(_:)``.
    @inline(__always)
    func within<R>(_ path: ContainerPath, _ body: () throws -> R) rethrows -> R {
        let saved = enter(path)
        defer { leave(saved) }
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
    func decodeValue<T: Decodable>(_ type: T.Type, at valueIndex: Int, key: some CodingKey) throws -> T {
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
        } else if T.self == Decimal.self {
            return try decimal(at: valueIndex, key: key) as! T
        }
        return try decodeComposite(T.self, at: valueIndex, key: key)
    }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try checkActive()
        let index = self.index
        guard entries[index].kind == .object else {
            throw failure(.wrongFieldType, at: index, key: NoKey(), type: [String: Any].self, "expected an object, found \(walker.describe(index))")
        }
        let role = self.specialIndex == index ? self.specialRole : .plain
        return keyedContainer(Key.self, object: index, role: role, path: currentContainerPath)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkActive()
        return try WireUnkeyedDecoding(state: self, array: self.index, path: currentContainerPath, key: NoKey())
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try checkActive()
        return WireSingleValueDecoding(state: self, valueIndex: self.index, depth: self.depth)
    }
}
