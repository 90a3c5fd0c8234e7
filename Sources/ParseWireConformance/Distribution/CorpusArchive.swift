import Foundation

/// A whole `Vectors/` directory packed into one byte string, so that a release `parse-wire`
/// carries the corpus it was built with, appended to its own executable file.
///
/// Why appended rather than compiled in: a 5 MB corpus as a Swift array literal would cost every
/// `swift build` and `swift test` minutes of type checking, and resources (`Bundle.module`) are a
/// directory beside the binary, not one file. An appended archive costs ordinary builds nothing,
/// and the release script attaches it after linking (`parse-wire vectors pack`, then `cat`). ELF
/// and Mach-O loaders ignore bytes past the image, so the executable runs unchanged.
///
/// The layout (all integers little-endian) is the payload, then a fixed-size trailer:
///
/// ```
/// payload:  entry count (UInt32), then per entry in path order:
///           path length (UInt16), path (UTF-8, relative, '/'-separated), size (UInt64), bytes
/// trailer:  payload length (UInt64), SHA-256 of the payload (64 lowercase hex digits),
///           magic "ParseWireCorpus1" (16 bytes; the digit is the format version)
/// ```
///
/// Reading is bounded: the trailer is read first, its length checked against the file and
/// ``maximumPayloadSize``, the digest verified before any entry is parsed, and every count and
/// size checked against the bytes that remain. A damaged archive is an error that says so, never
/// a partial corpus.
package struct CorpusArchive: Sendable, Equatable {
    /// One file of the corpus.
    package struct Entry: Sendable, Equatable {
        /// The path relative to the corpus root, with `/` between components (`cases/date/iso.json`).
        package let path: String
        /// The file's exact bytes.
        package let bytes: [UInt8]

        /// Creates an entry; ``CorpusArchive/init(entries:)`` checks the path.
        package init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// The files, sorted by path (byte order of their UTF-8).
    package let entries: [Entry]
    /// The SHA-256 of the payload, 64 lowercase hexadecimal digits: what the trailer records,
    /// and what names this corpus in a run's header.
    package let digest: String

    /// The largest payload a reader accepts: far above a corpus (about 5 MB), far below what
    /// would hurt to read from a damaged or hostile file.
    package static let maximumPayloadSize = 256 << 20
    /// The most entries a payload may declare.
    package static let maximumEntryCount = 65_536
    /// The longest path, in UTF-8 bytes.
    package static let maximumPathLength = 1024

    /// Creates an archive of `entries`.
    /// - Throws: ``CorpusArchiveError`` for a path that is empty, absolute, has an empty, `.` or
    ///   `..` component, a backslash or a NUL, is longer than ``maximumPathLength`` bytes; for
    ///   two entries with one path; for more than ``maximumEntryCount`` entries.
    package init(entries: [Entry]) throws(CorpusArchiveError) {
        try self.init(entries: entries, digest: nil)
    }

    /// Creates an archive of `entries` whose payload digest is `digest`, when the caller has just
    /// computed it from the payload these entries were read from (hashing 5 MB twice is felt in a
    /// debug build).
    init(entries: [Entry], digest: String?) throws(CorpusArchiveError) {
        guard entries.count <= Self.maximumEntryCount else {
            throw CorpusArchiveError("\(entries.count) entries; an archive holds at most \(Self.maximumEntryCount)")
        }
        let sorted = entries.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        for (index, entry) in sorted.enumerated() {
            try Self.checkPath(entry.path)
            if index > 0, sorted[index - 1].path == entry.path { throw CorpusArchiveError("two entries have the path \(entry.path)") }
        }
        self.entries = sorted
        self.digest = digest ?? SHA256.hex(Self.payload(of: sorted))
    }

    /// Packs every regular file under `directory`, except dot-files and anything inside a
    /// dot-directory (editor and system litter such as `.DS_Store`), and except the top-level
    /// ``publishedResultsFolder``: the committed runs of implementations are not the corpus (and
    /// would more than double what a binary carries).
    /// - Throws: ``CorpusArchiveError`` when the directory or a file cannot be read, for a symbolic
    ///   link (its target would not travel with the archive), or when ``init(entries:)`` refuses.
    /// The folder of a corpus that holds published conformance results (`Vectors/results`), left
    /// out of an archive.
    package static let publishedResultsFolder = "results"

    package static func pack(directory: URL) throws(CorpusArchiveError) -> CorpusArchive {
        let files = FileManager.default
        guard let enumerator = files.enumerator(atPath: directory.path) else {
            throw CorpusArchiveError("cannot read the directory \(directory.path)")
        }
        var entries: [Entry] = []
        while let relative = enumerator.nextObject() as? String {
            let components = relative.split(separator: "/")
            if components.contains(where: { $0.hasPrefix(".") }) { continue }
            if components.first == Substring(publishedResultsFolder) { continue }
            let path = directory.appendingPathComponent(relative).path
            let type = (try? files.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            switch type {
            case .typeDirectory?: continue
            case .typeRegular?:
                guard let data = files.contents(atPath: path) else { throw CorpusArchiveError("cannot read \(path)") }
                entries.append(Entry(path: relative, bytes: Array(data)))
            case .typeSymbolicLink?: throw CorpusArchiveError("\(path) is a symbolic link; a corpus archive holds regular files only")
            default: throw CorpusArchiveError("\(path) is not a regular file")
            }
        }
        return try CorpusArchive(entries: entries)
    }

    /// The corpus version: the trimmed text of the `VERSION` entry, if there is one.
    package var version: String? {
        entries.first { $0.path == "VERSION" }.map { String(decoding: $0.bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Writes every entry under `directory`, creating it and the folders inside as needed.
    /// - Throws: ``CorpusArchiveError`` when `directory` exists and is not empty (nothing is
    ///   overwritten), or when a folder or file cannot be written.
    package func write(to directory: URL) throws(CorpusArchiveError) {
        let files = FileManager.default
        if let existing = try? files.contentsOfDirectory(atPath: directory.path), !existing.isEmpty {
            throw CorpusArchiveError("\(directory.path) is not empty; choose a new or empty directory")
        }
        do {
            try files.createDirectory(at: directory, withIntermediateDirectories: true)
            for entry in entries {
                let url = directory.appendingPathComponent(entry.path)
                try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(entry.bytes).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw CorpusArchiveError("cannot write the corpus into \(directory.path): \(error.localizedDescription)")
        }
    }

    /// Checks that `path` names a file inside the corpus root and nothing else.
    static func checkPath(_ path: String) throws(CorpusArchiveError) {
        guard !path.isEmpty, path.utf8.count <= maximumPathLength else {
            throw CorpusArchiveError("an entry path must have 1 to \(maximumPathLength) bytes")
        }
        guard !path.hasPrefix("/"), !path.contains("\\"), !path.utf8.contains(0) else {
            throw CorpusArchiveError("the entry path \(path.debugDescription) is not a relative '/'-separated path")
        }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) where component.isEmpty || component == "." || component == ".." {
            throw CorpusArchiveError("the entry path \(path.debugDescription) has an empty, '.' or '..' component")
        }
    }
}

/// A corpus archive that cannot be made or read: a damaged payload, an unsafe path, an unreadable file.
package struct CorpusArchiveError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in a sentence a person can act on.
    package let message: String

    /// Creates an error with the message `message`.
    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
