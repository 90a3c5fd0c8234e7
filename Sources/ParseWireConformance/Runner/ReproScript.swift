/// The exact request lines of one case, so an adapter author can replay them by hand:
/// `parse-wire conformance --repro ID | ./my-adapter`.
package enum ReproScript {
    /// `hello`, every request of the case (an implementation-defined case's roundtrip included,
    /// which the runner sends only after an accepted decode), then `stop`; `nil` for an unknown id.
    package static func lines(_ corpus: Corpus, id: String) -> [String]? {
        guard let (file, vector) = corpus.cases.first(where: { $0.vector.id == id }) else { return nil }
        let checks = CheckPlanner.checks(vector, file: file.path)
        return [AdapterRequest.helloLine(corpusVersion: corpus.version)]
            + checks.enumerated().map { $1.request(seq: $0 + 1).line }
            + [AdapterRequest.stopLine]
    }
}
