import Foundation

/// One timed operation, measured against a baseline in the same run.
struct BenchCase {
    /// What is measured, such as `ParseWireDecoder`.
    let name: String
    /// The operation, such as `Recipe decode`; a case's baseline is in the same group.
    let group: String
    /// The case this one is compared with; `nil` for a baseline.
    let baseline: String?
    /// Bytes of JSON one run reads or writes, for MB/s.
    let bytes: Int
    /// Records (or values) one run handles, for records/s.
    let records: Int
    /// Runs the operation once.
    let run: () throws -> Void
}

/// Per-case timings: every round's duration in seconds.
struct BenchResult: Sendable {
    let name: String
    let group: String
    let baseline: String?
    let bytes: Int
    let records: Int
    let seconds: [Double]

    var median: Double {
        let sorted = seconds.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    var minimum: Double { seconds.min() ?? .nan }
}

/// Runs cases interleaved, round by round, so that a slow moment of the machine hurts every case
/// alike and ratios stay meaningful on a shared machine.
enum Harness {
    static func run(_ cases: [BenchCase], rounds: Int, progress: (String) -> Void) throws -> [BenchResult] {
        progress("warm-up")
        for benchCase in cases { try benchCase.run() }
        var seconds = [[Double]](repeating: [], count: cases.count)
        for round in 1...rounds {
            progress("round \(round) of \(rounds)")
            for (index, benchCase) in cases.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                try benchCase.run()
                seconds[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        }
        return zip(cases, seconds).map { benchCase, times in
            BenchResult(name: benchCase.name, group: benchCase.group, baseline: benchCase.baseline, bytes: benchCase.bytes,
                        records: benchCase.records, seconds: times)
        }
    }
}
