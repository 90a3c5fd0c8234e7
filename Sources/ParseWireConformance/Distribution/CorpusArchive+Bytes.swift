import Foundation

/// The byte layout of a corpus archive (see ``CorpusArchive``): writing it, finding it at the end
/// of a file, and reading it back with every length checked.
extension CorpusArchive {
    /// The magic at the very end of a file that carries an archive; its last character is the
    /// format version.
    static let magic = Array("ParseWireCorpus1".utf8)
    /// The trailer's size: payload length (8), hexadecimal SHA-256 (64), magic (16).
    package static let trailerSize = 8 + 64 + 16

    /// The archive as bytes to append to an executable: the payload, then the trailer.
    package func encoded() -> [UInt8] {
        Self.wrap(payload: encodedPayload(), digest: digest)
    }

    /// The payload alone: the entry count, then each entry's path and bytes.
    package func encodedPayload() -> [UInt8] {
        Self.payload(of: entries)
    }

    /// The payload of `entries`, in their order.
    static func payload(of entries: [Entry]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.reduce(4) { $0 + 10 + $1.path.utf8.count + $1.bytes.count })
        Self.append(UInt64(entries.count), width: 4, to: &bytes)
        for entry in entries {
            Self.append(UInt64(entry.path.utf8.count), width: 2, to: &bytes)
            bytes += entry.path.utf8
            Self.append(UInt64(entry.bytes.count), width: 8, to: &bytes)
            bytes += entry.bytes
        }
        return bytes
    }

    /// `payload` followed by its trailer (its length, its digest, the magic).
    package static func wrap(payload: [UInt8], digest: String? = nil) -> [UInt8] {
        var bytes = payload
        append(UInt64(payload.count), width: 8, to: &bytes)
        bytes += (digest ?? SHA256.hex(payload)).utf8
        bytes += magic
        return bytes
    }

    /// Reads an archive from a payload (without its trailer).
    /// - Throws: ``CorpusArchiveError`` when a count or a length runs past the end, bytes are left
    ///   over, a path is not valid UTF-8, or ``init(entries:)`` refuses the entries.
    package init(payload: [UInt8], digest: String? = nil) throws(CorpusArchiveError) {
        var reader = BoundedReader(bytes: payload)
        let count = try reader.integer(width: 4, "the entry count")
        guard count <= UInt64(Self.maximumEntryCount) else {
            throw CorpusArchiveError("the payload declares \(count) entries; an archive holds at most \(Self.maximumEntryCount)")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let pathLength = try reader.integer(width: 2, "the path length of entry \(index + 1)")
            guard let path = String(validating: try reader.bytes(pathLength, "the path of entry \(index + 1)"), as: UTF8.self) else {
                throw CorpusArchiveError("the path of entry \(index + 1) is not UTF-8")
            }
            // Path order makes the payload, and so the digest, a function of the files alone.
            if let previous = entries.last, !previous.path.utf8.lexicographicallyPrecedes(path.utf8) {
                throw CorpusArchiveError("the entry \(path) is not after \(previous.path) in path order")
            }
            let size = try reader.integer(width: 8, "the size of \(path)")
            entries.append(Entry(path: path, bytes: Array(try reader.bytes(size, "the bytes of \(path)"))))
        }
        guard reader.remaining == 0 else { throw CorpusArchiveError("\(reader.remaining) bytes follow the last entry") }
        try self.init(entries: entries, digest: digest)
    }

    /// Finds the archive at the end of the file at `path`, typically the running executable.
    /// - Returns: The archive, or `nil` when the file does not end with the magic (a build from
    ///   source carries no corpus).
    /// - Throws: ``CorpusArchiveError`` when the file cannot be read, or ends with the magic but
    ///   its length, digest or payload is wrong: the archive is damaged.
    package static func find(inFileAt path: String) throws(CorpusArchiveError) -> CorpusArchive? {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CorpusArchiveError("cannot open \(path)") }
        defer { try? handle.close() }
        let payload: [UInt8]
        let recorded: String
        do {
            let size = try handle.seekToEnd()
            guard size >= UInt64(trailerSize) else { return nil }
            try handle.seek(toOffset: size - UInt64(trailerSize))
            let trailer = try read(handle, count: trailerSize)
            guard trailer.count == trailerSize, trailer.suffix(magic.count).elementsEqual(magic) else { return nil }
            var reader = BoundedReader(bytes: trailer[...])
            let length = try reader.integer(width: 8, "the payload length")
            guard length <= size - UInt64(trailerSize), length <= UInt64(maximumPayloadSize) else {
                throw CorpusArchiveError("the corpus archive in \(path) is damaged: its recorded length (\(length) bytes) is larger than "
                    + "the file before it (\(size - UInt64(trailerSize)) bytes) or than \(maximumPayloadSize) bytes")
            }
            recorded = String(decoding: try reader.bytes(64, "the digest"), as: UTF8.self)
            try handle.seek(toOffset: size - UInt64(trailerSize) - length)
            payload = try read(handle, count: Int(length))
            guard payload.count == Int(length) else { throw CorpusArchiveError("the file ended early") }
        } catch let error as CorpusArchiveError {
            throw error
        } catch {
            throw CorpusArchiveError("cannot read \(path): \(error.localizedDescription)")
        }
        guard SHA256.hex(payload) == recorded else {
            throw CorpusArchiveError("the corpus archive in \(path) is damaged: its SHA-256 is not the one its trailer records")
        }
        do {
            return try CorpusArchive(payload: payload, digest: recorded)
        } catch {
            throw CorpusArchiveError("the corpus archive in \(path) is damaged: \(error.message)")
        }
    }

    /// Reads up to `count` bytes, in as many reads as the handle needs.
    private static func read(_ handle: FileHandle, count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count, let data = try handle.read(upToCount: min(count - bytes.count, 1 << 20)), !data.isEmpty {
            bytes += data
        }
        return bytes
    }

    private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * index))) }
    }
}

/// A cursor over bytes whose every read is checked against the bytes that remain.
private struct BoundedReader {
    let storage: ArraySlice<UInt8>
    var position: Int

    init(bytes: ArraySlice<UInt8>) {
        storage = bytes
        position = bytes.startIndex
    }

    init(bytes: [UInt8]) {
        self.init(bytes: bytes[...])
    }

    var remaining: Int { storage.endIndex - position }

    /// A little-endian unsigned integer of `width` bytes; `what` names it in the error.
    mutating func integer(width: Int, _ what: @autoclosure () -> String) throws(CorpusArchiveError) -> UInt64 {
        var value: UInt64 = 0
        for (index, byte) in try self.bytes(UInt64(width), what()).enumerated() { value |= UInt64(byte) << UInt64(8 * index) }
        return value
    }

    /// The next `count` bytes; `what` names them in the error.
    mutating func bytes(_ count: UInt64, _ what: @autoclosure () -> String) throws(CorpusArchiveError) -> ArraySlice<UInt8> {
        guard count <= UInt64(remaining) else {
            throw CorpusArchiveError("\(what()) runs past the end of the payload (\(count) bytes wanted, \(remaining) left)")
        }
        defer { position += Int(count) }
        return storage[position..<position + Int(count)]
    }
}
