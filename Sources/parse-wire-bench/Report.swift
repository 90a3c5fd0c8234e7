import Foundation

/// The benchmark's output: a table, the targets, and JSON for comparing commits.
struct Report {
    let results: [BenchResult]

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

    /// Each target of the benchmark issue, with the measured figure.
    var targets: [(name: String, measured: String, met: Bool)] {
        var rows: [(String, String, Bool)] = []
        func ratioTarget(_ label: String, _ group: String, _ name: String, _ goal: Double) {
            guard let result = result(group, name), let value = ratio(result) else { return }
            rows.append(("\(label) ≥ \(format(goal, 0))×", format(value, 2) + "×", value >= goal))
        }
        ratioTarget("Codable Recipe encode", "Recipe encode", "ParseWireEncoder", 8)
        ratioTarget("Codable Recipe decode", "Recipe decode", "ParseWireDecoder", 5)
        ratioTarget("grid encode", "grid [[[[Int]]]] encode", "ParseWireEncoder", 15)
        ratioTarget("grid decode", "grid [[[[Int]]]] decode", "ParseWireDecoder", 4)
        for operation in ["encode", "decode"] {
            let name = operation == "encode" ? "ParseWireEncoder" : "ParseWireDecoder"
            if let shallow = result("depth 50 \(operation)", name), let deep = result("depth 400 \(operation)", name) {
                let perLevel = (deep.median / Double(deep.records)) / (shallow.median / Double(shallow.records))
                rows.append(("per-level cost at depth 400 ÷ depth 50, \(operation) ≤ 1.5", format(perLevel, 2), perLevel <= 1.5))
            }
        }
        for (group, name) in [("date format", "ParseWire format"), ("date parse", "ParseWire parse")] {
            if let result = result(group, name) {
                let nanoseconds = result.median / Double(result.records) * 1e9
                rows.append(("\(group) ≤ 50 ns", format(nanoseconds, 1) + " ns", nanoseconds <= 50))
            }
        }
        if let scan = result("untyped decode", "structural scan") {
            let rate = Double(scan.bytes) / scan.median / 1e6
            rows.append(("structural scan ≥ 600 MB/s", format(rate, 0) + " MB/s", rate >= 600))
        }
        return rows
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
