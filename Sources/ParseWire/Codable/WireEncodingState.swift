import Foundation

/// One run of ``ParseWireEncoder``: the output bytes, the open containers and the coding path.
///
/// One instance is the `Encoder` of every value in the document, so encoding allocates no object
/// per value. Containers write straight into ``json``; a container is closed when a member is
/// written to a container outside it, or when the value that opened it is finished. A container
/// must therefore not be used after a sibling of its parent has been written, which the
/// synthesised `Encodable` code never does.
final class WireEncodingState: Encoder {
    /// What the keys of an object container mean.
    enum Role: Equatable {
        /// A plain map: every key is a nested key (no `$` or `.`).
        case plain
        /// A fetched or embedded object: `objectId`, plain-string `createdAt`/`updatedAt`, `ACL`, fields.
        case object
        /// A save or update body: server-owned keys left out, values may be operations.
        case body
    }

    /// An open container.
    struct Frame {
        let isArray: Bool
        let role: Role
        var count = 0
    }

    /// What a member key of an object container stands for.
    enum Slot {
        case field, skip, objectId, timestamp, acl
    }

    /// Facts about a type, cached for the last type seen (arrays repeat one element type).
    struct Traits {
        let parseObjectType: (any ParseObject.Type)?
        let isClass: Bool
    }

    let options: ParseWireEncodingOptions
    let mode: ParseWireMode
    /// The output and the open containers live behind pointers: stored properties of a class
    /// get a dynamic exclusivity check on every mutation, which measured a fifth of encoding time.
    private let jsonStorage = UnsafeMutablePointer<JSONWriter>.allocate(capacity: 1)
    private let framesStorage = UnsafeMutablePointer<[Frame]>.allocate(capacity: 1)
    var json: JSONWriter {
        unsafeAddress { UnsafePointer(jsonStorage) }
        unsafeMutableAddress { jsonStorage }
    }
    var frames: [Frame] {
        unsafeAddress { UnsafePointer(framesStorage) }
        unsafeMutableAddress { framesStorage }
    }
    var path: [any CodingKey] = []
    /// The frame level at which the value being encoded opens its container.
    var valueLevel = 0
    /// The role of the first object container, decided when the root value is known.
    var rootRole = Role.plain
    /// The class name written as `"__type":"Object","className":…` for a top-level object in value mode.
    var embeddedClassName: String?
    /// The role of the container whose member is being written.
    var memberRole = Role.plain
    /// Class instances being encoded, to turn a reference cycle into an error.
    var activeObjects: [ObjectIdentifier] = []
    var cachedTraits: (type: ObjectIdentifier, traits: Traits)?
    /// A misuse noticed where the `Encoder` protocol cannot throw; thrown when the document ends.
    var deferredError: EncodingError?

    init(options: ParseWireEncodingOptions, mode: ParseWireMode) {
        self.options = options
        self.mode = mode
        jsonStorage.initialize(to: JSONWriter(capacity: 512))
        framesStorage.initialize(to: [])
    }

    deinit {
        jsonStorage.deinitialize(count: 1)
        jsonStorage.deallocate()
        framesStorage.deinitialize(count: 1)
        framesStorage.deallocate()
    }

    var codingPath: [any CodingKey] { path }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    /// The bridge's encoder behind `encoder`, for the wire types' `encode(to:)`.
    static func required<T>(_ encoder: any Encoder, for type: T.Type) throws -> WireEncodingState {
        guard let state = encoder as? WireEncodingState else {
            let error = ParseWireError(.unrepresentable, path: CodingPath.wirePath(encoder.codingPath),
                                       message: "\(T.self) encodes only with ParseWireEncoder, which writes its wire form")
            throw EncodingError.invalidValue(T.self, .init(codingPath: encoder.codingPath, debugDescription: error.message, underlyingError: error))
        }
        return state
    }

    // MARK: - The document

    func encodeDocument<T: Encodable>(_ value: T) throws -> [UInt8] {
        try encodeValue(value, key: nil)
        if let deferredError { throw deferredError }
        if mode != .value, json.bytes.first != UInt8(ascii: "{") {
            throw failure(.wrongFieldType, value: value, key: nil,
                          "the \(mode) mode writes a JSON object, but \(T.self) encodes as another JSON value")
        }
        return json.bytes
    }

    // MARK: - Values

    /// Writes one value, by type identity for the common scalars and wire types, otherwise through
    /// its `encode(to:)`. `key` is the value's key or index in its container, for error paths.
    func encodeValue<T: Encodable>(_ value: T, key: (any CodingKey)?) throws {
        if T.self == String.self {
            json.writeString(value as! String)
        } else if T.self == Int.self {
            NumberFormatting.appendInteger(Int64(value as! Int), to: &json.bytes)
        } else if T.self == Double.self {
            try writeDouble(value as! Double, key: key)
        } else if T.self == Float.self {
            try writeFloat(value as! Float, key: key)
        } else if T.self == Bool.self {
            writeBool(value as! Bool)
        } else if T.self == Date.self {
            try writeDate(value as! Date, key: key)
        } else if T.self == Data.self {
            writeData(value as! Data)
        } else if T.self == Int64.self {
            NumberFormatting.appendInteger(value as! Int64, to: &json.bytes)
        } else if T.self == [String].self {
            writeStrings(value as! [String])
        } else if T.self == [String: String].self {
            try writeStringMap(value as! [String: String], key: key)
        } else if T.self == URL.self {
            json.writeString((value as! URL).absoluteString)
        } else {
            try encodeComposite(value, key: key)
        }
    }

    private func encodeComposite<T: Encodable>(_ value: T, key: (any CodingKey)?) throws {
        let traits = traits(of: T.self)
        if let parseType = traits.parseObjectType {
            if !frames.isEmpty {
                return try writePointer(to: value as! any ParseObject, of: parseType, key: key)
            }
            rootRole = mode == .value ? .object : (mode.isBody ? .body : .object)
            embeddedClassName = mode == .value ? parseType.className : nil
        } else if frames.isEmpty {
            rootRole = mode == .value ? .plain : (mode.isBody ? .body : .object)
        }
        if traits.isClass {
            let identity = ObjectIdentifier(value as AnyObject)
            if activeObjects.contains(identity) {
                throw failure(.unrepresentable, value: value, key: key,
                              "this \(T.self) contains itself (a reference cycle); JSON can only write a tree")
            }
            activeObjects.append(identity)
        }
        if let key { path.append(key) }
        let base = frames.count
        let savedLevel = valueLevel
        let start = json.bytes.count
        valueLevel = base
        try value.encode(to: self)
        closeFrames(downTo: base)
        if json.bytes.count == start { json.write(ascii: "{}") }
        valueLevel = savedLevel
        if key != nil { path.removeLast() }
        if traits.isClass { activeObjects.removeLast() }
    }

    private func traits<T>(of type: T.Type) -> Traits {
        let identity = ObjectIdentifier(type)
        if let cachedTraits, cachedTraits.type == identity { return cachedTraits.traits }
        let traits = Traits(parseObjectType: type as? any ParseObject.Type, isClass: type is AnyClass)
        cachedTraits = (identity, traits)
        return traits
    }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(WireKeyedEncoding<Key>(state: self, level: openValueFrame(isArray: false), codingPath: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        WireUnkeyedEncoding(state: self, level: openValueFrame(isArray: true), codingPath: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        WireSingleValueEncoding(state: self, codingPath: path)
    }

    /// Opens the container of the value being encoded, or returns the one it already opened.
    private func openValueFrame(isArray: Bool) -> Int {
        if frames.count > valueLevel {
            closeFrames(downTo: valueLevel + 1)
            if frames[valueLevel].isArray != isArray, deferredError == nil {
                let error = ParseWireError(.unrepresentable, path: CodingPath.wirePath(path),
                                           message: "a value asked for both a keyed and an unkeyed container")
                deferredError = .invalidValue(isArray, .init(codingPath: path, debugDescription: error.message, underlyingError: error))
            }
            return valueLevel
        }
        return pushFrame(isArray: isArray)
    }

    /// Opens a container at the current position and returns its level.
    func pushFrame(isArray: Bool) -> Int {
        let role = frames.isEmpty && !isArray ? rootRole : .plain
        json.write(isArray ? UInt8(ascii: "[") : UInt8(ascii: "{"))
        var frame = Frame(isArray: isArray, role: role)
        if frames.isEmpty, !isArray, let embeddedClassName {
            json.write(ascii: #""__type":"Object","className":"#)
            json.writeString(embeddedClassName)
            frame.count = 1
        }
        frames.append(frame)
        return frames.count - 1
    }

    func closeFrames(downTo level: Int) {
        while frames.count > level {
            json.write(frames.removeLast().isArray ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        }
    }

    /// Starts an array element of the container at `level`; returns its index.
    func beginElement(at level: Int) -> Int {
        if frames.count > level + 1 { closeFrames(downTo: level + 1) }
        let index = frames[level].count
        if index > 0 { json.write(UInt8(ascii: ",")) }
        frames[level].count = index + 1
        memberRole = .plain
        return index
    }

    /// Starts a member of the object container at `level`: checks the key, writes it, and says
    /// what it stands for. A skipped key writes nothing.
    func beginMember(_ key: some CodingKey, at level: Int) throws -> Slot {
        if frames.count > level + 1 { closeFrames(downTo: level + 1) }
        let role = frames[level].role
        let name = key.stringValue
        let slot = try slot(of: name, key: key, role: role, level: level)
        if slot == .skip { return .skip }
        writeMemberKey(name, at: level)
        memberRole = role
        return slot
    }

    func writeMemberKey(_ name: String, at level: Int) {
        if frames[level].count > 0 { json.write(UInt8(ascii: ",")) }
        frames[level].count += 1
        json.writeKey(name)
    }

    /// A `nil` optional member, written according to the nil policy.
    func encodeAbsent(_ key: some CodingKey, at level: Int) throws {
        guard options.nilPolicy != .omit else { return }
        if frames.count > level + 1 { closeFrames(downTo: level + 1) }
        let role = frames[level].role
        let name = key.stringValue
        guard try slot(of: name, key: key, role: role, level: level) == .field else { return }
        switch options.nilPolicy {
        case .null:
            writeMemberKey(name, at: level)
            json.write(ascii: "null")
        case .delete where role == .body && mode == .updateBody:
            writeMemberKey(name, at: level)
            json.write(ascii: #"{"__op":"Delete"}"#)
        default:
            break
        }
    }
}
