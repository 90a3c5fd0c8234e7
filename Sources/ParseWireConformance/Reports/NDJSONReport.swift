import ParseWire

/// The primary report: a header line, one line per check, a footer line
/// (`Vectors/schema/results.schema.json`). Every other rendering can be made from it.
package enum NDJSONReport {
    /// The whole report, each line ending in a newline.
    package static func render(_ result: RunResult) -> String {
        var lines = [header(result)]
        lines += result.records.map(check)
        lines += result.environments.map(environment)
        lines.append(footer(result))
        return lines.map { $0.compactText + "\n" }.joined()
    }

    static func header(_ result: RunResult) -> JSONNode {
        .record([("record", .string("header")), ("runner", .string(result.runner)), ("corpusVersion", .string(result.corpusVersion)),
                 ("manifestSha256", .string(result.manifestSha256)), ("implementation", result.hello.implementation),
                 ("profile", .string(result.profile.rawValue)), ("ops", result.hello.operationsNode),
                 ("choices", result.hello.choicesNode), ("options", result.options), ("started", .string(result.started))])
    }

    static func check(_ record: CheckRecord) -> JSONNode {
        .record([("record", .string("check")), ("id", .string(record.id)), ("file", .string(record.file)),
                 ("description", .string(record.description)), ("op", .string(record.operation.rawValue)),
                 ("input", .string(record.input)), ("level", .string(record.level.rawValue)),
                 ("tags", .array(record.tags.map(JSONNode.string))), ("rule", record.rule.map(JSONNode.string)),
                 ("outcome", .string(record.outcome.rawValue)), ("unexpected", .bool(record.unexpected)),
                 ("errorKindMatch", record.errorKindMatch.map(JSONNode.bool)), ("parseCodeMatch", record.parseCodeMatch.map(JSONNode.bool)),
                 ("expected", record.expected),
                 ("actual", record.actual), ("message", .string(record.message)), ("cause", record.cause.map(JSONNode.string)),
                 ("listed", record.listed.map(JSONNode.string)), ("flaky", record.listedFlaky ? .bool(true) : nil), ("stderrTail", record.stderrTail.map(JSONNode.string)),
                 ("durationMs", .number(String(format3(record.durationMs))))])
    }

    /// How many failing checks of an environment are written out in full; the others by name.
    package static let environmentExamples = 3

    /// One extra environment: its variables, the checks it ran, the checks that failed only there
    /// (by name, the first few in full) under the one cause that names it.
    static func environment(_ found: EnvironmentResult) -> JSONNode {
        .record([("record", .string("environment")), ("environment", .string(found.environment.rawValue)),
                 ("variables", .object(found.environment.variables.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: .string($0.value)) })),
                 ("checks", .integer(found.checks)), ("cause", .string(found.cause)),
                 ("failures", .array(found.failures.map { .string($0.name) })),
                 ("examples", .array(found.failures.prefix(environmentExamples).map(check))),
                 ("stopReason", found.stopReason.map(JSONNode.string)), ("listed", found.listed.map { .string($0.reason) }),
                 ("unexpected", .bool(found.unexpected))])
    }

    static func footer(_ result: RunResult) -> JSONNode {
        let counts = result.counts
        let unexpected = result.unexpected
        func names(_ outcomes: Set<CheckOutcome>) -> JSONNode {
            .array(unexpected.filter { outcomes.contains($0.outcome) }.map { .string($0.name) })
        }
        return .record([
            ("record", .string("footer")),
            ("counts", .object(CheckOutcome.allCases.map { JSONMember(key: $0.rawValue, value: .integer(counts[$0] ?? 0)) })),
            ("unexpected", .record([("failures", names([.fail, .error, .skip])), ("xpasses", names([.xpass])),
                                    ("unmatchedEntries", .array(result.unmatchedEntries.map { .string($0.label) })),
                                    ("crashes", names([.crash, .timeout])),
                                    ("environments", .array(result.environments.filter(\.unexpected).map { .string($0.environment.rawValue) }))])),
            ("environmentNote", result.environmentNote.map(JSONNode.string)),
            ("flaky", flaky(result)),
            ("adapterRestarts", .integer(result.restarts)), ("stoppedEarly", .bool(result.stoppedEarly)),
            ("exitCode", .integer(Int(result.exitCode))),
        ])
    }

    /// `{"failed": 2, "passed": 1}`: the checks an entry of mode `flaky` covered, counted apart;
    /// absent when there were none.
    static func flaky(_ result: RunResult) -> JSONNode? {
        let counts = result.flakyCounts
        guard counts.failed + counts.passed > 0 else { return nil }
        return .record([("failed", .integer(counts.failed)), ("passed", .integer(counts.passed))])
    }

    /// A duration in milliseconds with at most three decimals.
    static func format3(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
