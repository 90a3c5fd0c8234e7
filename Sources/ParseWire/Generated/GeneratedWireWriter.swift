import Foundation

/// The output of generated encoding: wire JSON appended to one buffer, with the document's mode
/// and the Parse rules that depend on where a value is written.
///
/// Generated code receives it `inout` and cannot keep it: it is not copyable, its memory is freed
/// when the encode call that made it ends, and each call makes its own.
public struct GeneratedWireWriter: ~Copyable {
    /// What the keys of the object being written mean, as in the bridge.
    enum Role {
        /// A plain map or nested struct.
        case plain
        /// A fetched object, or the embedded object of the value mode.
        case object
        /// A save or update body.
        case body
    }

    /// Where the enclosing object's writing resumes; ``GeneratedWireWriter/endObject(_:)`` takes it back.
    public struct Level {
        let role: Role
    }

    var buffer: OutputBuffer
    let mode: ParseWireMode
    let nilPolicy: ParseWireEncodingOptions.NilPolicy
    /// Whether the next member or element needs a comma before it.
    var needsComma = false
    /// The role of the object whose members are being written.
    var role = Role.plain
    /// The role of the container of the value being written (the bridge's `memberRole`).
    var memberRole = Role.plain
    /// Whether a top-level field of this body held a GeoPoint.
    var sawGeoPointField = false
    /// A buffer for the codec's value writers, whose output is then appended.
    var scratch = JSONWriter(capacity: 0)

    init(mode: ParseWireMode, nilPolicy: ParseWireEncodingOptions.NilPolicy, capacity: Int = 1024) {
        buffer = OutputBuffer(capacity: capacity)
        self.mode = mode
        self.nilPolicy = nilPolicy
    }

    deinit {
        buffer.deallocate()
    }

    /// A copy of the bytes written.
    var bytes: [UInt8] { buffer.bytes }

    // MARK: - Structure

    /// Starts a Parse object at the top of the document, or an element of a fetched array:
    /// `"__type":"Object","className":…` in the value mode; `objectId`, `createdAt` and
    /// `updatedAt` (plain ISO strings) and `ACL` in the order the bridge writes them, the
    /// server-owned keys left out of a body.
    ///
    /// - Parameters:
    ///   - className: The class, for the value mode.
    ///   - objectId: The server-assigned id.
    ///   - createdAt: The creation time.
    ///   - updatedAt: The update time.
    ///   - acl: The ACL.
    /// - Returns: What ``endObject(_:)`` takes.
    /// - Throws: ``GeneratedWireFallback`` for anything the bridge reports.
    public mutating func beginParseObject(className: String, objectId: String?, createdAt: Date?, updatedAt: Date?,
                                          acl: ParseACL?) throws(GeneratedWireFallback) -> Level {
        let level = Level(role: role)
        buffer.append(UInt8(ascii: "{"))
        needsComma = false
        role = mode.isBody ? .body : .object
        if mode == .value {
            buffer.write(ascii: #""__type":"Object","className":"#)
            buffer.writeString(className)
            needsComma = true
        }
        if role == .object {
            if let objectId {
                key(#","objectId":"#)
                buffer.writeString(objectId)
            }
            if let createdAt {
                key(#","createdAt":"#)
                try writeTimestamp(createdAt)
            }
            if let updatedAt {
                key(#","updatedAt":"#)
                try writeTimestamp(updatedAt)
            }
        }
        if let acl {
            key(#","ACL":"#)
            if role == .body, acl.entries.contains(where: { ParseACL.checkSaveBodyPrincipal($0.principal) != nil }) {
                throw GeneratedWireFallback()
            }
            try withValueWriter { (writer) throws(ParseWireError) in try writer.writeACL(acl).get() }
        }
        return level
    }

    /// Starts a nested struct: an object whose keys are plain.
    ///
    /// - Returns: What ``endObject(_:)`` takes.
    public mutating func beginObject() -> Level {
        let level = Level(role: role)
        buffer.append(UInt8(ascii: "{"))
        needsComma = false
        role = .plain
        return level
    }

    /// Ends the object begun with `level`.
    ///
    /// - Parameter level: What ``beginObject()`` or ``beginParseObject(className:objectId:createdAt:updatedAt:acl:)`` returned.
    public mutating func endObject(_ level: Level) {
        buffer.append(UInt8(ascii: "}"))
        role = level.role
        needsComma = true
    }

    /// Starts an array.
    public mutating func beginArray() {
        buffer.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Ends an array.
    public mutating func endArray() {
        buffer.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Starts the next element of an array.
    public mutating func element() {
        if needsComma { buffer.append(UInt8(ascii: ",")) }
        needsComma = true
        memberRole = .plain
    }

    /// Writes a member's key, given as written after an earlier member, `,"name":`: the comma is
    /// left out before the first member. The generator renders the text of each key once, so
    /// writing it is one copy.
    ///
    /// - Parameter text: `,"name":`, for a name the generator checked (a valid key, no escapes).
    public mutating func key(_ text: StaticString) {
        let skipped = needsComma ? 0 : 1
        let count = text.utf8CodeUnitCount - skipped
        let source = UnsafeRawPointer(text.utf8Start + skipped)
        buffer.append(count: count) { output in Self.copyKey(source, count, to: UnsafeMutableRawPointer(output)) }
        // A nested value clears this for its own members and sets it again when it ends.
        needsComma = true
        memberRole = role
    }

    /// Copies a key's `count` bytes: a key of 8 to 32 bytes (most are) as overlapping words,
    /// which is shorter than a call to `memcpy` for so few bytes.
    @inline(__always)
    static func copyKey(_ source: UnsafeRawPointer, _ count: Int, to target: UnsafeMutableRawPointer) {
        guard count >= 8, count <= 32 else {
            target.copyMemory(from: source, byteCount: count)
            return
        }
        // The first and last eight bytes cover up to 16; two more words, up to 32.
        target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
        target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        if count > 16 {
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self), toByteOffset: count - 16, as: UInt64.self)
        }
    }

    /// Writes the key of a plain map's member, with the comma a member after the first needs.
    ///
    /// - Parameter name: The key.
    /// - Throws: ``GeneratedWireFallback`` for a key a plain map cannot have, which the bridge reports.
    public mutating func mapKey(_ name: String) throws(GeneratedWireFallback) {
        if needsComma { buffer.append(UInt8(ascii: ",")) }
        let writeKey = { (buffer: inout OutputBuffer, utf8: UnsafeBufferPointer<UInt8>) -> Bool in
            if GeneratedWireNames.isPlainIdentifier(utf8) {
                buffer.writeKey(unescaped: utf8)
                return true
            }
            guard NameRules.plainKeyProblem(utf8: utf8) == nil else { return false }
            buffer.writeString(utf8: utf8)
            buffer.append(UInt8(ascii: ":"))
            return true
        }
        // A native string lends its bytes without the copy (and its reference counting) of `withUTF8`.
        var isValid = name.utf8.withContiguousStorageIfAvailable { writeKey(&buffer, $0) }
        if isValid == nil {
            var name = name
            isValid = name.withUTF8 { writeKey(&buffer, $0) }
        }
        guard isValid == true else { throw GeneratedWireFallback() }
        needsComma = true
        memberRole = .plain
    }

    // MARK: - Members

    /// Writes a member.
    ///
    /// - Parameters:
    ///   - name: The key as ``key(_:)`` takes it, `,"name":`.
    ///   - value: The value.
    /// - Throws: ``GeneratedWireFallback`` for anything the bridge reports.
    @inlinable
    public mutating func field<V: GeneratedWireValue>(_ name: StaticString, _ value: V) throws(GeneratedWireFallback) {
        key(name)
        try value.writeWire(to: &self)
    }

    /// Writes an optional member: a value as the other `field`; `nil` as the encoder's
    /// ``ParseWireEncodingOptions/nilPolicy`` says (left out, `null`, or a Delete operation at the
    /// top of an update body).
    ///
    /// - Parameters:
    ///   - name: The key as ``key(_:)`` takes it, `,"name":`.
    ///   - value: The value, or `nil`.
    /// - Throws: ``GeneratedWireFallback`` for anything the bridge reports.
    @inlinable
    public mutating func field<V: GeneratedWireValue>(_ name: StaticString, _ value: V?) throws(GeneratedWireFallback) {
        if let value {
            key(name)
            try value.writeWire(to: &self)
        } else {
            absent(name)
        }
    }

    /// A `nil` member, by the nil policy.
    ///
    /// - Parameter name: The key as ``key(_:)`` takes it, `,"name":`.
    public mutating func absent(_ name: StaticString) {
        switch nilPolicy {
        case .omit:
            return
        case .null:
            key(name)
            buffer.write(ascii: "null")
        case .delete:
            guard role == .body, mode == .updateBody else { return }
            key(name)
            buffer.write(ascii: #"{"__op":"Delete"}"#)
        }
    }

    // MARK: - Values

    mutating func writeTimestamp(_ date: Date) throws(GeneratedWireFallback) {
        guard let milliseconds = try? ParseDate(date).epochMilliseconds else { throw GeneratedWireFallback() }
        buffer.append(UInt8(ascii: "\""))
        buffer.append(count: ISO8601.canonicalByteCount) { ISO8601.write(epochMilliseconds: milliseconds, to: $0) }
        buffer.append(UInt8(ascii: "\""))
    }

    mutating func writeDate(_ date: Date) throws(GeneratedWireFallback) {
        guard let milliseconds = try? ParseDate(date).epochMilliseconds else { throw GeneratedWireFallback() }
        buffer.write(ascii: #"{"__type":"Date","iso":""#)
        buffer.append(count: ISO8601.canonicalByteCount) { ISO8601.write(epochMilliseconds: milliseconds, to: $0) }
        buffer.write(ascii: #""}"#)
    }

    /// The Parse rules for a value written as a top-level field of a save or update body: no
    /// empty Bytes, one GeoPoint.
    mutating func checkBodyField(_ value: ParseValue) throws(GeneratedWireFallback) {
        guard memberRole == .body else { return }
        var sawGeoPoint = sawGeoPointField
        if SaveBodyRules.checkFieldValue(value) ?? SaveBodyRules.checkGeoPointField(value, seenGeoPoint: &sawGeoPoint) != nil {
            throw GeneratedWireFallback()
        }
        sawGeoPointField = sawGeoPoint
    }

    /// Runs one of the codec's value writers and appends what it wrote.
    mutating func withValueWriter(_ body: (inout ValueWriter) throws(ParseWireError) -> Void) throws(GeneratedWireFallback) {
        var scratch = JSONWriter(capacity: 0)
        swap(&scratch, &self.scratch)
        var writer = ValueWriter(options: ParseValueEncodingOptions(), isUpdateBody: mode.isBody, json: scratch)
        defer {
            writer.json.bytes.removeAll(keepingCapacity: true)
            swap(&writer.json, &self.scratch)
        }
        do throws(ParseWireError) {
            try body(&writer)
        } catch {
            throw GeneratedWireFallback()
        }
        writer.json.bytes.withUnsafeBufferPointer { buffer.append(bytes: $0) }
    }
}
