import Foundation
import ParseWireConformance

/// The package's `Vectors/` directory, found from this file's path.
enum CorpusLocation {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Vectors")

    /// The corpus, read once for all tests.
    static let corpus: Result<Corpus, CorpusError> = Result { () throws(CorpusError) in try Corpus.load(from: root) }
}
