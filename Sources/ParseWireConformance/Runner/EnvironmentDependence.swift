import ParseWire

extension VectorCase {
    /// Whether the case depends on the adapter's environment (its time zone and locale), so that a
    /// run checks it again under each ``AdapterEnvironment`` (`Vectors/INTERPRETING.md` §2,
    /// Environment dependence): it holds a date (``holdsDate``), or declares
    /// `"dependsOnEnvironment": true`, which is for the cases that rule misses.
    package var dependsOnEnvironment: Bool {
        declaresEnvironmentDependence || holdsDate
    }

    /// Whether the case declares `"dependsOnEnvironment": true`.
    package var declaresEnvironmentDependence: Bool {
        node["dependsOnEnvironment"] == .bool(true)
    }

    /// Whether the case holds a date, which makes it depend on the environment without a
    /// declaration, so that no case holding a date can be left out by hand: the case's value or an
    /// accepted outcome's value holds a Date, or one of its documents (canonical form, input,
    /// alternates, equivalents) holds a `"__type":"Date"` object, a schema type `"Date"`, or a
    /// `createdAt` or `updatedAt` member (a fetched object's timestamps are plain ISO strings that a
    /// reader turns into dates).
    package var holdsDate: Bool {
        for member in node.members ?? [] where Self.documentMembers.contains(member.key) {
            if Self.holdsDate(member.value) { return true }
        }
        return false
    }

    /// The members of a case that hold a value or a document (the rest are descriptions and labels).
    static let documentMembers: Set<String> = ["value", "canonical", "canonicalText", "wire", "wireText", "alternates",
                                               "equivalents", "ifAccepted"]

    /// Whether a node of a case's JSON holds a date in any of the spellings above; a text document
    /// (`wireText`, `canonicalText`) is searched as text, since it may not be strict JSON.
    static func holdsDate(_ node: JSONNode) -> Bool {
        switch node {
        case .null, .bool, .number: return false
        case .string(let text):
            return text.contains(#""Date""#) || text.contains(#""createdAt""#) || text.contains(#""updatedAt""#)
        case .array(let elements): return elements.contains(where: holdsDate)
        case .object(let members):
            for member in members {
                switch member.key {
                case "createdAt", "updatedAt": return true
                case "__type" where member.value.stringValue == "Date", "type" where member.value.stringValue == "Date": return true
                case "date" where member.value["epochMs"] != nil: return true
                default: if holdsDate(member.value) { return true }
                }
            }
            return false
        }
    }
}
