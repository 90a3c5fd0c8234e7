import ParseWire

/// Where an answer first departs from what a check expects: a path and the two values there, so a
/// failure message names one spot (`$.fields.createdAt.date.epochMs: expected "…", got "…"`)
/// instead of printing two whole documents, and the kind of difference there in type terms
/// (``DifferenceKind``), from which a failing check's ``Cause`` is made.
struct FirstDifference: Sendable, Hashable, CustomStringConvertible {
    /// A JSONPath-like location: `$`, `.name` for a member, `[2]` for an element.
    let path: String
    /// The expected value there, as short JSON text (or a phrase such as `3 elements`).
    let expected: String
    /// The value found there.
    let actual: String
    /// What kind of difference it is, without the values.
    var kind: DifferenceKind

    var description: String { "\(path): expected \(expected), got \(actual)" }

    /// How much of a value a message shows.
    static let excerptLimit = 120

    /// The first difference between two TVN values, or `nil` when none is found. The path leaves
    /// out the container nodes `object`, `map` and `array`, and keeps the names of typed nodes
    /// (`$.fields.createdAt.date.epochMs`).
    static func between(expected: TVNValue, actual: TVNValue) -> FirstDifference? {
        TVNWalk.value(expected.node, actual.node, path: "$")
    }

    /// The first difference between two JSON documents compared as data, or `nil` when none is found.
    /// - Parameter allowsWrittenForm: `actual` is a writer's output, which may hold an embedded
    ///   Object as its Pointer (``WireComparison/writtenForm(_:)``): that spot is no difference, and
    ///   the first difference reported is one a writer is not allowed.
    static func between(expected: JSONNode, actual: JSONNode, allowsWrittenForm: Bool = false) -> FirstDifference? {
        WireWalk(allowsWrittenForm: allowsWrittenForm).walk(expected, actual, path: "$", spot: nil)
    }

    /// TVN nodes that only hold structure; the path steps through them.
    static let containers: Set<String> = ["object", "map", "array"]

    static func difference(_ path: String, _ expected: JSONNode, _ actual: JSONNode, _ kind: DifferenceKind) -> FirstDifference {
        FirstDifference(path: path, expected: excerpt(expected), actual: excerpt(actual), kind: kind)
    }

    static func same(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    /// `.name` for a plain member name, `["…"]` for any other.
    static func step(_ key: String) -> String {
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

    /// The JSON type name of a node: `map` for an object, `boolean`, `string`, …
    static func jsonType(_ node: JSONNode) -> String {
        switch node {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "map"
        }
    }

    /// The longest lists checked for another order: the check compares every pair of elements.
    static let permutationLimit = 200

    /// Whether two lists hold the same elements in another order (each element of one matched by a
    /// distinct element of the other); `false` for lists longer than ``permutationLimit``.
    static func isPermutation(_ wanted: [JSONNode], _ found: [JSONNode], same: (JSONNode, JSONNode) -> Bool) -> Bool {
        guard wanted.count == found.count, wanted.count <= permutationLimit else { return false }
        var unused = Array(found.indices)
        for element in wanted {
            guard let position = unused.firstIndex(where: { same(element, found[$0]) }) else { return false }
            unused.remove(at: position)
        }
        return true
    }
}

/// The first difference between two TVN documents, walked with the knowledge of TVN: which
/// objects are typed nodes (`{"date": …}`), which members are a type's own (`File.url`) and which
/// are data (a map's keys, an object's fields, an ACL's principals).
enum TVNWalk {
    /// `expected` and `actual` are TVN value nodes: objects of one member whose key is the type.
    static func value(_ expected: JSONNode, _ actual: JSONNode, path: String) -> FirstDifference? {
        guard case .object(let wanted) = expected, case .object(let found) = actual, wanted.count == 1, found.count == 1 else {
            return expected == actual ? nil : FirstDifference.difference(path, expected, actual, .valueDiffers(spot: "value", member: nil))
        }
        let (want, have) = (wanted[0], found[0])
        guard FirstDifference.same(want.key, have.key) else {
            return FirstDifference.difference(path, expected, actual,
                                              .typeChanged(expected: TVNValue.typeName(ofTag: want.key), got: TVNValue.typeName(ofTag: have.key)))
        }
        let next = FirstDifference.containers.contains(want.key) ? path : path + FirstDifference.step(want.key)
        return body(want.key, want.value, have.value, path: next)
    }

    /// The bodies of two nodes of type `tag`.
    static func body(_ tag: String, _ expected: JSONNode, _ actual: JSONNode, path: String) -> FirstDifference? {
        let spot = TVNValue.typeName(ofTag: tag)
        switch tag {
        case "array":
            return list(expected, actual, path: path, spot: spot, member: nil) { value($0, $1, path: $2) }
        case "map", "unknownType":
            return members(expected, actual, path: path, spot: spot, named: false) { _, want, have, here in value(want, have, path: here) }
        case "object":
            return members(expected, actual, path: path, spot: spot, named: true) { key, want, have, here in
                switch key {
                case "createdAt", "updatedAt": return members(want, have, path: here, spot: "Object.\(key)", named: true, numeric: true)
                case "acl": return grants(want, have, path: here)
                case "fields":
                    return members(want, have, path: here, spot: "Object.fields", named: false) { _, want, have, here in value(want, have, path: here) }
                default: return scalar(want, have, path: here, spot: spot, member: key, numeric: false)
                }
            }
        case "acl":
            return grants(expected, actual, path: path)
        case "op":
            return operation(expected, actual, path: path)
        case "polygon":
            return list(expected, actual, path: path, spot: spot, member: nil) { want, have, here in
                list(want, have, path: here, spot: spot, member: nil) { scalar($0, $1, path: $2, spot: spot, member: nil, numeric: true) }
            }
        case "date", "bytes", "pointer", "relation", "geopoint", "file":
            return members(expected, actual, path: path, spot: spot, named: true, numeric: tag == "date" || tag == "geopoint")
        default:
            return scalar(expected, actual, path: path, spot: spot, member: nil, numeric: tag != "string")
        }
    }

    /// An ACL body: principals are data, each granting `read` and `write`.
    static func grants(_ expected: JSONNode, _ actual: JSONNode, path: String) -> FirstDifference? {
        members(expected, actual, path: path, spot: "ACL", named: false) { _, want, have, here in
            members(want, have, path: here, spot: "ACL", named: true)
        }
    }

    /// An operation body: `{"add": […]}`; the operation's name is its type.
    static func operation(_ expected: JSONNode, _ actual: JSONNode, path: String) -> FirstDifference? {
        guard case .object(let wanted) = expected, case .object(let found) = actual, wanted.count == 1, found.count == 1 else {
            return expected == actual ? nil : FirstDifference.difference(path, expected, actual, .valueDiffers(spot: "operation", member: nil))
        }
        let (want, have) = (wanted[0], found[0])
        guard FirstDifference.same(want.key, have.key) else {
            return FirstDifference.difference(path, expected, actual, .typeChanged(expected: "operation \(want.key)", got: "operation \(have.key)"))
        }
        // The two Relation operations are one spot: an implementation writes the Pointers of both from the same set.
        let spot = ["addRelation", "removeRelation"].contains(want.key) ? "operation addRelation/removeRelation" : "operation \(want.key)"
        let here = path + FirstDifference.step(want.key)
        switch want.key {
        case "add", "addUnique", "remove":
            return list(want.value, have.value, path: here, spot: spot, member: nil) { value($0, $1, path: $2) }
        case "addRelation", "removeRelation":
            return list(want.value, have.value, path: here, spot: spot, member: nil) { members($0, $1, path: $2, spot: spot, named: true) }
        case "batch":
            return list(want.value, have.value, path: here, spot: spot, member: nil) { operation($0, $1, path: $2) }
        default:
            return scalar(want.value, have.value, path: here, spot: spot, member: nil, numeric: true)
        }
    }

    /// Two lists compared in order; the kind says when they differ only in order.
    static func list(_ expected: JSONNode, _ actual: JSONNode, path: String, spot: String, member: String?,
                     element: (JSONNode, JSONNode, String) -> FirstDifference?) -> FirstDifference? {
        guard case .array(let wanted) = expected, case .array(let found) = actual else {
            return expected == actual ? nil : FirstDifference.difference(path, expected, actual, .valueDiffers(spot: spot, member: member))
        }
        for (index, pair) in zip(wanted, found).enumerated() {
            guard var inner = element(pair.0, pair.1, "\(path)[\(index)]") else { continue }
            if FirstDifference.isPermutation(wanted.elements, found.elements, same: { element($0, $1, path) == nil }) { inner.kind = .orderOnly(spot: spot, member: member) }
            return inner
        }
        guard wanted.count == found.count else {
            return FirstDifference(path: path, expected: "\(wanted.count) elements", actual: "\(found.count) elements",
                                   kind: .lengthDiffers(spot: spot, member: member))
        }
        return nil
    }

    /// Two objects compared member by member, in any order. `named`: the members are the type's own
    /// (`File.url`), so the kind names them; otherwise they are data.
    static func members(_ expected: JSONNode, _ actual: JSONNode, path: String, spot: String, named: Bool, numeric: Bool = false,
                        member compare: ((String, JSONNode, JSONNode, String) -> FirstDifference?)? = nil) -> FirstDifference? {
        guard case .object(let wanted) = expected, case .object(let found) = actual else {
            return expected == actual ? nil : FirstDifference.difference(path, expected, actual, .valueDiffers(spot: spot, member: nil))
        }
        for item in wanted {
            let here = path + FirstDifference.step(item.key)
            guard let other = found.first(where: { FirstDifference.same($0.key, item.key) }) else {
                return FirstDifference(path: here, expected: FirstDifference.excerpt(item.value), actual: "nothing",
                                       kind: .memberMissing(spot: spot, member: named ? item.key : nil))
            }
            let inner = compare.map { $0(item.key, item.value, other.value, here) }
                ?? scalar(item.value, other.value, path: here, spot: spot, member: named ? item.key : nil, numeric: numeric)
            if let inner { return inner }
        }
        if let extra = found.first(where: { item in !wanted.contains { FirstDifference.same($0.key, item.key) } }) {
            return FirstDifference(path: path + FirstDifference.step(extra.key), expected: "nothing", actual: FirstDifference.excerpt(extra.value),
                                   kind: .memberExtra(spot: spot, member: named ? extra.key : nil))
        }
        return nil
    }

    /// Two leaves: TVN spells numbers as strings, compared by value when `numeric`.
    static func scalar(_ expected: JSONNode, _ actual: JSONNode, path: String, spot: String, member: String?, numeric: Bool) -> FirstDifference? {
        switch (expected, actual) {
        case let (.string(wanted), .string(found)):
            if FirstDifference.same(wanted, found) { return nil }
            if numeric, let left = ParseNumber(wanted), let right = ParseNumber(found), left == right { return nil }
        case let (.number(wanted), .number(found)):
            if JSONDataComparison.numbersEqual(wanted, found) { return nil }
        default:
            if expected == actual { return nil }
        }
        return FirstDifference.difference(path, expected, actual, .valueDiffers(spot: spot, member: member))
    }
}

/// The first difference between two wire documents compared as data: objects unordered, arrays in
/// order, numbers by value. Types are the wire's: a `__type` or `__op` names an object's type and
/// its members are that type's own; any other object is a map of data.
struct WireWalk {
    let allowsWrittenForm: Bool

    /// The wire type of a node: `Date`, `AddRelation`, `map`, `string`, …
    static func type(_ node: JSONNode) -> String {
        if case .object(let members) = node {
            for key in ["__type", "__op"] {
                if case .string(let name)? = members.first(where: { $0.key == key })?.value { return name }
            }
        }
        return FirstDifference.jsonType(node)
    }

    /// The spot a kind names for a type: the two Relation operations are one, since an implementation
    /// writes the Pointers of both from the same set.
    static func family(_ type: String) -> String {
        type == "AddRelation" || type == "RemoveRelation" ? "AddRelation/RemoveRelation" : type
    }

    /// `spot`: the typed object and member the node is the value of (`Date`, `iso`), when it is one.
    func walk(_ expected: JSONNode, _ actual: JSONNode, path: String, spot: (String, String)?) -> FirstDifference? {
        let (wantedType, foundType) = (Self.type(expected), Self.type(actual))
        switch (expected, actual) {
        case let (.object(wanted), .object(found)):
            if allowsWrittenForm, wantedType == "Object", case let rewritten = WireComparison.writtenForm(expected), rewritten != expected,
               JSONDataComparison.equal(actual, rewritten, zeroMayDropSign: true) {
                return nil
            }
            let named = wantedType != "map"
            var inner: FirstDifference?
            for member in wanted {
                let here = path + FirstDifference.step(member.key)
                guard let other = found.first(where: { FirstDifference.same($0.key, member.key) }) else {
                    inner = FirstDifference(path: here, expected: FirstDifference.excerpt(member.value), actual: "nothing",
                                            kind: .memberMissing(spot: wantedType, member: named ? member.key : nil))
                    break
                }
                inner = walk(member.value, other.value, path: here, spot: named ? (wantedType, member.key) : nil)
                if inner != nil { break }
            }
            if inner == nil, let extra = found.first(where: { member in !wanted.contains { FirstDifference.same($0.key, member.key) } }) {
                inner = FirstDifference(path: path + FirstDifference.step(extra.key), expected: "nothing", actual: FirstDifference.excerpt(extra.value),
                                        kind: .memberExtra(spot: wantedType, member: named ? extra.key : nil))
            }
            guard var difference = inner else { return nil }
            if wantedType != foundType { difference.kind = .typeChanged(expected: wantedType, got: foundType) }
            return difference
        case let (.array(wanted), .array(found)):
            let (place, member) = spot.map { (Self.family($0.0), Optional($0.1)) } ?? ("array", nil)
            for (index, pair) in zip(wanted, found).enumerated() {
                guard var inner = walk(pair.0, pair.1, path: "\(path)[\(index)]", spot: nil) else { continue }
                if FirstDifference.isPermutation(wanted.elements, found.elements, same: { walk($0, $1, path: path, spot: nil) == nil }) {
                    inner.kind = .orderOnly(spot: place, member: member)
                }
                return inner
            }
            guard wanted.count == found.count else {
                return FirstDifference(path: path, expected: "\(wanted.count) elements", actual: "\(found.count) elements",
                                       kind: .lengthDiffers(spot: place, member: member))
            }
            return nil
        case let (.string(wanted), .string(found)):
            if FirstDifference.same(wanted, found) { return nil }
        case let (.number(wanted), .number(found)):
            if JSONDataComparison.numbersEqual(wanted, found) { return nil }
        default:
            if expected == actual { return nil }
        }
        let kind: DifferenceKind = wantedType != foundType ? .typeChanged(expected: wantedType, got: foundType)
            : .valueDiffers(spot: spot?.0 ?? wantedType, member: spot?.1)
        return FirstDifference.difference(path, expected, actual, kind)
    }
}
