import Foundation

/// How a property runs: its seed, how many cases, and the shrinking budget.
///
/// ``fromEnvironment(name:)`` reads the overrides a developer uses to reproduce or deepen a run:
/// `PBT_SEED` (a decimal or `0x` seed), `PBT_COUNT` (cases), `PBT_RANDOM=1` (a fresh seed, printed
/// on failure), and `PBT_REPLAY=<property name>:<choices>` (run exactly one recorded case of that
/// property; other properties ignore it).
public struct PropertyConfiguration: Sendable {
    /// The property's name; its FNV-1a hash is the default seed.
    public var name: String
    /// The seed of the case stream. Default: the hash of ``name``, so every run is the same.
    public var seed: UInt64
    /// How many passing cases make a pass. Default 100.
    public var count = 100
    /// Choices of one case to replay instead of generating cases.
    public var replay: [UInt64]?
    /// The most property evaluations shrinking may spend. Default 5,000.
    public var maximumShrinkEvaluations = 5_000
    /// The longest shrinking may take. Default 10 seconds.
    public var maximumShrinkDuration: Duration = .seconds(10)

    /// A deterministic configuration named `name`.
    public init(name: String) {
        self.name = name
        self.seed = fnv1a64(name)
    }

    /// The configuration for `name` with the `PBT_*` environment overrides applied.
    /// - Parameter defaultCount: The case count when `PBT_COUNT` is not set.
    public static func fromEnvironment(name: String, defaultCount: Int = 100) -> PropertyConfiguration {
        var configuration = PropertyConfiguration(name: name)
        configuration.count = defaultCount
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["PBT_COUNT"], let count = Int(text), count > 0 { configuration.count = count }
        if environment["PBT_RANDOM"] == "1" { configuration.seed = UInt64.random(in: 0...UInt64.max) }
        if let text = environment["PBT_SEED"], let seed = parseSeed(text) { configuration.seed = seed }
        if let text = environment["PBT_REPLAY"], let separator = text.lastIndex(of: ":"),
           text[..<separator] == name {
            configuration.replay = parseChoices(String(text[text.index(after: separator)...]))
        }
        return configuration
    }

    static func parseSeed(_ text: String) -> UInt64? {
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    /// Choices written as decimal numbers separated by `.`, as ``PropertyFailure/replayValue`` writes them.
    public static func parseChoices(_ text: String) -> [UInt64]? {
        if text.isEmpty { return [] }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { UInt64($0) }
        return parts.contains(nil) ? nil : parts.map { $0! }
    }
}
