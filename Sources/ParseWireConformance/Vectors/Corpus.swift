import Foundation
import ParseWire

/// The whole vector corpus as read from a `Vectors/` directory.
package struct Corpus: Sendable {
    /// The `Vectors/` directory.
    package let root: URL
    /// The corpus version (`VERSION`).
    package let version: String
    /// Every vector file under `cases/`, sorted by path.
    package let files: [VectorFile]
    /// The raw bytes of every file under `cases/`, by path relative to ``root``.
    package let fileBytes: [String: [UInt8]]
    /// The tag vocabulary (`tags.json`): name → description.
    package let tags: [String: String]
    /// The shared flags (`flags.json`).
    package let flags: [String: FlagDefinition]
    /// Ids that may never be used again (`retired-ids.txt`).
    package let retiredIds: [String]

    /// The ids listed in the corpus's `retired-ids.txt` (the first word of each line that is not a
    /// comment).
    package static func retiredIds(at root: URL) throws(CorpusError) -> [String] {
        try text(root, "retired-ids.txt").split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            return trimmed.split(separator: " ").first.map(String.init)
        }
    }
    /// Problems found while reading: files or cases that break the file format.
    package let findings: [Finding]
    /// The rules of `spec/`, which citations name.
    package let rules: SpecRules
    /// What parse-server does with each case's document (`server-verdicts.json`).
    package let serverVerdicts: ServerVerdicts

    /// Every case with its file, in file order.
    package var cases: [(file: VectorFile, vector: VectorCase)] {
        files.flatMap { file in file.cases.map { (file, $0) } }
    }

    /// Reads the corpus.
    /// - Parameter root: The `Vectors/` directory.
    /// - Throws: ``CorpusError`` when a required top-level file cannot be read; problems inside
    ///   vector files are ``findings`` instead.
    package static func load(from root: URL) throws(CorpusError) -> Corpus {
        var findings: [Finding] = []
        let version = try text(root, "VERSION").trimmingCharacters(in: .whitespacesAndNewlines)
        let tagsNode = try json(root, "tags.json")
        var tags: [String: String] = [:]
        for member in tagsNode.members ?? [] {
            guard let description = member.value.stringValue else {
                findings.append(Finding(file: "tags.json", "tag \(member.key) must map to a description string"))
                continue
            }
            tags[member.key] = description
        }
        var flags: [String: FlagDefinition] = [:]
        for (name, definition) in VectorFileReader.readFlags(try json(root, "flags.json"), file: "flags.json", findings: &findings) {
            flags[name] = definition
        }
        let retired = try retiredIds(at: root)
        var files: [VectorFile] = []
        var bytes: [String: [UInt8]] = [:]
        for path in casePaths(root) {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
                findings.append(Finding(file: path, "cannot be read"))
                continue
            }
            bytes[path] = Array(data)
            if let file = VectorFileReader.read(path: path, bytes: Array(data), findings: &findings) { files.append(file) }
        }
        return Corpus(root: root, version: version, files: files, fileBytes: bytes, tags: tags, flags: flags,
                      retiredIds: retired, findings: findings, rules: SpecRules.load(from: root),
                      serverVerdicts: try ServerVerdicts.load(from: root))
    }

    /// The tag names of a corpus's `tags.json` alone, without reading the cases; empty when unreadable.
    package static func tagNames(in root: URL) -> Set<String> {
        guard let node = try? json(root, "tags.json") else { return [] }
        return Set(node.members?.map(\.key) ?? [])
    }

    /// The paths of the `.json` files under `cases/`, relative to the root, sorted.
    static func casePaths(_ root: URL) -> [String] {
        let cases = root.appendingPathComponent("cases")
        guard let enumerator = FileManager.default.enumerator(atPath: cases.path) else { return [] }
        var paths: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".json") { paths.append("cases/" + relative) }
        }
        return paths.sorted()
    }

    private static func text(_ root: URL, _ name: String) throws(CorpusError) -> String {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) else {
            throw CorpusError(message: "cannot read \(root.appendingPathComponent(name).path)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func json(_ root: URL, _ name: String) throws(CorpusError) -> JSONNode {
        let contents = try text(root, name)
        do {
            return try JSONNode.parse(contents)
        } catch {
            throw CorpusError(message: "\(name) is not strict JSON: \(error)")
        }
    }

    /// The definition of a flag for a case of `file`: the file's own, else the shared one.
    package func flagDefinition(_ name: String, in file: VectorFile) -> FlagDefinition? {
        file.flags[name] ?? flags[name]
    }
}

/// The corpus directory is unusable: a required file is missing or unreadable.
package struct CorpusError: Error, Sendable, CustomStringConvertible {
    package let message: String

    /// Creates an error with a message that says what is unusable.
    package init(message: String) {
        self.message = message
    }

    package var description: String { message }
}
