import ParseWire

/// Builds `Vectors/manifest.json` (`parse-wire vectors build`): the corpus version, every file
/// with its SHA-256, ids and counts, totals per kind, level and tag, and the retired ids.
///
/// The manifest is generated, never edited; a test fails when it is stale, so a report that
/// records the manifest's hash is tied to exact data.
package enum ManifestBuilder {
    /// The manifest text for a corpus, formatted like the vector files.
    package static func build(_ corpus: Corpus) -> String {
        let statistics = CorpusStatistics(corpus)
        let files: [JSONNode] = corpus.files.map { file in
            var kinds: [String: Int] = [:]
            for vector in file.cases { kinds[vector.kind.rawValue, default: 0] += 1 }
            return .object([
                JSONMember(key: "path", value: .string(file.path)),
                JSONMember(key: "sha256", value: .string(SHA256.hex(corpus.fileBytes[file.path] ?? []))),
                JSONMember(key: "area", value: .string(file.area)),
                JSONMember(key: "schemaVersion", value: .string(file.schemaVersion)),
                JSONMember(key: "cases", value: .number(String(file.cases.count))),
                JSONMember(key: "kinds", value: counts(kinds)),
                JSONMember(key: "ids", value: .array(file.cases.map { .string($0.id) })),
            ])
        }
        let root = JSONNode.object([
            JSONMember(key: "corpusVersion", value: .string(corpus.version)),
            JSONMember(key: "cases", value: .number(String(statistics.cases))),
            JSONMember(key: "kinds", value: counts(statistics.byKind)),
            JSONMember(key: "levels", value: counts(statistics.byLevel)),
            JSONMember(key: "areas", value: counts(statistics.byArea)),
            JSONMember(key: "tags", value: counts(statistics.byTag)),
            JSONMember(key: "retiredIds", value: .array(corpus.retiredIds.map { .string($0) })),
            JSONMember(key: "files", value: .array(files)),
        ])
        var text = ""
        VectorFormatter.write(root, role: .other, indent: 0, prefix: 0, to: &text)
        return text + "\n"
    }

    static func counts(_ values: [String: Int]) -> JSONNode {
        .object(values.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: .number(String($0.value))) })
    }
}
