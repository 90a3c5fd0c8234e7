import Foundation
@testable import ParseSwift
import ParseWireConformance

/// Find requests (context `query`, encode) built as an app builds them: `Query<T>` with the SDK's
/// public constraint functions (`==`, `<`, `containedIn`, `near`, `or`, …) and modifiers
/// (`limit`, `include`, `order`, …), then written by `Query.encode(to:)` with
/// `ParseCoding.jsonEncoder()`, the body a find sends (API+NonParseBodyCommand.swift).
///
/// The adapter only chooses which function an operator in the request stands for; every byte is
/// the SDK's. An operator no public function writes is not expressible (answered `skipped`).
enum QueryBuilder {
    static func encode(_ tvn: TVNValue) throws -> String {
        guard case .map(let members) = tvn else { throw NotExpressible(reason: "a find request is a map") }
        var query = Query<Record>()
        for member in members {
            switch (member.key, member.value) {
            case ("where", .map(let constraints)): query = query.where(try self.constraints(constraints))
            case ("_method", .string("GET")): break // Query writes it always
            case ("limit", .number(let text)): query = query.limit(try int(text))
            case ("skip", .number(let text)): query = query.skip(try int(text))
            case ("include", .string(let text)):
                query = text == "*" ? query.includeAll() : query.include(list(text))
            case ("keys", .string(let text)): query = query.select(list(text))
            case ("excludeKeys", .string(let text)): query = query.exclude(list(text))
            case ("order", .string(let text)):
                query = query.order(list(text).map { $0.hasPrefix("-") ? .descending(String($0.dropFirst())) : .ascending($0) })
            case ("count", .bool(true)):
                // count() and withCount() set the internal isCount (Query.swift, countCommand).
                query.isCount = true
            default:
                throw NotExpressible(reason: "no Query modifier writes the find parameter \(member.key)")
            }
        }
        return String(decoding: try ParseCoding.jsonEncoder().encode(query), as: UTF8.self)
    }

    private static func int(_ text: String) throws -> Int {
        guard let value = Int(text) else { throw NotExpressible(reason: "Query.limit/skip take an Int, not \(text)") }
        return value
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map(String.init)
    }

    /// The where document's constraints.
    private static func constraints(_ members: TVNList<TVNMember>) throws -> [QueryConstraint] {
        var result: [QueryConstraint] = []
        for member in members {
            switch (member.key, member.value) {
            case ("$or", .array(let items)): result.append(or(queries: try items.map(subquery)))
            case ("$and", .array(let items)): result.append(and(queries: try items.map(subquery)))
            case ("$nor", .array(let items)): result.append(nor(queries: try items.map(subquery)))
            case ("$or", _), ("$and", _), ("$nor", _):
                // or/and/nor(queries:) take a list of queries; no function writes another operand.
                throw NotExpressible(reason: "\(member.key == "$or" ? "or" : member.key == "$and" ? "and" : "nor")(queries:) takes a list of queries")
            case ("$relatedTo", .map(let related)):
                guard case .pointer(let object)? = related.first(where: { $0.key == "object" })?.value,
                      case .string(let key)? = related.first(where: { $0.key == "key" })?.value else {
                    throw NotExpressible(reason: "related(key:object:) takes a Pointer and a key")
                }
                result.append(ParseSwift.related(key: key, object: SDKValue.pointer(object)))
            case (let key, .map(let operators)) where operators.contains(where: { $0.key.hasPrefix("$") }):
                result += try operatorConstraints(key, operators)
            case (let key, let value):
                result.append(key == (try SDKValue(value)))
            }
        }
        return result
    }

    /// A nested where document ($or, $and, $nor) as the `Query` an app passes.
    private static func subquery(_ tvn: TVNValue) throws -> Query<Record> {
        guard case .map(let members) = tvn else { throw NotExpressible(reason: "or/and/nor take queries") }
        return Query<Record>().where(try constraints(members))
    }

    /// A subquery naming its class ($inQuery, $select): the Query of that class's record type.
    private static func classQuery(_ tvn: TVNValue) throws -> Query<Record> {
        guard case .map(let members) = tvn,
              case .string(let className)? = members.first(where: { $0.key == "className" })?.value else {
            throw NotExpressible(reason: "a subquery names its class")
        }
        // InQuery stores the class name when it is made, so the record type names it meanwhile.
        currentClassName = className
        var query = Query<Record>()
        for member in members where member.key != "className" {
            guard member.key == "where", case .map(let constraints) = member.value else {
                throw NotExpressible(reason: "a subquery of Parse-Swift holds where and className only")
            }
            query = query.where(try self.constraints(constraints))
        }
        return query
    }

    private static func operatorConstraints(_ key: String, _ operators: TVNList<TVNMember>) throws -> [QueryConstraint] {
        let byName = Dictionary(operators.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        if let point = byName["$nearSphere"] {
            guard case .geoPoint = point, case .geoPoint(let geoPoint) = try SDKValue(point) else {
                throw NotExpressible(reason: "near(key:geoPoint:) takes a ParseGeoPoint")
            }
            if let distance = byName["$maxDistance"] ?? byName["$maxDistanceInRadians"] {
                return withinRadians(key: key, geoPoint: geoPoint, distance: try double(distance))
            } else if let distance = byName["$maxDistanceInMiles"] {
                return withinMiles(key: key, geoPoint: geoPoint, distance: try double(distance))
            } else if let distance = byName["$maxDistanceInKilometers"] {
                return withinKilometers(key: key, geoPoint: geoPoint, distance: try double(distance))
            }
            return [near(key: key, geoPoint: geoPoint)]
        }
        var result: [QueryConstraint] = []
        for (name, operand) in operators.map({ ($0.key, $0.value) }) {
            switch name {
            case "$eq": result.append(key == (try SDKValue(operand)))
            case "$ne": result.append(key != (try SDKValue(operand)))
            case "$lt", "$lte", "$gt", "$gte":
                var constraint: QueryConstraint
                let relativeTime: String?
                if case .map(let inner) = operand, inner.count == 1, inner[0].key == "$relativeTime",
                   case .string(let text) = inner[0].value {
                    relativeTime = text
                } else {
                    relativeTime = nil
                }
                let value = try relativeTime.map(SDKValue.string) ?? SDKValue(operand)
                switch name {
                case "$lt": constraint = key < value
                case "$lte": constraint = key <= value
                case "$gt": constraint = key > value
                default: constraint = key >= value
                }
                if relativeTime != nil { constraint = relative(constraint) }
                result.append(constraint)
            case "$in": result.append(containedIn(key: key, array: try array(operand)))
            case "$nin": result.append(notContainedIn(key: key, array: try array(operand)))
            case "$all": result.append(containsAll(key: key, array: try array(operand)))
            case "$containedBy": result.append(containedBy(key: key, array: try array(operand)))
            case "$exists":
                guard case .bool(let exists) = operand else { throw NotExpressible(reason: "exists takes no operand") }
                result.append(exists ? ParseSwift.exists(key: key) : doesNotExist(key: key))
            case "$regex":
                guard case .string(let regex) = operand else { throw NotExpressible(reason: "matchesRegex takes a String") }
                var modifiers: String?
                if case .string(let options)? = byName["$options"] { modifiers = options }
                result.append(matchesRegex(key: key, regex: regex, modifiers: modifiers))
            case "$options": continue // written with $regex
            case "$text": result.append(try text(key, operand))
            case "$within": result.append(try box(key, operand))
            case "$geoWithin": result += try geoWithin(key, operand)
            case "$geoIntersects":
                guard case .map(let inner) = operand, inner.count == 1, inner[0].key == "$point",
                      case .geoPoint(let point) = try SDKValue(inner[0].value) else {
                    throw NotExpressible(reason: "polygon(_:contains:) takes a ParseGeoPoint")
                }
                result.append(polygon(key, contains: point))
            case "$inQuery": result.append(key == (try classQuery(operand)))
            case "$notInQuery": result.append(key != (try classQuery(operand)))
            case "$select", "$dontSelect":
                guard case .map(let inner) = operand,
                      case .string(let queryKey)? = inner.first(where: { $0.key == "key" })?.value,
                      let sub = inner.first(where: { $0.key == "query" })?.value else {
                    throw NotExpressible(reason: "matchesKeyInQuery takes a key and a query")
                }
                // Its two arguments are all it writes: a third member cannot be expressed, never dropped.
                if let extra = inner.first(where: { $0.key != "key" && $0.key != "query" }) {
                    throw NotExpressible(reason: "matchesKeyInQuery writes \(name) with key and query only, not \(extra.key)")
                }
                let query = try classQuery(sub)
                result.append(name == "$select" ? matchesKeyInQuery(key: key, queryKey: queryKey, query: query)
                              : doesNotMatchKeyInQuery(key: key, queryKey: queryKey, query: query))
            default: throw NotExpressible(reason: "no QueryConstraint function writes \(name)")
            }
        }
        return result
    }

    /// A point of a geo operand: a GeoPoint, or a `[longitude, latitude]` pair (QUERY-14), which an
    /// app holds as the ParseGeoPoint it names.
    private static func point(_ tvn: TVNValue) throws -> ParseGeoPoint {
        if case .array(let pair) = tvn, pair.count == 2 {
            return try ParseGeoPoint(latitude: try double(pair[1]), longitude: try double(pair[0]))
        }
        guard case .geoPoint(let geoPoint) = try SDKValue(tvn) else {
            throw NotExpressible(reason: "the SDK's geo constraints take ParseGeoPoints")
        }
        return geoPoint
    }

    private static func double(_ tvn: TVNValue) throws -> Double {
        guard case .number(let text) = tvn, let value = Double(text) else { throw NotExpressible(reason: "a distance is a number") }
        return value
    }

    private static func array(_ tvn: TVNValue) throws -> [SDKValue] {
        guard case .array(let items) = tvn else { throw NotExpressible(reason: "the operand is an array") }
        return try items.map(SDKValue.init)
    }

    private static func text(_ key: String, _ operand: TVNValue) throws -> QueryConstraint {
        guard case .map(let outer) = operand, case .map(let search)? = outer.first(where: { $0.key == "$search" })?.value,
              case .string(let term)? = search.first(where: { $0.key == "$term" })?.value else {
            throw NotExpressible(reason: "matchesText takes a term")
        }
        var options: [ParseTextOption: Encodable & Sendable] = [:]
        for member in search where member.key != "$term" {
            switch (member.key, member.value) {
            case ("$language", .string(let language)): options[.language] = language
            case ("$caseSensitive", .bool(let flag)): options[.caseSensitive] = flag
            case ("$diacriticSensitive", .bool(let flag)): options[.diacriticSensitive] = flag
            default: throw NotExpressible(reason: "no ParseTextOption is \(member.key)")
            }
        }
        return options.isEmpty ? matchesText(key: key, text: term) : try matchesText(key: key, text: term, options: options)
    }

    private static func box(_ key: String, _ operand: TVNValue) throws -> QueryConstraint {
        guard case .map(let inner) = operand, inner.count == 1, inner[0].key == "$box", case .array(let corners) = inner[0].value,
              corners.count == 2, case .geoPoint(let southwest) = try SDKValue(corners[0]),
              case .geoPoint(let northeast) = try SDKValue(corners[1]) else {
            throw NotExpressible(reason: "withinGeoBox takes two ParseGeoPoints")
        }
        return withinGeoBox(key: key, fromSouthWest: southwest, toNortheast: northeast)
    }

    private static func geoWithin(_ key: String, _ operand: TVNValue) throws -> [QueryConstraint] {
        guard case .map(let inner) = operand, inner.count == 1 else { throw NotExpressible(reason: "geoWithin holds one shape") }
        switch (inner[0].key, inner[0].value) {
        case ("$polygon", .polygon):
            guard case .polygon(let polygon) = try SDKValue(inner[0].value) else { throw GlueError("not a polygon") }
            return [geoPoint(key, within: polygon)]
        case ("$polygon", .array(let points)):
            return [geoPoint(key, within: try points.map(point))]
        case ("$centerSphere", .array(let parts)) where parts.count == 2:
            // withinRadians(sorted: false) is the SDK's only function for a $centerSphere.
            return withinRadians(key: key, geoPoint: try point(parts[0]), distance: try double(parts[1]), sorted: false)
        default: throw NotExpressible(reason: "no QueryConstraint function writes $geoWithin \(inner[0].key)")
        }
    }
}
