import Foundation

/// `parse-wire-bench`: ParseWire against Foundation, side by side, in one process.
///
///     swift run -c release parse-wire-bench [--rounds N] [--json] [--small] [--only TEXT]
///     swift run -c release parse-wire-bench --decode CONTEXT FILE
///     swift run -c release parse-wire-bench --check [--targets FILE]

let usage = """
USAGE: swift run -c release parse-wire-bench [--rounds N] [--json] [--small] [--only TEXT]
       swift run -c release parse-wire-bench --decode CONTEXT FILE
       swift run -c release parse-wire-bench --check [--targets FILE]

Times ParseWire's Codable bridge, wire codec, scanner and dates against Foundation (JSONEncoder /
JSONDecoder with a fast date hook and with ISO8601DateFormatter; JSONSerialization) on
deterministic datasets: 10,000 Recipe records, 10,000 Listing records (with ParseValue fields),
a [[[[Int]]]] grid of 100,000 ints, 1,000 documents nested 50 and 400 deep, 20,000 dates. Cases run interleaved round by round after a
warm-up; each is reported by median and minimum and as a ratio to its baseline in the same run.
Every encoder's output is first checked to decode back to the source data.

OPTIONS:
  --rounds N   Timed rounds (default 7, at least 1).
  --json       Print JSON instead of tables (for comparing commits).
  --small      A tenth of the data, for a quick look.
  --only TEXT  Build, check and time only the operations whose name contains TEXT, such as
               "Recipe decode" or "depth" (each with its baselines): for profiling one
               operation under perf or callgrind.
  --check      A short smoke run (a tenth of the data, as --small) held against the targets:
               fails when a speed ratio (against its baseline in the same run, from each
               side's fastest round) misses its bound by more than the tolerance. Other
               targets are shown, not checked.
  --targets FILE
               The target file (default: Benchmarks/targets.json in the repository).
  --decode CONTEXT FILE
               Decode FILE once in CONTEXT (value, update, query, find-response) and exit,
               for measuring a decode's peak memory with /usr/bin/time -v.

EXIT STATUS: 0 done, 1 a correctness check failed, 2 usage error, 3 --check: a target regressed.
"""

var rounds = 7
var printsJSON = false
var scale = 1
var only: String?
var checks = false
var targetsURL = TargetFile.defaultLocation
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--rounds":
        guard let text = arguments.popFirst(), let value = Int(text), value >= 1 else {
            FileHandle.standardError.write(Data("parse-wire-bench: --rounds needs a number of at least 1\n".utf8))
            exit(2)
        }
        rounds = value
    case "--json": printsJSON = true
    case "--small": scale = 10
    case "--check": checks = true
    case "--targets":
        guard let path = arguments.popFirst() else {
            FileHandle.standardError.write(Data("parse-wire-bench: --targets needs a file\n".utf8))
            exit(2)
        }
        targetsURL = URL(fileURLWithPath: path)
    case "--decode":
        guard let context = arguments.popFirst(), let path = arguments.popFirst() else {
            FileHandle.standardError.write(Data("parse-wire-bench: --decode needs a context and a file\n".utf8))
            exit(2)
        }
        exit(DecodeOnly.run(context: context, path: path))
    case "--only":
        guard let text = arguments.popFirst(), !text.isEmpty else {
            FileHandle.standardError.write(Data("parse-wire-bench: --only needs part of an operation's name, such as \"Recipe decode\"\n".utf8))
            exit(2)
        }
        only = text
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("parse-wire-bench: unknown argument '\(argument)'\n\n\(usage)\n".utf8))
        exit(2)
    }
}

func progress(_ text: String) {
    FileHandle.standardError.write(Data("parse-wire-bench: \(text)\n".utf8))
}

let selects: (String) -> Bool = { operation in only.map { operation.localizedCaseInsensitiveContains($0) } ?? true }
if let only, !Cases.operations.contains(where: selects) {
    FileHandle.standardError.write(Data("parse-wire-bench: no operation's name contains '\(only)'; the operations are: \(Cases.operations.joined(separator: ", "))\n".utf8))
    exit(2)
}

if checks { scale = 10 }
let targetFile: TargetFile
do {
    targetFile = try TargetFile.load(from: targetsURL)
} catch {
    FileHandle.standardError.write(Data("parse-wire-bench: \(error)\n".utf8))
    exit(2)
}

do {
    progress("building datasets")
    let data = Datasets(recipeCount: 10_000 / scale, listingCount: 10_000 / scale, nestCount: 1_000 / scale, dateCount: 20_000 / scale)
    progress("checking that every encoder's output decodes back to the source data")
    let selected = try Cases(data, selecting: selects).all
    let report = Report(results: try Harness.run(selected, rounds: rounds, progress: progress), targetFile: targetFile)
    if checks {
        print(report.table)
        print()
        let check = report.check
        print(check.lines.joined(separator: "\n"))
        guard check.passed else {
            FileHandle.standardError.write(Data("parse-wire-bench: a target regressed beyond its tolerance (FAIL above); see Benchmark.md\n".utf8))
            exit(3)
        }
        print("parse-wire-bench: every ratio target within its tolerance")
    } else if printsJSON {
        print(report.json)
    } else {
        print(report.table)
        print()
        print(report.targetTable)
    }
} catch {
    FileHandle.standardError.write(Data("parse-wire-bench: \(error)\n".utf8))
    exit(1)
}
