import Foundation

/// The benchmark's output: a table, the targets, and JSON for comparing commits.
struct Report {
    let results: [BenchResult]
    /// The targets the run is held against.
    let targetFile: TargetFile

    func result(_ group: String, _ name: String) -> BenchResult? {
        results.first { $0.group == group && $0.name == name }
    }

    /// The baseline's median over the case's: how many times faster the case is.
    func ratio(_ result: BenchResult) -> Double? {
        guard let baseline = result.baseline, let base = self.result(result.group, baseline) else { return nil }
        return base.median / result.median
    }

    var table: String {
        var lines = ["| operation | implementation | median ms | min ms | MB/s | records/s | × baseline |", "|---|---|---:|---:|---:|---:|---:|"]
        for result in results {
            let megabytes = Double(result.bytes) / result.median / 1e6
            let records = Double(result.records) / result.median
            lines.append("| \(result.group) | \(result.name) | \(format(result.median * 1000, 1)) | \(format(result.minimum * 1000, 1)) | "
                + "\(format(megabytes, 0)) | \(format(records, 0)) | \(ratio(result).map { format($0, 2) + "×" } ?? "baseline") |")
        }
        return lines.joined(separator: "\n")
    }

    /// Each target of `Benchmarks/targets.json` the run measured, with the measured figure.
    var targets: [(name: String, measured: String, met: Bool)] {
        targetFile.targets.compactMap { target in
            target.measured(in: self).map { ("\(target.name) \(target.goal)", target.describe($0), target.isMet(by: $0)) }
        }
    }

    /// What `--check` finds: one line per checked target (a speed ratio, from each side's fastest
    /// round; see ``Statistic/minimum``), and whether each is within the tolerance of its bound;
    /// then the targets it does not check, for information. A checked target the run could not
    /// measure (it names an operation the benchmark does not time) is a failure too, so that a
    /// renamed operation cannot silently drop its target.
    var check: (lines: [String], passed: Bool) {
        var lines: [String] = []
        var passed = true
        for target in targetFile.targets where target.kind.isChecked {
            let slack = target.tolerance ?? targetFile.tolerance
            guard let value = target.measured(in: self, statistic: .minimum) else {
                lines.append("FAIL \(target.name): no case \"\(target.case)\" in \"\(target.group)\"\(target.deepGroup.map { " and \"\($0)\"" } ?? "") was timed")
                passed = false
                continue
            }
            let ok = target.isWithinTolerance(value, fileTolerance: slack)
            passed = passed && ok
            let verdict = ok ? (target.isMet(by: value) ? "ok  " : "near") : "FAIL"
            lines.append("\(verdict) \(target.name): \(target.describe(value)), target \(target.goal), "
                + "failing beyond \(Int((slack * 100).rounded())) % of it")
        }
        for target in targetFile.targets where !target.kind.isChecked {
            guard let value = target.measured(in: self, statistic: .minimum) else { continue }
            lines.append("info \(target.name): \(target.describe(value)), target \(target.goal), not checked (\(target.kind.rawValue))")
        }
        return (lines, passed)
    }

    var targetTable: String {
        (["| target | measured | met |", "|---|---:|:---:|"] + targets.map { "| \($0.name) | \($0.measured) | \($0.met ? "yes" : "no") |" })
            .joined(separator: "\n")
    }

    var json: String {
        let entries = results.map { result -> String in
            let ratioText = ratio(result).map { format($0, 4) } ?? "null"
            return "{\"group\":\(quote(result.group)),\"name\":\(quote(result.name)),\"baseline\":\(result.baseline.map(quote) ?? "null"),"
                + "\"bytes\":\(result.bytes),\"records\":\(result.records),\"medianSeconds\":\(result.median),"
                + "\"minimumSeconds\":\(result.minimum),\"ratio\":\(ratioText)}"
        }
        let targetEntries = targets.map { "{\"target\":\(quote($0.name)),\"measured\":\(quote($0.measured)),\"met\":\($0.met)}" }
        return "{\"results\":[\n" + entries.joined(separator: ",\n") + "\n],\"targets\":[\n" + targetEntries.joined(separator: ",\n") + "\n]}"
    }

    private func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
