import Foundation

/// The benchmark's targets, read from `Benchmarks/targets.json`: one home for the goals that
/// ``Report`` shows and `--check` enforces.
///
/// A target names the measured case by its operation (`group`) and implementation (`case`) and
/// states a bound (`atLeast` or `atMost`). Its kind says what is measured; `--check` holds only the
/// speed ratios against their bounds — measured against a baseline in the same run, so a slow or
/// shared machine slows both sides — since absolute times on a shared machine say more about the
/// machine than the code. New rows need no code: a new operation's ratio targets are rows of kind
/// `ratio`.
struct TargetFile: Decodable {
    /// How far below an `atLeast` (or above an `atMost`) bound a checked figure may fall before
    /// `--check` fails, as a fraction of the bound; a row may set its own.
    let tolerance: Double
    let targets: [Target]

    /// The file beside the package: `Benchmarks/targets.json` at the root of the repository.
    static let defaultLocation = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/targets.json")

    /// Reads and checks a target file.
    static func load(from url: URL) throws -> TargetFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TargetFileError("cannot read \(url.path): \(error.localizedDescription)")
        }
        let file: TargetFile
        do {
            file = try JSONDecoder().decode(TargetFile.self, from: data)
        } catch {
            throw TargetFileError("\(url.path) is not a target file: \(error)")
        }
        for target in file.targets {
            if let problem = target.problem { throw TargetFileError("\(url.path): target \"\(target.name)\" \(problem)") }
        }
        guard (0..<1).contains(file.tolerance) else { throw TargetFileError("\(url.path): tolerance must be at least 0 and below 1") }
        return file
    }
}

/// A target file that cannot be used.
struct TargetFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One goal of the benchmark.
struct Target: Decodable {
    /// What a target measures.
    enum Kind: String, Decodable {
        /// The case's speed over its baseline's in the same run (the baseline's time ÷ the case's).
        case ratio
        /// The case's time per record in `deepGroup` over its time per record in `group`: how the
        /// cost of one level of nesting grows with depth; 1 is flat. Not checked by the smoke run:
        /// on its tenth of the data a depth-50 document takes about 20 µs and the figure moved
        /// from 0.5 to 6 between runs here (about 1.1 on the full data; see Benchmark.md).
        case perLevel
        /// The case's median time per record, in nanoseconds: an absolute figure, not checked.
        case nanosecondsPerRecord
        /// The case's throughput in MB/s: an absolute figure, not checked.
        case megabytesPerSecond

        /// Whether `--check` enforces it.
        var isChecked: Bool {
            switch self {
            case .ratio: true
            case .perLevel, .nanosecondsPerRecord, .megabytesPerSecond: false
            }
        }
    }

    let name: String
    let kind: Kind
    /// The operation, such as `Recipe encode`.
    let group: String
    /// The implementation measured, such as `ParseWireEncoder`.
    let `case`: String
    /// For ``Kind/perLevel``: the operation at the greater depth.
    let deepGroup: String?
    let atLeast: Double?
    let atMost: Double?
    /// This row's tolerance, when it is not the file's.
    let tolerance: Double?

    /// What is wrong with the row, if anything.
    var problem: String? {
        if (atLeast == nil) == (atMost == nil) { return "needs exactly one of atLeast and atMost" }
        if (kind == .perLevel) != (deepGroup != nil) { return "has a deepGroup if and only if its kind is perLevel" }
        if let tolerance, !(0..<1).contains(tolerance) { return "has a tolerance outside 0..<1" }
        return nil
    }

    /// The bound as text, such as `≥ 8×`.
    var goal: String {
        let unit = switch kind {
        case .ratio: "×"
        case .perLevel: ""
        case .nanosecondsPerRecord: " ns"
        case .megabytesPerSecond: " MB/s"
        }
        if let atLeast { return "≥ \(Self.format(atLeast))\(unit)" }
        return "≤ \(Self.format(atMost ?? 0))\(unit)"
    }

    /// The figure measured in `report` from each case's `statistic`; `nil` when the run did not
    /// time the cases it needs.
    func measured(in report: Report, statistic: Statistic = .median) -> Double? {
        guard let result = report.result(group, `case`) else { return nil }
        let time = statistic.of(result)
        switch kind {
        case .ratio:
            guard let baseline = result.baseline, let base = report.result(result.group, baseline) else { return nil }
            return statistic.of(base) / time
        case .perLevel:
            guard let deepGroup, let deep = report.result(deepGroup, `case`) else { return nil }
            return (statistic.of(deep) / Double(deep.records)) / (time / Double(result.records))
        case .nanosecondsPerRecord:
            return time / Double(result.records) * 1e9
        case .megabytesPerSecond:
            return Double(result.bytes) / time / 1e6
        }
    }

    /// Whether `value` meets the bound itself.
    func isMet(by value: Double) -> Bool {
        if let atLeast { return value >= atLeast }
        return value <= (atMost ?? .infinity)
    }

    /// Whether `value` is within the tolerance of the bound: what `--check` asks of a checked target.
    func isWithinTolerance(_ value: Double, fileTolerance: Double) -> Bool {
        let slack = tolerance ?? fileTolerance
        if let atLeast { return value >= atLeast * (1 - slack) }
        return value <= (atMost ?? .infinity) * (1 + slack)
    }

    /// A measured figure in the target's unit.
    func describe(_ value: Double) -> String {
        switch kind {
        case .ratio: String(format: "%.2f×", value)
        case .perLevel: String(format: "%.2f", value)
        case .nanosecondsPerRecord: String(format: "%.1f ns", value)
        case .megabytesPerSecond: String(format: "%.0f MB/s", value)
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Which of a case's round times stands for it.
enum Statistic {
    /// The median round: the report's figure.
    case median
    /// The fastest round: what `--check` compares. On a shared machine another process only ever
    /// adds time to a round, so the fastest is the steadiest estimate of the code's own cost in a
    /// short run.
    case minimum

    func of(_ result: BenchResult) -> Double {
        switch self {
        case .median: result.median
        case .minimum: result.minimum
        }
    }
}
