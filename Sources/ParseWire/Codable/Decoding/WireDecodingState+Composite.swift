import Foundation

extension WireDecodingState {
    /// What decoding needs to know of a type beyond its `init(from:)`.
    struct Traits {
        /// The type as a Parse object type, which decodes from a fetched or included object.
        var parseObjectType: (any ParseObject.Type)?
        /// The type as an array, whose elements are read without an unkeyed container, or as a
        /// `[String: ParseValue]`, whose members are read without a keyed container.
        var directType: (any WireDirectDecodable.Type)?
        /// Whether the type is a `Dictionary` keyed by `String`: a plain map, whose keys are checked
        /// as the encoder checks them.
        var isPlainMap = false
    }

    /// One entry of the traits table.
    struct TraitsSlot {
        var type: ObjectIdentifier?
        var traits = Traits()
    }

    /// The size of the traits table, a power of two.
    static let traitsSlots = 32

    /// A value of a type that is neither a common scalar nor has a fast path of its own: through
    /// its `init(from:)`, with the key pushed on the path and the state pointed at the value.
    func decodeComposite<T: Decodable>(_ type: T.Type, at valueIndex: Int, key: some CodingKey) throws -> T {
        // The recursion of nested values goes through this function: what it does before and
        // after the value's own code is in functions of their own, to keep its frame small.
        let (saved, directType) = try enterComposite(T.self, at: valueIndex, key: key)
        defer { leaveComposite(saved) }
        do {
            if let directType { return try directType.decodeElements(from: self, as: T.self) }
            return try T(from: self)
        } catch {
            throw located(error, at: valueIndex)
        }
    }

    /// Points the state at a composite value; returns what ``leaveComposite(_:)`` puts back, and
    /// the type as one read without containers if it is one.
    @inline(never)
    private func enterComposite<T: Decodable>(_ type: T.Type, at valueIndex: Int,
                                              key: some CodingKey) throws -> (saved: (index: Int, depth: Int), directType: (any WireDirectDecodable.Type)?) {
        let traits = traits(of: T.self)
        if let parseType = traits.parseObjectType {
            let isBodyRoot = valueIndex == 0 && mode.isBody
            if !isBodyRoot { try checkObjectShape(at: valueIndex, className: parseType.className, key: key) }
            self.specialIndex = valueIndex
            self.specialRole = isBodyRoot ? .body : .object
        } else if valueIndex == 0 {
            self.specialIndex = 0
            self.specialRole = mode == .value ? .plain : (mode.isBody ? .body : .object)
        }
        if traits.isPlainMap {
            if valueIndex != 0 || mode == .value { try checkPlainMap(at: valueIndex, key: key, type: T.self) }
            try checkDistinctStringKeys(at: valueIndex, key: key, type: T.self)
        }
        let saved = (index: self.index, depth: self.depth)
        pushIfKey(key)
        self.index = valueIndex
        self.activeValues += 1
        return (saved, traits.directType)
    }

    @inline(never)
    private func leaveComposite(_ saved: (index: Int, depth: Int)) {
        self.index = saved.index
        self.depth = saved.depth
        self.activeValues -= 1
    }

    /// What decoding needs to know of `type` beyond its `init(from:)`, found by dynamic casts
    /// once per type and kept in a small table indexed by the type's identity.
    func traits<T>(of type: T.Type) -> Traits {
        let identity = ObjectIdentifier(type)
        let bits = UInt(bitPattern: identity)
        // A multiplicative hash: the metadata of generic types made at run time (`TypedPointer<Author>`,
        // `[Ingredient]`) sit at addresses whose few shifted bits collided in a table this small.
        // Two ways per set: the types' metadata sit at addresses that change from build to build,
        // and two types used in turn that shared one slot missed on every value (measured: one
        // build missed about 1,000 of 24,000 lookups decoding Recipes, the one before it 3).
        let set = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> (UInt.bitWidth - Self.traitsSlots.trailingZeroBitCount)) & ~1
        let first = self.traits + set
        if first.pointee.type == identity { return first.pointee.traits }
        let second = first + 1
        if second.pointee.type == identity { return second.pointee.traits }
        let traits = Traits(parseObjectType: type as? any ParseObject.Type, directType: type as? any WireDirectDecodable.Type,
                            isPlainMap: type is any PlainStringMap.Type)
        // The newest type takes the first way, the one it held moves to the second.
        second.pointee = first.pointee
        first.pointee = TraitsSlot(type: identity, traits: traits)
        return traits
    }

    /// A nested Parse object must be an object: the fetched form, or an included object
    /// (`"__type":"Object"`) of the right class. A Pointer is not the object.
    private func checkObjectShape(at valueIndex: Int, className: String, key: some CodingKey) throws {
        guard entries[valueIndex].kind == .object else {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: [String: Any].self,
                          "expected a \(className) object, found \(walker.describe(valueIndex))")
        }
        guard let typeIndex = memberValue(named: WireTypeName.key, in: valueIndex) else { return }
        let typeName = entries[typeIndex].kind == .string ? walker.string(at: typeIndex) : ""
        switch WireTypeName(rawValue: typeName) {
        case .object:
            let classIndex = memberValue(named: "className", in: valueIndex)
            let found = classIndex.map { entries[$0].kind == .string ? walker.string(at: $0) : walker.describe($0) } ?? "no class"
            guard found == className else {
                throw failure(.wrongFieldType, at: classIndex ?? valueIndex, key: key, type: [String: Any].self,
                              "expected an included \(className) object, found one of class \(found)")
            }
        case .pointer:
            // The object is built from the Pointer's objectId alone; a type that needs more
            // fails on its first missing key, whose message says what to do (see missingKey).
            try checkPointer(at: valueIndex, className: className, key: key)
        case .date, .bytes, .relation, .geoPoint, .file, .polygon, nil:
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: [String: Any].self,
                          "expected a \(className) object, found a value of __type \(JSONStrings.quoted(typeName))")
        }
    }
}

extension WireDecodingState {
    /// Checks the Pointer at `valueIndex` that a nested object is read from, as a `Pointer`
    /// property is checked, with `key` on the path.
    @inline(never)
    fileprivate func checkPointer(at valueIndex: Int, className: String, key: some CodingKey) throws {
        let saved = (index: self.index, depth: self.depth)
        defer {
            self.index = saved.index
            self.depth = saved.depth
        }
        pushIfKey(key)
        self.index = valueIndex
        _ = try decodePointer(className: className)
    }
}

/// A `Dictionary` keyed by `String`: JSON's plain map.
protocol PlainStringMap {}

extension Dictionary: PlainStringMap where Key == String {}

/// A composite that ``ParseWireDecoder`` reads straight from the tape, as its `init(from:)` does
/// through a container, without making the container: an array, element by element, and a
/// `[String: ParseValue]`, member by member.
protocol WireDirectDecodable {
    /// Reads the value at the state's current value; `type` is `Self`.
    static func decodeElements<R>(from state: WireDecodingState, as type: R.Type) throws -> R
}

extension Array: WireDirectDecodable where Element: Decodable {
    static func decodeElements<R>(from state: WireDecodingState, as type: R.Type) throws -> R {
        let array = state.index
        guard state.entries[array].kind == .array else {
            throw state.failure(.wrongFieldType, at: array, key: NoKey(), type: [Any].self, "expected an array, found \(state.walker.describe(array))")
        }
        if Element.self == ParseValue.self {
            // Checked here, where only arrays come, so that other types pay no type comparison.
            return try state.parseValues(at: array, key: NoKey()) as! R
        }
        let count = Int(state.entries[array].length)
        let depth = state.depth
        var elements: [Element] = []
        elements.reserveCapacity(count)
        var child = array + 1
        for position in 0..<count {
            state.depth = depth
            state.memberRole = .plain
            elements.append(try state.decodeValue(Element.self, at: child, key: IndexKey(position)))
            child = Int(state.entries[child].next)
        }
        return elements as! R
    }
}

extension Dictionary: WireDirectDecodable where Key == String, Value == ParseValue {
    static func decodeElements<R>(from state: WireDecodingState, as type: R.Type) throws -> R {
        let map = state.index
        // The members of a body or a fetched object at the top of the document are its fields,
        // read by the keyed container with the rules of their role; any other map's are plain.
        guard state.specialIndex != map || state.specialRole == .plain else { return try Self(from: state) as! R }
        return try state.parseValueMap(at: map) as! R
    }
}
