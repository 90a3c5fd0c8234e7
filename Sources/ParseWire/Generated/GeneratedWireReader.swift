import Foundation

/// The input of generated decoding: the scanned document, read in one pass by generated code.
///
/// Generated code receives it `inout` and cannot keep it: it is not copyable, and it reads the
/// caller's bytes only during the decode call that made it.
public struct GeneratedWireReader: ~Copyable {
    /// The walker, which the cold paths use: it lives in the decoding call's frame, as the input
    /// does, for as long as the reader (which cannot be copied or kept). A pointer keeps the reader
    /// small: generated code borrows it for each member, and a borrow of the 136-byte reader that
    /// held the walker itself was a `memcpy` each time (about 90 per Recipe).
    private let walkerAddress: UnsafePointer<TapeWalker>
    var walker: TapeWalker { unsafeAddress { walkerAddress } }
    let isBody: Bool
    /// The role of the container of the value being read (the bridge's `memberRole`).
    var memberRole = GeneratedWireWriter.Role.plain
    /// Whether a top-level field of this body held a GeoPoint.
    var sawGeoPointField = false

    /// The walker's tape and input, held here so that the member walk inlines into generated code
    /// (a call into this module per key measured about 50 instructions of a ~30-key record).
    @usableFromInline let entries: UnsafeBufferPointer<JSONTape.Entry>
    @usableFromInline let input: UnsafeBufferPointer<UInt8>

    /// Reads with `walker` during `body`, which gets the reader `inout` and cannot keep it.
    static func withReader<R>(walker: TapeWalker, mode: ParseWireMode,
                              _ body: (inout GeneratedWireReader) throws(GeneratedWireFallback) -> R) throws(GeneratedWireFallback) -> R {
        try withUnsafePointer(to: walker) { (address) throws(GeneratedWireFallback) -> R in
            var reader = GeneratedWireReader(walkerAddress: address, mode: mode)
            return try body(&reader)
        }
    }

    private init(walkerAddress: UnsafePointer<TapeWalker>, mode: ParseWireMode) {
        self.walkerAddress = walkerAddress
        self.isBody = mode.isBody
        self.entries = walkerAddress.pointee.entries
        self.input = walkerAddress.pointee.input
    }

    // MARK: - Objects

    /// Starts reading the Parse object at `index`: the root of a document, or an element of a
    /// fetched array.
    ///
    /// - Parameters:
    ///   - index: The object's tape entry.
    ///   - className: The class, which an included object (`"__type":"Object"`) must name.
    /// - Returns: The object, whose members generated code then walks.
    /// - Throws: ``GeneratedWireFallback`` when the value is not a JSON object.
    public func parseObject(at index: Int, className: String) throws(GeneratedWireFallback) -> GeneratedWireObject {
        guard entries[index].kind == .object else { throw GeneratedWireFallback() }
        return GeneratedWireObject(index: index, role: index == 0 && isBody ? .body : .object, className: className)
    }

    /// Starts reading the nested struct at `index`.
    ///
    /// - Parameter index: The struct's tape entry.
    /// - Returns: The object, whose members generated code then walks.
    /// - Throws: ``GeneratedWireFallback`` when the value is not a JSON object.
    public func object(at index: Int) throws(GeneratedWireFallback) -> GeneratedWireObject {
        guard entries[index].kind == .object else { throw GeneratedWireFallback() }
        return GeneratedWireObject(index: index, role: .plain, className: "")
    }

    /// The number of members of `object`.
    ///
    /// - Parameter object: An object being read.
    /// - Returns: The member count.
    @inlinable
    public func memberCount(_ object: GeneratedWireObject) -> Int {
        Int(entries[object.index].length)
    }

    /// The key entry of the member after the one whose key entry is `member`.
    ///
    /// - Parameter member: A key entry.
    /// - Returns: The next key entry.
    @inlinable
    public func next(_ member: Int) -> Int {
        Int(entries[member + 1].next)
    }

    /// Which of `keys` the key entry `member` is: its position, or -1 for a key the type does
    /// not read (which the bridge ignores too).
    ///
    /// - Parameters:
    ///   - member: A key entry.
    ///   - keys: The keys the type reads.
    ///   - object: The object the member belongs to.
    ///   - expected: The position to try first, where the last key found was followed; updated.
    /// - Returns: The key's position in `keys`, or -1.
    /// - Throws: ``GeneratedWireFallback`` for a key written with escapes, or a `__type` on a Parse
    ///   object other than `Object` with the type's class.
    @inlinable
    public func slot(of member: Int, in keys: GeneratedWireKeys, object: GeneratedWireObject,
                     next expected: inout Int) throws(GeneratedWireFallback) -> Int {
        // Members mostly come in the order of the keys (the order everything in ParseWire writes):
        // the key after the last one found is tried first, inlined into generated code.
        let entry = entries[member]
        if entry.flags & JSONTape.stringHasEscapes == 0, expected < keys.names.count,
           keys.matches(expected, input.baseAddress! + Int(entry.offset), Int(entry.length)) {
            expected += 1
            return expected - 1
        }
        return try searchSlot(of: member, in: keys, object: object, next: &expected)
    }

    /// ``slot(of:in:object:next:)`` for a key that is not the expected one.
    @usableFromInline
    func searchSlot(of member: Int, in keys: GeneratedWireKeys, object: GeneratedWireObject,
                    next expected: inout Int) throws(GeneratedWireFallback) -> Int {
        let entry = entries[member]
        guard entry.flags & JSONTape.stringHasEscapes == 0 else { throw GeneratedWireFallback() }
        let length = Int(entry.length)
        let text = input.baseAddress! + Int(entry.offset)
        for position in 0..<keys.names.count where keys.matches(position, text, length) {
            expected = position + 1
            return position
        }
        if object.role == .object, length == 6, memcmp(text, "__type", 6) == 0 { try checkIncluded(member, object) }
        return -1
    }

    /// The `__type` of a Parse object (not of a body, where it is an ignored key) must be `Object`
    /// and its `className` the type's class; a Pointer, or anything else, goes to the bridge.
    private func checkIncluded(_ typeKey: Int, _ object: GeneratedWireObject) throws(GeneratedWireFallback) {
        guard entries[typeKey + 1].kind == .string, walker.keyEquals(typeKey + 1, "Object") else { throw GeneratedWireFallback() }
        var member = object.firstMember
        for _ in 0..<memberCount(object) {
            if walker.keyEquals(member, "className") {
                guard entries[member + 1].kind == .string, walker.string(at: member + 1) == object.className else { throw GeneratedWireFallback() }
                return
            }
            member = next(member)
        }
        throw GeneratedWireFallback()
    }

    /// The number of elements of the array at `index`.
    ///
    /// - Parameter index: A value's tape entry.
    /// - Returns: The element count.
    /// - Throws: ``GeneratedWireFallback`` when the value is not an array.
    public func arrayCount(at index: Int) throws(GeneratedWireFallback) -> Int {
        let entry = entries[index]
        guard entry.kind == .array else { throw GeneratedWireFallback() }
        return Int(entry.length)
    }

    /// The number of members of the plain map at `index`.
    ///
    /// - Parameter index: A value's tape entry.
    /// - Returns: The member count.
    /// - Throws: ``GeneratedWireFallback`` when the value is not an object.
    public func mapCount(at index: Int) throws(GeneratedWireFallback) -> Int {
        let entry = entries[index]
        guard entry.kind == .object else { throw GeneratedWireFallback() }
        return Int(entry.length)
    }

    /// The key of a plain map's member.
    ///
    /// - Parameter member: A key entry.
    /// - Returns: The key.
    /// - Throws: ``GeneratedWireFallback`` for a key a plain map cannot have (`$`, `.`, `__type`,
    ///   `__op`, a denylisted word), which the bridge reports.
    public func mapKey(at member: Int) throws(GeneratedWireFallback) -> String {
        // Most keys are identifiers written without escapes: checked on the input's bytes.
        if let bytes = plainString(at: member), GeneratedWireNames.isPlainIdentifier(bytes) {
            return JSONStrings.string(validatedUTF8: bytes)
        }
        let name = walker.string(at: member)
        guard GeneratedWireNames.plainKeyProblem(name) == nil else { throw GeneratedWireFallback() }
        return name
    }

    /// The tape entry of the value after the array element at `element`.
    ///
    /// - Parameter element: An element's tape entry.
    /// - Returns: The next element's entry.
    @inlinable
    public func nextValue(_ element: Int) -> Int {
        Int(entries[element].next)
    }

    // MARK: - Members

    /// Reads a required member's value.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - index: The value's tape entry (the member's key entry + 1).
    ///   - object: The object the member belongs to.
    /// - Returns: The value.
    /// - Throws: ``GeneratedWireFallback`` for anything the bridge reports.
    @inlinable
    public mutating func field<V: GeneratedWireValue>(_ type: V.Type, at index: Int, in object: GeneratedWireObject) throws(GeneratedWireFallback) -> V {
        enterMember(of: object)
        return try V.readWire(from: &self, at: index)
    }

    /// Reads an optional member's value: `nil` for `null`.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - index: The value's tape entry (the member's key entry + 1).
    ///   - object: The object the member belongs to.
    /// - Returns: The value, or `nil`.
    /// - Throws: ``GeneratedWireFallback`` for anything the bridge reports.
    @inlinable
    public mutating func optionalField<V: GeneratedWireValue>(_ type: V.Type, at index: Int,
                                                              in object: GeneratedWireObject) throws(GeneratedWireFallback) -> V? {
        if try isNull(index, in: object) { return nil }
        enterMember(of: object)
        return try V.readWire(from: &self, at: index)
    }

    /// Notes that a member of `object` is read next.
    ///
    /// - Parameter object: The object.
    public mutating func enterMember(of object: GeneratedWireObject) {
        memberRole = object.role
    }

    /// Notes that an array element is read next.
    public mutating func enterElement() {
        memberRole = .plain
    }

    /// Whether the value at `index` is `null`, which reads as `nil`.
    ///
    /// - Parameters:
    ///   - index: A value's tape entry.
    ///   - object: The object it is a member of.
    /// - Returns: `true` for `null`.
    /// - Throws: Nothing yet; generated code is ready for a check that hands the value to the bridge.
    public func isNull(_ index: Int, in object: GeneratedWireObject) throws(GeneratedWireFallback) -> Bool {
        let entry = entries[index]
        if entry.kind == .null { return true }
        // At the top of a body, `{"__op":"Delete"}` unsets the field: `nil`, as the bridge reads it.
        guard object.role == .body, entry.kind == .object, entry.length == 1, walker.keyEquals(index + 1, "__op"),
              entries[index + 2].kind == .string else { return false }
        return walker.string(at: index + 2) == "Delete"
    }

    /// A Parse object's `objectId`: `nil` for `null`.
    ///
    /// - Parameters:
    ///   - index: The value's tape entry.
    ///   - object: The object.
    /// - Returns: The id.
    /// - Throws: ``GeneratedWireFallback`` for an id the bridge refuses, or one in a body.
    public func objectId(at index: Int, in object: GeneratedWireObject) throws(GeneratedWireFallback) -> String? {
        let entry = entries[index]
        if entry.kind == .null { return nil }
        guard object.role == .object, entry.kind == .string else { throw GeneratedWireFallback() }
        if let bytes = plainString(at: index) {
            guard NameRules.isValidObjectId(bytes) else { throw GeneratedWireFallback() }
            return JSONStrings.string(validatedUTF8: bytes)
        }
        let id = walker.string(at: index)
        guard NameRules.checkObjectId(id) == nil else { throw GeneratedWireFallback() }
        return id
    }

    /// A Parse object's `createdAt` or `updatedAt`: a plain ISO string; `nil` for `null`.
    ///
    /// - Parameters:
    ///   - index: The value's tape entry.
    ///   - object: The object.
    /// - Returns: The time.
    /// - Throws: ``GeneratedWireFallback`` for a time the bridge refuses, or one in a body.
    public func timestamp(at index: Int, in object: GeneratedWireObject) throws(GeneratedWireFallback) -> Date? {
        if entries[index].kind == .null { return nil }
        guard object.role == .object else { throw GeneratedWireFallback() }
        return try isoDate(at: index)
    }

    /// A Parse object's `ACL`; `nil` for `null`.
    ///
    /// - Parameters:
    ///   - index: The value's tape entry.
    ///   - object: The object.
    /// - Returns: The ACL.
    /// - Throws: ``GeneratedWireFallback`` for an ACL the bridge refuses.
    public func acl(at index: Int, in object: GeneratedWireObject) throws(GeneratedWireFallback) -> ParseACL? {
        if try isNull(index, in: object) { return nil }
        guard let acl = try? walker.decodeACL(at: index, inSaveBody: object.role == .body) else { throw GeneratedWireFallback() }
        return acl
    }

    // MARK: - Values

    /// The bytes of the string at `index` when it is written without escapes (most are): they are
    /// then its UTF-8, which the scanner validated, and checks run on them before any `String` is made.
    func plainString(at index: Int) -> UnsafeBufferPointer<UInt8>? {
        let entry = entries[index]
        guard entry.kind == .string, entry.flags & JSONTape.stringHasEscapes == 0 else { return nil }
        return UnsafeBufferPointer(start: input.baseAddress! + Int(entry.offset), count: Int(entry.length))
    }

    /// Whether two runs of bytes are equal: one length comparison, then `memcmp` (a generic
    /// `elementsEqual` measured about 90 instructions for a short key).
    @inline(__always)
    static func bytes(_ left: UnsafeBufferPointer<UInt8>, equal right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else { return true }
        return memcmp(leftStart, rightStart, left.count) == 0
    }

    /// Whether `bytes` are the bytes of `literal`.
    @inline(__always)
    static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equal literal: StaticString) -> Bool {
        Self.bytes(bytes, equal: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// The ISO date string at `index`. Written without escapes (as every writer does), its bytes are
    /// read in place, as the wire decoder reads them; anything else goes through the wire decoder.
    /// This repeats the plain branch of `TapeWalker.isoDate(at:what:)` on purpose: going through that
    /// call measured about 175 instructions more a date (about 1.8 % of a generated Recipe decode).
    func isoDate(at index: Int) throws(GeneratedWireFallback) -> Date {
        if let text = plainString(at: index) {
            guard let milliseconds = try? ISO8601.parse(text, leniency: walker.options.dateLeniency),
                  let date = try? ParseDate(epochMilliseconds: milliseconds) else { throw GeneratedWireFallback() }
            return date.date
        }
        guard let date = try? walker.isoDate(at: index, what: "a timestamp") else { throw GeneratedWireFallback() }
        return date.date
    }

    /// The number text at `index`.
    func numberText(at index: Int) throws(GeneratedWireFallback) -> UnsafeBufferPointer<UInt8> {
        let entry = entries[index]
        guard entry.kind == .number else { throw GeneratedWireFallback() }
        return UnsafeBufferPointer(start: input.baseAddress! + Int(entry.offset), count: Int(entry.length))
    }

    /// The typed value `{"__type":<type>,…}` at `index`, checked by the wire decoder.
    func typed(at index: Int, type: StaticString) throws(GeneratedWireFallback) -> ParseValue {
        guard entries[index].kind == .object else { throw GeneratedWireFallback() }
        var member = index + 1
        for _ in 0..<Int(entries[index].length) {
            if walker.keyEquals(member, "__type") {
                guard entries[member + 1].kind == .string, walker.keyEquals(member + 1, type),
                      let value = try? walker.decodeTyped(at: index, typeValue: member + 1, placement: .nested) else {
                    throw GeneratedWireFallback()
                }
                return value
            }
            member = next(member)
        }
        throw GeneratedWireFallback()
    }
}
