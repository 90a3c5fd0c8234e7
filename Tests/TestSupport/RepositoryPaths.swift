import Foundation

/// Where the tests find the repository's files, from this file's own path, so that a test file can
/// move between folders without counting its own depth.
package enum RepositoryPaths {
    /// The repository's root (this file is `Tests/TestSupport/RepositoryPaths.swift`).
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The vector corpus, `Vectors/`.
    package static let vectors = root.appendingPathComponent("Vectors")
    /// The runner's self-test fixtures, `Tests/Fixtures/`.
    package static let fixtures = root.appendingPathComponent("Tests/Fixtures")
}
