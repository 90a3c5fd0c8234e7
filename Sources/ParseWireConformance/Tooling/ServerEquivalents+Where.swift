import ParseWire

/// The rewrites of a find request's `where` (`Vectors/spec/query.md`): each field's constraint, in the
/// top-level `where` and in the clauses of its `$or`, `$and` and `$nor`, which the server reads with
/// the same `transformWhere` (`MongoTransform.transformWhere` maps it over each clause).
extension ServerEquivalents {
    /// `request` with `transform` applied to each field's constraint of its `where`, at any depth of
    /// `$or`, `$and` and `$nor`; keys starting with `$` (the operators themselves) are left alone.
    static func mapWhere(_ request: JSONNode, _ transform: (String, JSONNode) -> JSONNode) -> JSONNode {
        mapMembers(request) { key, value in key == "where" ? mapClauses(value, transform) : value }
    }

    static func mapClauses(_ where: JSONNode, _ transform: (String, JSONNode) -> JSONNode, depth: Int = 0) -> JSONNode {
        // The corpus nests clauses a few levels at most; a bound keeps a hostile document shallow here.
        guard depth < 32 else { return `where` }
        return mapMembers(`where`) { key, value in
            if ["$or", "$and", "$nor"].contains(key), let clauses = value.arrayValue {
                return .array(clauses.map { mapClauses($0, transform, depth: depth + 1) })
            }
            return key.hasPrefix("$") ? value : transform(key, value)
        }
    }

    /// A constraint whose `$select` or `$dontSelect` subquery has no `where`, with `"where":{}` added: the
    /// server runs the subquery with `restWhere: value.query.where`, and `RestQuery` takes `restWhere = {}`
    /// when that is undefined (QUERY-11). `$inQuery` and `$notInQuery` require their `where`.
    static func withEmptySubqueryWhere(_ constraint: JSONNode) -> JSONNode {
        mapMembers(constraint) { key, value in
            guard key == "$select" || key == "$dontSelect" else { return value }
            return mapMembers(value) { member, query in member == "query" ? adding("where", .object([]), to: query) : query }
        }
    }

    /// The divisors `MongoTransform.transformConstraint` turns a distance limit into radians with (QUERY-12).
    static let distanceDivisors: [(key: String, divisor: Double)] = [
        ("$maxDistanceInRadians", 1), ("$maxDistanceInMiles", 3959), ("$maxDistanceInKilometers", 6371),
    ]

    /// A constraint with its distance limit in kilometres, miles or radians written as `$maxDistance`,
    /// the double the server computes from it (`constraint[key] / 3959` or `/ 6371`; QUERY-12): the
    /// server hands MongoDB only `$maxDistance`, so the two are one query.
    static func distanceInRadians(_ constraint: JSONNode) -> JSONNode {
        guard case .object(let members) = constraint, constraint["$maxDistance"] == nil else { return constraint }
        return .object(members.map { member in
            guard let unit = distanceDivisors.first(where: { $0.key == member.key }), case .number(let text) = member.value,
                  let amount = Double(text) else { return member }
            let radians = amount / unit.divisor
            guard radians.isFinite else { return member }
            return JSONMember(key: "$maxDistance", value: .number(ParseNumber(radians)?.description ?? "\(radians)"))
        })
    }
}
