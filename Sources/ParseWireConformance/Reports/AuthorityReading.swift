import ParseWire

/// How the results of the format's authority (parse-server, run through its oracle adapter) are
/// read: not as a conformance verdict but as what the server did with each case.
///
/// The corpus is stricter than the server on purpose (`Vectors/INTERPRETING.md` §3, §5): it asks a
/// strict reader to refuse documents the server accepts, so the runner "fails" the server on each of
/// them. A results folder marks its implementation as the authority with `authority.json`, written
/// by the oracle's `explain.js` beside the report: the explanation of every failed check, and the
/// SHA-256 of the report it explains. Each check then falls in one ``Category``, from its outcome,
/// whether the case expects an error, and the explanation of a failure.
package struct AuthorityReading: Sendable {
    /// What the server did with a check's case. A closed set: the page and the summary list them in
    /// this order.
    package enum Category: String, Sendable, CaseIterable {
        /// The server refused the document, as the corpus expects.
        case rejected
        /// The server read a valid document as the corpus reads it.
        case read
        /// The server accepted and kept a document the corpus refuses (`CanonicalOnly`).
        case acceptedKept
        /// The server accepted a document the corpus refuses and lost or changed data
        /// (`ServerMangles`; `NumberBeyondDouble` when it is a number JavaScript cannot hold).
        case acceptedChanged
        /// The server kept a valid save body as written; the oracle answers it as the state the
        /// update leaves, not as the body, so the runner compares two forms of one result.
        case keptAsState
        /// A known divergence: a valid case the server changes or refuses (`NestedBytes`,
        /// `StorageRefuses`), or a form that goes one direction only (`direction`).
        case knownDivergence
        /// An implementation-defined case: the server's own choice, recorded.
        case choice
        /// What the server never reads or writes: fetched objects, REST responses, the encoding and
        /// round trip of valid values, and answers the protocol cannot carry.
        case notApplicable
        /// A check nothing explains: a finding to look into.
        case unexplained

        /// The category's name on the page.
        package var label: String {
            switch self {
            case .rejected: "rejected, as the corpus expects"
            case .read: "read as the corpus reads"
            case .acceptedKept: "accepted and kept (CanonicalOnly)"
            case .acceptedChanged: "accepted and changed (ServerMangles)"
            case .keptAsState: "kept, answered as the state after the update"
            case .knownDivergence: "known divergence"
            case .choice: "its own choice (implementation-defined)"
            case .notApplicable: "not applicable"
            case .unexplained: "unexplained"
            }
        }

        /// The name in Markdown, the flags as code.
        var markdownLabel: String {
            label.replacingOccurrences(of: "(CanonicalOnly)", with: "(`CanonicalOnly`)")
                .replacingOccurrences(of: "(ServerMangles)", with: "(`ServerMangles`)")
        }

        /// A symbol that reads without colour.
        package var symbol: String {
            switch self {
            case .rejected: "⊘"
            case .read: "✓"
            case .acceptedKept: "K"
            case .acceptedChanged: "Δ"
            case .keptAsState: "="
            case .knownDivergence: "≠"
            case .choice: "◇"
            case .notApplicable: "∅"
            case .unexplained: "?"
            }
        }

        /// What the category means, for a legend.
        package var meaning: String {
            switch self {
            case .rejected: "an invalid document the server refuses: the corpus's rule is the server's"
            case .read: "a valid document the server stores and emits as the corpus reads it"
            case .acceptedKept: "the server stores the document and emits the same data; the corpus refuses it as not canonical, so that a "
                + "reader checks one form (a strict reader must refuse it; the client profile tolerates it)"
            case .acceptedChanged: "the server stores the document but loses or changes data; the corpus refuses it so that no SDK "
                + "writes it (every profile enforces it)"
            case .keptAsState: "a save body the server keeps as written (a valid case, or an implementation-defined one it accepts); "
                + "the oracle answers the object's state after the update "
                + "(an Increment as the number, a dot path as the nested member), not the body"
            case .knownDivergence: "a valid case the server changes or refuses (NestedBytes, StorageRefuses), or a form valid "
                + "in one direction only (direction: emitted, written)"
            case .choice: "an implementation-defined case: what the server chose, recorded as accepted or rejected"
            case .notApplicable: "what the server never reads or writes: a fetched object, a REST response, the encoding and round "
                + "trip of valid values; or an answer the protocol cannot carry"
            case .unexplained: "a check nothing explains: a finding"
            }
        }
    }

    /// Why a failed check of the authority's run is no failure of the server: the explanations
    /// `explain.js` applies, a closed set.
    package enum Explanation: String, Sendable, CaseIterable {
        /// A decode-error case the server accepts, flagged `ServerMangles` or `CanonicalOnly`.
        case flagged
        /// An encode-error case whose unchecked written form the server accepts, flagged likewise.
        case flaggedWrite = "flagged-write"
        /// A valid case flagged with a known-divergence flag.
        case knownDivergence = "known-divergence"
        /// A valid case marked `direction`.
        case direction
        /// A save body the server keeps, answered as the state after the update.
        case stateAfterUpdate = "state-after-update"
        /// An implementation-defined `NumberBeyondDouble` case the server loses.
        case numberLost = "number-lost"
    }

    /// The name of the file that marks a results folder as the authority's.
    package static let fileName = "authority.json"

    /// The explanation and its detail (a flag, a direction, a kind) of each explained check, by
    /// check name (`ID op input`).
    package let explained: [String: (explanation: Explanation, detail: String)]

    /// The SHA-256 of a report's text (decompressed), as `authority.json` records it.
    package static func reportSha256(_ reportText: String) -> String {
        SHA256.hex(Array(reportText.utf8))
    }

    /// Reads `authority.json`.
    /// - Parameters:
    ///   - reportText: The report it must explain; a file made from another report is refused.
    ///   - path: The file's path, for messages.
    /// - Throws: ``CorpusError`` when the file is not the authority's, explains another report, or
    ///   names an explanation or a flag outside the closed sets.
    package static func read(_ bytes: [UInt8], reportText: String, path: String) throws(CorpusError) -> AuthorityReading {
        guard let node = try? JSONNode.parse(bytes), node["role"]?.stringValue == "authority" else {
            throw CorpusError(message: "\(path): not strict JSON with \"role\": \"authority\"")
        }
        guard node["reportSha256"]?.stringValue == reportSha256(reportText) else {
            throw CorpusError(message: "\(path) explains another report than the one beside it: run the oracle's explain.js "
                + "on this report (Examples/adapters/parse-server-oracle/README.md)")
        }
        var explained: [String: (explanation: Explanation, detail: String)] = [:]
        for member in node["explained"]?.members ?? [] {
            guard let explanation = Explanation(rawValue: member.key), let details = member.value.members else {
                throw CorpusError(message: "\(path): \(member.key) is no explanation of ["
                    + Explanation.allCases.map(\.rawValue).joined(separator: ", ") + "], each an object of details")
            }
            for detail in details {
                if explanation == .flagged || explanation == .flaggedWrite, !ServerVerdicts.flags.contains(detail.key) {
                    throw CorpusError(message: "\(path): \(member.key) is explained by ServerMangles or CanonicalOnly, not \(detail.key)")
                }
                guard let names = detail.value.arrayValue?.compactMap(\.stringValue) else {
                    throw CorpusError(message: "\(path): \(member.key).\(detail.key) must be an array of check names")
                }
                for name in names { explained[name] = (explanation, detail.key) }
            }
        }
        return AuthorityReading(explained: explained)
    }

    /// The category of one check of the authority's report.
    package func category(of check: ResultsFile.Check) -> Category {
        switch check.outcome {
        case .pass, .xpass: return check.expectsError ? .rejected : .read
        case .accepted, .rejected: return .choice
        case .skip, .unsupported: return .notApplicable
        case .error, .timeout, .crash, .xfail, .tolerated: return .unexplained
        case .fail:
            guard let (explanation, detail) = explained[check.name] else { return .unexplained }
            switch explanation {
            case .flagged, .flaggedWrite: return detail == "CanonicalOnly" ? .acceptedKept : .acceptedChanged
            case .numberLost: return .acceptedChanged
            case .knownDivergence, .direction: return .knownDivergence
            case .stateAfterUpdate: return .keptAsState
            }
        }
    }

    /// What a check says for agreement with other implementations (``CheckOutcome/agreement``):
    /// what the server never reads is not compared, a save body it keeps as written agrees with a pass,
    /// and every other check by its outcome (a document the server accepts where the corpus refuses
    /// it agrees with a reader that accepts it too).
    package func agreement(of check: ResultsFile.Check) -> CheckOutcome.Agreement? {
        switch category(of: check) {
        case .notApplicable: nil
        case .keptAsState: .conforming
        case .rejected, .read, .acceptedKept, .acceptedChanged, .knownDivergence, .choice, .unexplained: check.outcome.agreement
        }
    }

    /// How many checks fall in each category (every category present, zero included).
    package func counts(_ checks: [ResultsFile.Check]) -> [Category: Int] {
        var counts = Dictionary(uniqueKeysWithValues: Category.allCases.map { ($0, 0) })
        for check in checks { counts[category(of: check), default: 0] += 1 }
        return counts
    }

    /// What a check is, within its category: the explanation's detail for a failed check (the flag,
    /// the direction, the kind), else the operation and outcome.
    func detail(of check: ResultsFile.Check) -> String {
        if check.outcome == .fail, let (explanation, detail) = explained[check.name] {
            switch explanation {
            case .flagged: return "decode-error"
            case .flaggedWrite: return "encode-error, written unchecked"
            case .direction: return "direction \(detail)"
            case .stateAfterUpdate: return "\(detail) save bodies"
            case .knownDivergence, .numberLost: return detail
            }
        }
        let operation = check.name.split(separator: " ").dropFirst().first.map(String.init)
        switch check.outcome {
        case .pass, .xpass: return operation ?? check.outcome.rawValue
        case .skip: return "\(operation ?? "") skipped"
        case .fail, .error, .timeout, .crash, .unsupported, .tolerated, .xfail, .accepted, .rejected:
            return "\(operation ?? "") \(check.outcome.rawValue)"
        }
    }

    /// Per category, its checks by ``detail(of:)``, largest first.
    package func breakdown(_ checks: [ResultsFile.Check]) -> [Category: [(detail: String, count: Int)]] {
        var counts: [Category: [String: Int]] = [:]
        for check in checks { counts[category(of: check), default: [:]][detail(of: check), default: 0] += 1 }
        return counts.mapValues { $0.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    /// How many failed checks each explanation and detail accounts for, largest first.
    func explanationCounts(_ checks: [ResultsFile.Check]) -> [(explanation: Explanation, details: [(detail: String, count: Int)])] {
        var counts: [Explanation: [String: Int]] = [:]
        for check in checks where check.outcome == .fail {
            guard let (explanation, detail) = explained[check.name] else { continue }
            counts[explanation, default: [:]][detail, default: 0] += 1
        }
        return Explanation.allCases.compactMap { explanation in
            counts[explanation].map { (explanation, $0.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }) }
        }
    }
}
