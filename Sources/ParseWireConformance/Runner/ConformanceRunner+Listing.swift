/// How a check's record meets the expected-failures list (`Vectors/INTERPRETING.md` §10).
extension ConformanceRunner {
    /// Applies the expected-failures entry and the level rules, then keeps the record. A failing
    /// check that no id, tag, area or error entry covers is covered by the `cause` entry for its cause.
    func finish(_ input: CheckRecord, entry listed: ExpectedFailures.Entry?, listedSkip: Bool = false) {
        var record = input
        if record.outcome.isFailing, !listedSkip {
            if record.cause == nil {
                record.cause = DifferenceKind.ofFault(record.outcome, message: record.message, answered: record.actual != nil)
                    .map { Cause(operation: record.operation, kind: $0).description }
            }
        } else {
            record.cause = nil
        }
        if let entry = listed, entry.mode != .skip, record.outcome != .unsupported {
            if record.outcome.isFailing {
                let kindMatches = entry.errorKind.map { kind in record.actual?["error"]?["kind"]?.stringValue == kind } ?? true
                if kindMatches {
                    record.outcome = .xfail
                } else {
                    record.message += " (listed, but not as a rejection with \(entry.errorKind ?? ""))"
                }
            } else if entry.mode == .xfail {
                record.message = "listed as an expected failure, but \(record.outcome.rawValue): \(record.message)"
                record.outcome = .xpass
            } else {
                record.message = "listed as flaky, and \(record.outcome.rawValue) this time: \(record.message)"
            }
        }
        if record.outcome.isFailing, !listedSkip, let cause = record.cause, let entry = options.expectedFailures?.entry(forCause: cause) {
            record.outcome = .xfail
            record.listed = entry.reason
            record.listedEntry = entry.position
            record.listedMode = entry.mode
            matchedCauses.insert(cause)
        }
        switch record.outcome {
        case .pass, .xfail, .unsupported, .tolerated, .accepted, .rejected: record.unexpected = false
        case .skip: record.unexpected = !listedSkip
        case .fail: record.unexpected = record.level != .recommended || options.enforcesRecommended
        case .xpass, .error, .timeout, .crash: record.unexpected = true
        }
        records.append(record)
    }
}
