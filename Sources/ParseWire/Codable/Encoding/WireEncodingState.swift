import Foundation

/// One run of ``ParseWireEncoder``: the output bytes, the open containers and the coding path.
///
/// One instance is the `Encoder` of every value in the document, so encoding allocates no object
/// per value. Containers write straight into ``json``; a container is closed when a member is
/// written to a container outside it, or when the value that opened it is finished. That is the
/// order synthesised `Encodable` code uses. Every container knows its frame by level and serial
/// number, so a call on a closed container, or a member written while an enclosing value is still
/// being written, is noticed; the document is then written again in the tree fallback
/// (``EncodingTree``), which accepts containers in any order, as `JSONEncoder` does.
///
/// A state is used for one document at a time. ``StateStore`` keeps it for the next document only
/// if nothing else holds it when the document ends; a state that user code kept (the encoder, or
/// a container) is let go, and its containers then refuse every call with an error.
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
        var role: Role
        /// Whether a member's value is being written by its own `encode(to:)`: a member written
        /// to this container meanwhile would land inside that value.
        var isBusy = false
        /// Which container this is, unique among the containers of the state's life: a container
        /// whose serial is not on the stack is closed.
        let serial: UInt32
        /// How many containers enclose this one.
        let nesting: Int32
        /// The memo's dense table for the keys of type ``tableType`` (its `ObjectIdentifier`'s
        /// bits; 0 before the first key), found at the first member rather than at every one.
        var table: Int32 = -1
        var tableType: UInt = 0
        /// A bit for each key written, to notice a key written twice; see ``noteKey(bit:at:serial:)``.
        var keyMask: UInt64 = 0
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

    // The state's parts. Every stored property is `@exclusivity(unchecked)`: a class's stored
    // `var` otherwise pays a dynamic exclusivity check on every access, which measured a fifth of
    // encoding time. That is sound here because a state is used by one document at a time on one
    // thread (``StateStore`` hands a state to one caller), and no access to a part overlaps another
    // access to the same part: the parts are reached only through the state's own methods.

    // MARK: Output

    /// The document's bytes.
    @exclusivity(unchecked) var json = OutputBuffer(capacity: 512)
    /// The buffer lent to the wire encoder's writers for one typed value.
    @exclusivity(unchecked) var scratch = JSONWriter(capacity: 0)

    // MARK: Containers and the coding path

    /// The open containers.
    @exclusivity(unchecked) var frames = FrameStack()
    /// The coding path, shared by every container; see the type's overview.
    @exclusivity(unchecked) var path: [PathEntry] = []
    /// The frame level at which the value being encoded opens its container.
    @exclusivity(unchecked) var valueLevel = 0
    /// The length of ``path`` for the value being encoded: its `codingPath`.
    @exclusivity(unchecked) var valueDepth = 0
    /// The frame the value being encoded opened, in the tree fallback (where frames stay).
    @exclusivity(unchecked) var valueFrame = -1
    /// How many composite values are being encoded, one inside the other.
    @exclusivity(unchecked) var compositeDepth = 0
    /// The serial of the next container; it runs on across documents, so that a container of an
    /// earlier document is never taken for one of this document.
    @exclusivity(unchecked) var nextSerial: UInt32 = 0

    // MARK: Parse roles

    /// The role of the first object container, decided when the root value is known.
    @exclusivity(unchecked) var rootRole = Role.plain
    /// The composite depth inside the outermost Parse object being written whole, or -1 when
    /// there is none: a Parse object met inside it is written as a Pointer.
    @exclusivity(unchecked) var objectDepth = -1
    /// The class name written as `"__type":"Object","className":…` for a top-level object in value mode.
    @exclusivity(unchecked) var embeddedClassName: String?
    /// The role of the container whose member is being written.
    @exclusivity(unchecked) var memberRole = Role.plain
    /// Whether the key of the member being written contains `_bsontype`, which makes a string
    /// value subject to the keyword denylist.
    @exclusivity(unchecked) var memberKeyIsBSONType = false
    /// Whether a top-level field of this save or update body held a GeoPoint (``SaveBodyRules``).
    @exclusivity(unchecked) var sawGeoPointField = false
    /// Class instances being encoded, to turn a reference cycle into an error.
    @exclusivity(unchecked) var activeObjects = ActiveObjects()

    // MARK: Caches kept between documents

    /// Types and keys already met, in this document and earlier ones.
    @exclusivity(unchecked) var memo = EncodingMemo()
    /// Facts about the last type seen (arrays repeat one element type).
    @exclusivity(unchecked) var cachedTraits: (type: ObjectIdentifier, traits: Traits)?
    /// The last key type met that is not a one-byte enumeration, and whether its keys are
    /// unique by construction; see ``keyBit(_:_:)``.
    @exclusivity(unchecked) var uniqueKeyType: (type: ObjectIdentifier, isUnique: Bool)?

    // MARK: The document's course

    /// How this document is written.
    @exclusivity(unchecked) var options = ParseWireEncodingOptions()
    /// Which document this is.
    @exclusivity(unchecked) var mode = ParseWireMode.value
    /// Whether a document is being written; containers of an ended document refuse calls.
    @exclusivity(unchecked) var isWriting = false
    /// A misuse noticed where the `Encoder` protocol cannot throw; thrown when the document ends.
    @exclusivity(unchecked) var deferredError: EncodingError?
    /// Set when a call came out of stack order: the document is written again as a tree.
    @exclusivity(unchecked) var needsTree = false
    /// Set when an error was made or passed through a value: if the document still ends
    /// well, someone caught it, and what was written may hold a key without its value.
    @exclusivity(unchecked) var sawError = false
    /// Whether the document is being written as a tree, the fallback; see ``EncodingTree``.
    @exclusivity(unchecked) var isTree = false
    /// The fallback's members.
    @exclusivity(unchecked) var tree = EncodingTree()

    /// The largest buffer kept for the next document; a larger one is given back.
    static let keptCapacity = 1 << 16

    /// A state for one document after another; ``StateStore`` hands it out.
    init() {}

    deinit {
        frames.deallocate()
        json.deallocate()
        activeObjects.deallocate()
    }

    var codingPath: [any CodingKey] { codingPath(depth: self.valueDepth) }

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
        self.isWriting = true
        defer { self.isWriting = false }
        do {
            try encodeValue(value, key: NoKey())
        } catch {
            // Containers out of order: the error is ours, a signal to start again as a tree.
            guard self.needsTree else { throw error }
        }
        if let deferredError, !self.needsTree { throw deferredError }
        if self.needsTree || self.sawError {
            // Out of order, or an error that the value's own code caught and went on after: what
            // was written so far may hold a key without its value. The tree keeps whole members only.
            try encodeTree(value)
        }
        // A fetched-object document may also be an array of objects, as a query's results are.
        if mode != .value, json.first != UInt8(ascii: "{"), mode != .fetchedObject || json.first != UInt8(ascii: "[") {
            throw failure(.wrongFieldType, value: value, key: nil,
                          "the \(mode) mode writes a JSON object\(mode == .fetchedObject ? " or array" : ""), but \(T.self) encodes as another JSON value")
        }
        return json.bytes
    }
}
