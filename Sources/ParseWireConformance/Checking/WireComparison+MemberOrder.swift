import ParseWire

extension WireComparison {
    /// The operations whose `objects` parse-server applies one member at a time, so their order
    /// stores nothing (`Vectors/spec/ops.md#OP-10`: `DatabaseController.handleRelationUpdates` for
    /// the two Relation operations, `$pullAll` for Remove).
    static let unorderedOperations: Set<String> = ["AddRelation", "RemoveRelation", "Remove"]

    /// `output` with the members of every AddRelation, RemoveRelation and Remove put in the order the
    /// same operation at the same place of `form` has them, where both hold the same members; `output`
    /// itself when there is nothing to reorder or either side is not JSON. A writer may send those
    /// members in any order (a set's hash order, say), which one listed equivalent cannot cover.
    static func alignedMemberOrder(_ output: [UInt8], to form: WireInput, context: WireContext? = nil) -> [UInt8] {
        guard let written = try? JSONNode.parse(output), let text = form.text, let wanted = try? JSONNode.parse(text) else { return output }
        var aligned = align(written, to: wanted, depth: 0)
        if case .query? = context { aligned = alignedNameLists(aligned, to: wanted) }
        return aligned == written ? output : Array(aligned.compactText.utf8)
    }

    /// The find parameters whose names parse-server reads as a set (`RestQuery`: `keys` and
    /// `excludeKeys` through `new Set`, `include` into a map of paths; `Vectors/spec/query.md#QUERY-18`),
    /// so their order asks nothing. Not `order`, whose order is the sort.
    static let unorderedNameLists: Set<String> = ["include", "keys", "excludeKeys"]

    /// A find request with the names of its `include`, `keys` and `excludeKeys` put in the order the
    /// same member of `form` has them, where both hold the same names in the same spelling (a
    /// comma-separated string or an array of strings).
    static func alignedNameLists(_ written: JSONNode, to form: JSONNode) -> JSONNode {
        guard case .object(let members) = written else { return written }
        return .object(members.map { member in
            guard unorderedNameLists.contains(member.key), let target = form[member.key] else { return member }
            switch (member.value, target) {
            case (.string(let have), .string(let want)):
                let names = have.split(separator: ",", omittingEmptySubsequences: false).map { JSONNode.string(String($0)) }
                let order = want.split(separator: ",", omittingEmptySubsequences: false).map { JSONNode.string(String($0)) }
                guard let matched = matching(names, to: order) else { return member }
                return JSONMember(key: member.key, value: .string(matched.compactMap(\.stringValue).joined(separator: ",")))
            case (.array(let have), .array(let want)):
                guard let matched = matching(have.elements, to: want.elements) else { return member }
                return JSONMember(key: member.key, value: .array(matched))
            default:
                return member
            }
        })
    }

    static func align(_ written: JSONNode, to wanted: JSONNode, depth: Int) -> JSONNode {
        guard depth < distanceDepth else { return written }
        switch (written, wanted) {
        case (.object(let have), .object(let want)):
            let op = written["__op"]?.stringValue
            let reorders = op.map(unorderedOperations.contains) == true && wanted["__op"]?.stringValue == op
            return .object(have.map { member in
                guard let target = want.first(where: { $0.key == member.key })?.value else { return member }
                if reorders, member.key == "objects", let members = member.value.arrayValue, let order = target.arrayValue,
                   let matched = matching(members, to: order) {
                    return JSONMember(key: member.key, value: .array(matched))
                }
                return JSONMember(key: member.key, value: align(member.value, to: target, depth: depth + 1))
            })
        case (.array(let have), .array(let want)):
            return .array(have.enumerated().map { index, element in index < want.count ? align(element, to: want[index], depth: depth + 1) : element })
        default:
            return written
        }
    }

    /// `members` in the order of `order`, when the two hold the same elements (each of `order`
    /// matched once, under the corpus's JSON comparison); `nil` otherwise. Quadratic in the
    /// expected list, which is the corpus's and short; a list of another length fails at once.
    static func matching(_ members: [JSONNode], to order: [JSONNode]) -> [JSONNode]? {
        guard members.count == order.count else { return nil }
        var unused = members
        var result: [JSONNode] = []
        result.reserveCapacity(order.count)
        for element in order {
            guard let index = unused.firstIndex(where: { JSONDataComparison.equal($0, element, zeroMayDropSign: true) }) else { return nil }
            result.append(unused.remove(at: index))
        }
        return result
    }
}
