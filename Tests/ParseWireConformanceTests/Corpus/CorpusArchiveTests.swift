import Foundation
import ParseWireConformance
import Testing

/// The corpus archive that a release `parse-wire` carries appended to its executable.
@Suite("Corpus archive")
struct CorpusArchiveTests {
    /// A fresh empty directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-archive-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every regular file under `directory`, by relative path.
    static func files(under directory: URL) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: directory.path))
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(relative).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files[relative] = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        return files
    }

    /// A small archive whose contents the tests know.
    static func sample() throws -> CorpusArchive {
        try CorpusArchive(entries: [
            .init(path: "VERSION", bytes: Array("9.9.9\n".utf8)),
            .init(path: "cases/a/one.json", bytes: Array("{}".utf8)),
            .init(path: "empty.txt", bytes: []),
        ])
    }

    /// `prefix` (a stand-in for an executable) with the archive appended, written to a temporary file.
    static func attached(_ archive: [UInt8], to prefix: [UInt8] = Array("\u{7F}ELF not really".utf8)) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-archive-test-\(UUID().uuidString)")
        try Data(prefix + archive).write(to: url)
        return url
    }

    @Test("the whole corpus packs, and writes out byte for byte what was read")
    func corpusRoundTrip() throws {
        let archive = try CorpusArchive.pack(directory: CorpusLocation.root)
        #expect(archive.version == (try String(contentsOf: CorpusLocation.root.appendingPathComponent("VERSION"), encoding: .utf8))
            .trimmingCharacters(in: .whitespacesAndNewlines))
        let output = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        try archive.write(to: output)
        let original = try Self.files(under: CorpusLocation.root).filter {
            let components = $0.key.split(separator: "/")
            return !components.contains { $0.hasPrefix(".") } && components.first != "results"
        }
        let written = try Self.files(under: output)
        #expect(written.keys.sorted() == original.keys.sorted())
        for (path, bytes) in original { #expect(written[path] == bytes, "\(path)") }
        #expect(archive.entries.count == original.count)
        #expect(original.keys.contains("INTERPRETING.md") && original.keys.contains { $0.hasPrefix("cases/") })
        #expect(!archive.entries.contains { $0.path.hasPrefix("results/") }, "published results are not packed")
    }

    @Test("an archive appended to other bytes is found again, entries and digest intact")
    func findsAppendedArchive() throws {
        let archive = try Self.sample()
        let file = try Self.attached(archive.encoded())
        defer { try? FileManager.default.removeItem(at: file) }
        let found = try #require(try CorpusArchive.find(inFileAt: file.path))
        #expect(found == archive)
        #expect(found.digest == archive.digest)
        #expect(found.digest.count == 64)
        #expect(found.version == "9.9.9")
    }

    @Test("a file without an archive, or shorter than the trailer, has none")
    func noArchive() throws {
        for prefix in [[UInt8](), Array("short".utf8), [UInt8](repeating: 0x41, count: 4096)] {
            let file = try Self.attached([], to: prefix)
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(try CorpusArchive.find(inFileAt: file.path) == nil)
        }
    }

    @Test("a changed byte anywhere in the payload is reported as damage, not read")
    func corruptPayload() throws {
        var bytes = try Self.sample().encoded()
        bytes[10] ^= 0x01
        let file = try Self.attached(bytes)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = #expect(throws: CorpusArchiveError.self) { try CorpusArchive.find(inFileAt: file.path) }
        #expect(error?.message.contains("SHA-256") == true, "\(String(describing: error))")
    }

    @Test("a trailer whose length runs past the start of the file is reported, not followed")
    func lengthPastStart() throws {
        var bytes = try Self.sample().encoded()
        let lengthOffset = bytes.count - CorpusArchive.trailerSize
        for index in 0..<8 { bytes[lengthOffset + index] = index == 7 ? 0x00 : 0xFF }
        let file = try Self.attached(bytes)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = #expect(throws: CorpusArchiveError.self) { try CorpusArchive.find(inFileAt: file.path) }
        #expect(error?.message.contains("length") == true, "\(String(describing: error))")
    }

    @Test("a payload that is cut short or has bytes left over is rejected, even with a matching digest")
    func malformedPayload() throws {
        let valid = try Self.sample().encodedPayload()
        for payload in [Array(valid.dropLast(1)), valid + [0]] {
            #expect(throws: CorpusArchiveError.self) { try CorpusArchive(payload: payload) }
            let file = try Self.attached(CorpusArchive.wrap(payload: payload))
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(throws: CorpusArchiveError.self) { try CorpusArchive.find(inFileAt: file.path) }
        }
    }

    @Test("entry paths that could leave the output directory are refused",
          arguments: ["../x", "/etc/passwd", "a/../../x", "a//b", "./a", "", "a/", "a\\b", "a\u{0}b"])
    func unsafePaths(path: String) throws {
        #expect(throws: CorpusArchiveError.self) { try CorpusArchive(entries: [.init(path: path, bytes: [])]) }
        // The same path smuggled into a payload with a valid digest is refused by the reader too.
        var payload: [UInt8] = [1, 0, 0, 0]
        let pathBytes = Array(path.utf8)
        payload += [UInt8(pathBytes.count & 0xFF), UInt8(pathBytes.count >> 8)] + pathBytes + [UInt8](repeating: 0, count: 8)
        #expect(throws: CorpusArchiveError.self) { try CorpusArchive(payload: payload) }
    }

    @Test("two entries with one path are refused, as is a payload out of path order")
    func duplicatePaths() {
        #expect(throws: CorpusArchiveError.self) {
            try CorpusArchive(entries: [.init(path: "a", bytes: [1]), .init(path: "a", bytes: [2])])
        }
        let entry: (String) -> [UInt8] = { [1, 0] + Array($0.utf8) + [UInt8](repeating: 0, count: 8) }
        #expect(throws: CorpusArchiveError.self) { try CorpusArchive(payload: [2, 0, 0, 0] + entry("b") + entry("a")) }
        #expect((try? CorpusArchive(payload: [2, 0, 0, 0] + entry("a") + entry("b")))?.entries.map(\.path) == ["a", "b"])
    }

    @Test("an entry count beyond the limit is refused (reserving room for it would exhaust memory)")
    func entryCountLimit() {
        let payload: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF]
        let error = #expect(throws: CorpusArchiveError.self) { try CorpusArchive(payload: payload) }
        #expect(error?.message.contains("entries") == true, "\(String(describing: error))")
    }

    @Test("writing out refuses a directory that already holds files")
    func refusesNonEmptyDirectory() throws {
        let output = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        try Data("keep".utf8).write(to: output.appendingPathComponent("mine.txt"))
        #expect(throws: CorpusArchiveError.self) { try Self.sample().write(to: output) }
        #expect(try String(contentsOf: output.appendingPathComponent("mine.txt"), encoding: .utf8) == "keep")
    }
}
