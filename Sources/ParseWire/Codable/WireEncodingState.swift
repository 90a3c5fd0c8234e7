import Foundation

/// One run of ``ParseWireEncoder``: the output bytes, the open containers and the coding path.
///
/// One instance is the `Encoder` of every value in the document, so encoding allocates no object
/// per value. Containers write straight into ``json``; a container is closed when a member is
/// written to a container outside it, or when the value that opened it is finished. A container
/// must therefore not be used after a sibling of its parent has been written, which the
/// synthesised `Encodable` code never does.
///
/// The coding path is one stack, ``path``, shared by every container: a composite value pushes its
/// key or index while it is encoded, a nested container pushes its key while it is open. A
/// container remembers only how deep the stack was when it was made, so nesting costs the same at
/// every depth; its `codingPath` is built from the stack only when someone asks (errors, user code).
final class WireEncodingState: Encoder {
    /// What the keys of an object container mean.
    enum Role: UInt8 {
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
        /// The length of ``path`` to go back to when the container closes: a nested container's
        /// key is on the path only while the container is open.
        let pathDepth: Int
        var count = 0
    }

    /// One step of the coding path: an array index, or the key of an object member.
    enum PathEntry {
        case index(Int)
        case key(any CodingKey)

        var codingKey: any CodingKey {
            switch self {
            case .index(let index): IndexKey(index)
            case .key(let key): key
            }
        }
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

    /// Everything the encoder changes while it writes. It lives behind a pointer: a stored `var`
    /// of a class gets a dynamic exclusivity check on every access, which measured a fifth of
    /// encoding time.
    struct Stack {
        var json = OutputBuffer(capacity: 512)
        /// The buffer lent to the wire encoder's writers for one typed value.
        var scratch = JSONWriter(capacity: 0)
        var frames = FrameStack()
        var path: [PathEntry] = []
        /// The frame level at which the value being encoded opens its container.
        var valueLevel = 0
        /// The length of ``path`` for the value being encoded: its `codingPath`.
        var valueDepth = 0
        /// The role of the first object container, decided when the root value is known.
        var rootRole = Role.plain
        /// The class name written as `"__type":"Object","className":…` for a top-level object in value mode.
        var embeddedClassName: String?
        /// The role of the container whose member is being written.
        var memberRole = Role.plain
        /// Class instances being encoded, to turn a reference cycle into an error.
        var activeObjects = ActiveObjects()
        var cachedTraits: (type: ObjectIdentifier, traits: Traits)?
        /// A misuse noticed where the `Encoder` protocol cannot throw; thrown when the document ends.
        var deferredError: EncodingError?
        /// Whether the key of the member being written contains `_bsontype`, which makes a string
        /// value subject to the keyword denylist.
        var memberKeyIsBSONType = false
        /// Types and keys already met, in this document and earlier ones.
        var memo: EncodingMemo
        /// The keyed containers handed out, in this document and earlier ones.
        var keyedContainers = KeyedContainerCache()
        var options = ParseWireEncodingOptions()
        var mode = ParseWireMode.value

        /// The stack for the next document: this one's buffers, emptied, its memo and containers; every
        /// other field starts over at its initial value.
        consuming func recycled() -> Stack {
            var json = json
            json.removeAll()
            var scratch = scratch
            scratch.bytes.removeAll(keepingCapacity: scratch.bytes.capacity <= Self.keptCapacity)
            var frames = frames
            frames.removeAll()
            var path = path
            path.removeAll(keepingCapacity: path.capacity <= 256)
            var activeObjects = activeObjects
            activeObjects.removeAll()
            return Stack(json: json, scratch: scratch, frames: frames, path: path, activeObjects: activeObjects, memo: memo,
                         keyedContainers: keyedContainers)
        }

        /// The largest buffer kept for the next document; a larger one is given back.
        static let keptCapacity = 1 << 16
    }

    let stack = UnsafeMutablePointer<Stack>.allocate(capacity: 1)

    /// A state for one document after another; ``StateStore`` hands it out.
    init() {
        stack.initialize(to: Stack(memo: EncodingMemo()))
    }

    deinit {
        let finished = stack.move()
        finished.frames.deallocate()
        finished.json.deallocate()
        finished.activeObjects.deallocate()
        stack.deallocate()
    }

    /// How this document is written.
    var options: ParseWireEncodingOptions {
        unsafeAddress { UnsafePointer(stack.pointer(to: \.options)!) }
    }
    /// Which document this is.
    var mode: ParseWireMode { stack.pointee.mode }

    var json: OutputBuffer {
        unsafeAddress { UnsafePointer(stack.pointer(to: \.json)!) }
        unsafeMutableAddress { stack.pointer(to: \.json)! }
    }
    var frames: FrameStack {
        unsafeAddress { UnsafePointer(stack.pointer(to: \.frames)!) }
        unsafeMutableAddress { stack.pointer(to: \.frames)! }
    }
    var path: [PathEntry] {
        unsafeAddress { UnsafePointer(stack.pointer(to: \.path)!) }
        unsafeMutableAddress { stack.pointer(to: \.path)! }
    }
    var memo: EncodingMemo {
        unsafeAddress { UnsafePointer(stack.pointer(to: \.memo)!) }
        unsafeMutableAddress { stack.pointer(to: \.memo)! }
    }
    var memberRole: Role {
        get { stack.pointee.memberRole }
        set { stack.pointee.memberRole = newValue }
    }
    var deferredError: EncodingError? {
        get { stack.pointee.deferredError }
        set { stack.pointee.deferredError = newValue }
    }

    var codingPath: [any CodingKey] { codingPath(depth: stack.pointee.valueDepth) }

    /// The first `depth` steps of the path, as coding keys.
    func codingPath(depth: Int) -> [any CodingKey] {
        path.prefix(depth).map(\.codingKey)
    }

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
        try encodeValue(value, key: NoKey())
        if let deferredError { throw deferredError }
        if mode != .value, json.first != UInt8(ascii: "{") {
            throw failure(.wrongFieldType, value: value, key: nil,
                          "the \(mode) mode writes a JSON object, but \(T.self) encodes as another JSON value")
        }
        return json.bytes
    }

    // MARK: - Containers

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let level = openValueFrame(isArray: false)
        let depth = stack.pointee.valueDepth
        if let holder = stack.pointee.keyedContainers.holder(keyType: ObjectIdentifier(Key.self), level: level, depth: depth) {
            // The holder was made for this key type.
            return unsafeDowncast(holder, to: KeyedContainerCache.Holder<Key>.self).container
        }
        let container = KeyedEncodingContainer(WireKeyedEncoding<Key>(state: self, level: level, depth: depth))
        stack.pointee.keyedContainers.remember(container, level: level, depth: depth)
        return container
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        WireUnkeyedEncoding(state: self, level: openValueFrame(isArray: true), depth: stack.pointee.valueDepth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        WireSingleValueEncoding(state: self, depth: stack.pointee.valueDepth)
    }

    /// Opens the container of the value being encoded, or returns the one it already opened.
    private func openValueFrame(isArray: Bool) -> Int {
        let valueLevel = stack.pointee.valueLevel
        if frames.count > valueLevel {
            closeFrames(downTo: valueLevel + 1)
            if frames[valueLevel].isArray != isArray, deferredError == nil {
                let codingPath = codingPath
                let error = ParseWireError(.unrepresentable, path: CodingPath.wirePath(codingPath),
                                           message: "a value asked for both a keyed and an unkeyed container")
                deferredError = .invalidValue(isArray, .init(codingPath: codingPath, debugDescription: error.message, underlyingError: error))
            }
            return valueLevel
        }
        return pushFrame(isArray: isArray, pathDepth: path.count)
    }

    /// Opens a container at the current position and returns its level. Closing it cuts the path
    /// back to `pathDepth`.
    func pushFrame(isArray: Bool, pathDepth: Int) -> Int {
        let role = frames.isEmpty && !isArray ? stack.pointee.rootRole : .plain
        json.write(isArray ? UInt8(ascii: "[") : UInt8(ascii: "{"))
        var frame = Frame(isArray: isArray, role: role, pathDepth: pathDepth)
        if frames.isEmpty, !isArray, let embeddedClassName = stack.pointee.embeddedClassName {
            json.write(ascii: #""__type":"Object","className":"#)
            json.writeString(embeddedClassName)
            frame.count = 1
        }
        frames.append(frame)
        return frames.count - 1
    }

    func closeFrames(downTo level: Int) {
        while frames.count > level {
            let frame = frames.removeLast()
            json.write(frame.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}"))
            truncatePath(to: frame.pathDepth)
        }
    }

    /// Cuts the path back to `depth` steps.
    @inline(__always) func truncatePath(to depth: Int) {
        let count = path.count
        if count == depth + 1 {
            path.removeLast()
        } else if count > depth {
            path.removeSubrange(depth...)
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
