import Foundation
import ParseWire

/// What parse-server's write path (its read path for find requests) does with each case's document
/// (`Vectors/server-verdicts.json`), recorded by the parse-server oracle adapter. An encode-error
/// case's document is the one a writer without the case's check sends: its value's unchecked written
/// form (`"via": "unchecked write"`).
package struct ServerVerdicts: Sendable {
    /// One case's verdict.
    package enum Verdict: String, Sendable {
        /// The server answers an error.
        case rejects
        /// The server stores the document and a later fetch emits the same data.
        case acceptsKeeps = "accepts-keeps"
        /// The server stores the document and loses or changes data.
        case acceptsChanges = "accepts-changes"
        /// The server never reads such a document: a fetched object whose `objectId`, `createdAt` or
        /// `updatedAt` is not in the form the server writes it (the server sets those itself, so no
        /// write produces it), a REST response (the server writes responses and reads none), or an
        /// encode-error value that has no written form at all.
        case notApplicable = "not-applicable"

        /// Whether the server accepts the document.
        package var accepts: Bool { self == .acceptsKeeps || self == .acceptsChanges }
        /// The flag a decode-error or encode-error case with this verdict carries: `ServerMangles` or
        /// `CanonicalOnly`.
        package var flag: String? {
            switch self {
            case .rejects, .notApplicable: nil
            case .acceptsKeeps: "CanonicalOnly"
            case .acceptsChanges: "ServerMangles"
            }
        }
    }

    /// The two flags that say why a decode-error case is stricter than the server.
    package static let flags: Set<String> = ["ServerMangles", "CanonicalOnly"]

    /// Verdicts by case id.
    package let byId: [String: Verdict]

    /// Creates verdicts from a dictionary.
    package init(_ byId: [String: Verdict] = [:]) {
        self.byId = byId
    }

    /// Reads `server-verdicts.json` under a corpus root; no verdicts when the file is missing.
    /// - Throws: ``CorpusError`` when the file exists but is not the expected shape.
    package static func load(from root: URL) throws(CorpusError) -> ServerVerdicts {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent("server-verdicts.json").path) else {
            return ServerVerdicts()
        }
        guard let node = try? JSONNode.parse(Array(data)), let cases = node["cases"]?.members else {
            throw CorpusError(message: "server-verdicts.json must be strict JSON with a \"cases\" object")
        }
        var result: [String: Verdict] = [:]
        for member in cases {
            guard let name = member.value["server"]?.stringValue, let verdict = Verdict(rawValue: name) else {
                throw CorpusError(message: "server-verdicts.json: \(member.key) needs \"server\": rejects, accepts-keeps, accepts-changes or not-applicable")
            }
            result[member.key] = verdict
        }
        return ServerVerdicts(result)
    }
}
