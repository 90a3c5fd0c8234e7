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

    struct Traits {
        let parseObjectType: (any ParseObject.Type)?
    }

    let input: UnsafeBufferPointer<UInt8>
    let entries: UnsafeBufferPointer<JSONTape.Entry>
    /// The wire decoder's walk over the same tape, for typed values, ACLs and operations.
    let walker: TapeWalker
    let options: ParseWireDecodingOptions
    let mode: ParseWireMode
    /// The tape index of the value being decoded.
    var index = 0
    var path: [any CodingKey] = []
    /// The role of the container whose member is being decoded.
    var memberRole = Role.plain
    /// The role of the object container opened at a given tape index (a Parse object or the root).
    var specialRole: (index: Int, role: Role)?
    /// Per container depth: the object last searched and where the next search starts.
    var cursors: [(object: Int, member: Int)] = []
    var cachedTraits: (type: ObjectIdentifier, traits: Traits)?

    init(input: UnsafeBufferPointer<UInt8>, tape: JSONTape, entries: UnsafeBufferPointer<JSONTape.Entry>,
         options: ParseWireDecodingOptions, mode: ParseWireMode) {
        self.input = input
        self.entries = entries
        self.walker = TapeWalker(input: input, tape: tape, options: options.wire, context: .value)
        self.options = options
        self.mode = mode
    }

    var codingPath: [any CodingKey] { path }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

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

    private func decodeComposite<T: Decodable>(_ type: T.Type, at valueIndex: Int, key: (any CodingKey)?) throws -> T {
        if let parseType = traits(of: T.self).parseObjectType {
            let isBodyRoot = valueIndex == 0 && mode.isBody
            if !isBodyRoot { try checkObjectShape(at: valueIndex, className: parseType.className, key: key) }
            specialRole = (valueIndex, isBodyRoot ? .body : .object)
        } else if valueIndex == 0 {
            specialRole = (0, mode == .value ? .plain : (mode.isBody ? .body : .object))
        }
        if let key { path.append(key) }
        let savedIndex = index
        index = valueIndex
        defer {
            index = savedIndex
            if key != nil { path.removeLast() }
        }
        do {
            return try T(from: self)
        } catch let error as DecodingError {
            throw located(error, at: valueIndex)
        }
    }

    private func traits<T>(of type: T.Type) -> Traits {
        let identity = ObjectIdentifier(type)
        if let cachedTraits, cachedTraits.type == identity { return cachedTraits.traits }
        let traits = Traits(parseObjectType: type as? any ParseObject.Type)
        cachedTraits = (identity, traits)
        return traits
    }

    /// A nested Parse object must be an object: the fetched form, or an included object
    /// (`"__type":"Object"`) of the right class. A Pointer is not the object.
    private func checkObjectShape(at valueIndex: Int, className: String, key: (any CodingKey)?) throws {
        guard entries[valueIndex].kind == .object else {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: [String: Any].self,
                          "expected a \(className) object, found \(walker.describe(valueIndex))")
        }
        guard let typeIndex = memberValue(named: "__type", in: valueIndex) else { return }
        let typeName = entries[typeIndex].kind == .string ? walker.string(at: typeIndex) : ""
        switch typeName {
        case "Object":
            let classIndex = memberValue(named: "className", in: valueIndex)
            let found = classIndex.map { entries[$0].kind == .string ? walker.string(at: $0) : walker.describe($0) } ?? "no class"
            guard found == className else {
                throw failure(.wrongFieldType, at: classIndex ?? valueIndex, key: key, type: [String: Any].self,
                              "expected an included \(className) object, found one of class \(found)")
            }
        case "Pointer":
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: [String: Any].self,
                          "found a Pointer where a whole \(className) object is expected; include the key in the query, or declare the property as Pointer<\(className)>")
        default:
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: [String: Any].self,
                          "expected a \(className) object, found a value of __type \(JSONStrings.quoted(typeName))")
        }
    }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard entries[index].kind == .object else {
            throw failure(.wrongFieldType, at: index, key: nil, type: [String: Any].self, "expected an object, found \(walker.describe(index))")
        }
        let role = specialRole.flatMap { $0.index == index ? $0.role : nil } ?? .plain
        return KeyedDecodingContainer(WireKeyedDecoding<Key>(state: self, object: index, role: role, codingPath: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try WireUnkeyedDecoding(state: self, array: index, codingPath: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        WireSingleValueDecoding(state: self, valueIndex: index, codingPath: path)
    }

    // MARK: - Keys

    /// The value index of the member `name` of the object at `object`, or `nil`.
    ///
    /// `depth` picks the search cursor: the search starts after the member found last in this
    /// object and wraps around, so keys read in written order are found at the first comparison.
    func find(_ name: String, in object: Int, depth: Int) -> Int? {
        let entry = entries[object]
        guard entry.length > 0 else { return nil }
        let end = Int(entry.next)
        while cursors.count <= depth { cursors.append((-1, 0)) }
        var start = object + 1
        if cursors[depth].object == object, cursors[depth].member < end { start = cursors[depth].member }
        var name = name
        return name.withUTF8 { key -> Int? in
            var child = start
            while child < end {
                let next = Int(entries[child + 1].next)
                if keyMatches(child, key) {
                    cursors[depth] = (object, next)
                    return child + 1
                }
                child = next
            }
            child = object + 1
            while child < start {
                let next = Int(entries[child + 1].next)
                if keyMatches(child, key) {
                    cursors[depth] = (object, next)
                    return child + 1
                }
                child = next
            }
            return nil
        }
    }

    private func keyMatches(_ keyIndex: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = entries[keyIndex]
        if entry.flags & JSONTape.stringHasEscapes != 0 {
            return JSONStrings.unescapedBytes(of: entry, in: input).elementsEqual(key)
        }
        guard Int(entry.length) == key.count else { return false }
        return key.isEmpty || memcmp(input.baseAddress! + Int(entry.offset), key.baseAddress!, key.count) == 0
    }

    /// The value index of the member `name` of the object at `object`, without touching cursors.
    func memberValue(named name: StaticString, in object: Int) -> Int? {
        var child = object + 1
        for _ in 0..<Int(entries[object].length) {
            if walker.keyEquals(child, name) { return child + 1 }
            child = Int(entries[child + 1].next)
        }
        return nil
    }

    /// Whether the value is `null`, or `{"__op":"Delete"}` as a top-level value of a body.
    func isAbsent(_ valueIndex: Int, role: Role) -> Bool {
        let entry = entries[valueIndex]
        if entry.kind == .null { return true }
        guard role == .body, entry.kind == .object, entry.length == 1, walker.keyEquals(valueIndex + 1, "__op"),
              entries[valueIndex + 2].kind == .string else { return false }
        return walker.string(at: valueIndex + 2) == "Delete"
    }
}
