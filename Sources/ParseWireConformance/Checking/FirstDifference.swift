import ParseWire

/// Where an answer first departs from what a check expects: a path and the two values there, so a
/// failure message names one spot (`$.fields.createdAt.date.epochMs: expected "…", got "…"`)
/// instead of printing two whole documents.
struct FirstDifference: Sendable, Hashable, CustomStringConvertible {
    /// A JSONPath-like location: `$`, `.name` for a member, `[2]` for an element.
    let path: String
    /// The expected value there, as short JSON text (or a phrase such as `3 elements`).
    let expected: String
    /// The value found there.
    let actual: String

    var description: String { "\(path): expected \(expected), got \(actual)" }

    /// How much of a value a message shows.
    static let excerptLimit = 120

    /// The first difference between two TVN values, or `nil` when none is found. The path leaves
    /// out the container nodes `object`, `map` and `array`, and keeps the names of typed nodes
    /// (`$.fields.createdAt.date.epochMs`).
    static func between(expected: TVNValue, actual: TVNValue) -> FirstDifference? {
        walk(expected.node, actual.node, path: "$", typed: true, parent: nil)
    }

    /// The first difference between two JSON documents compared as data, or `nil` when none is found.
    static func between(expected: JSONNode, actual: JSONNode) -> FirstDifference? {
        walk(expected, actual, path: "$", typed: false, parent: nil)
    }

    /// TVN nodes that only hold structure; the path steps through them.
    static let containers: Set<String> = ["object", "map", "array"]

    private static func walk(_ expected: JSONNode, _ actual: JSONNode, path: String, typed: Bool, parent: String?) -> FirstDifference? {
        switch (expected, actual) {
        case let (.object(wanted), .object(found)):
            if typed, wanted.count == 1, found.count == 1, !containers.contains(parent ?? "") {
                let (want, have) = (wanted[0], found[0])
                guard want.key == have.key else { return difference(path, expected, actual) }
                if containers.contains(want.key) { return walk(want.value, have.value, path: path, typed: typed, parent: want.key) }
            }
            for member in wanted {
                guard let other = found.first(where: { same($0.key, member.key) }) else {
                    return FirstDifference(path: path + step(member.key), expected: excerpt(member.value), actual: "nothing")
                }
                if let inner = walk(member.value, other.value, path: path + step(member.key), typed: typed, parent: member.key) { return inner }
            }
            if let extra = found.first(where: { member in !wanted.contains { same($0.key, member.key) } }) {
                return FirstDifference(path: path + step(extra.key), expected: "nothing", actual: excerpt(extra.value))
            }
            return nil
        case let (.array(wanted), .array(found)):
            for (index, pair) in zip(wanted, found).enumerated() {
                if let inner = walk(pair.0, pair.1, path: "\(path)[\(index)]", typed: typed, parent: nil) { return inner }
            }
            guard wanted.count == found.count else {
                return FirstDifference(path: path, expected: "\(wanted.count) elements", actual: "\(found.count) elements")
            }
            return nil
        case let (.string(wanted), .string(found)):
            if same(wanted, found) { return nil }
            // TVN spells numbers as strings: compare them by value, except the text of a `string` node.
            if typed, parent != "string", let left = ParseNumber(wanted), let right = ParseNumber(found), left == right { return nil }
            return difference(path, expected, actual)
        case let (.number(wanted), .number(found)):
            return JSONDataComparison.numbersEqual(wanted, found) ? nil : difference(path, expected, actual)
        default:
            return expected == actual ? nil : difference(path, expected, actual)
        }
    }

    private static func difference(_ path: String, _ expected: JSONNode, _ actual: JSONNode) -> FirstDifference {
        FirstDifference(path: path, expected: excerpt(expected), actual: excerpt(actual))
    }

    private static func same(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    /// `.name` for a plain member name, `["…"]` for any other.
    private static func step(_ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "_" }
        return plain ? "." + key : "[" + JSONNode.quoted(key) + "]"
    }

    /// A value as compact JSON, cut to ``excerptLimit`` characters.
    static func excerpt(_ node: JSONNode) -> String {
        excerpt(node.compactText)
    }

    /// Text cut to ``excerptLimit`` characters, marked with `…` and the full length when cut.
    static func excerpt(_ text: String) -> String {
        text.count <= excerptLimit ? text : String(text.prefix(excerptLimit)) + "… (\(text.count) characters)"
    }
}
