import Foundation
import ParseWireConformance
import TestSupport

/// The package's `Vectors/` directory.
enum CorpusLocation {
    static let root = RepositoryPaths.vectors

    /// The corpus, read once for all tests.
    static let corpus: Result<Corpus, CorpusError> = Result { () throws(CorpusError) in try Corpus.load(from: root) }
}
