/// One constraint on a field of a query, written as parse-server reads it (`Vectors/spec/query.md`).
public enum QueryConstraint: Sendable, Hashable {
    /// The field equals the value. Written bare (`{"k": v}`), as the REST guide and the JS SDK write it
    /// and as every server version reads it; Parse-Swift's `{"k": {"$eq": v}}` is read, not written.
    case equalTo(ParseValue)
    /// `$ne`.
    case notEqualTo(ParseValue)
    /// `$lt`: numbers, Dates and strings compare.
    case lessThan(ParseValue)
    /// `$lte`.
    case lessThanOrEqualTo(ParseValue)
    /// `$gt`.
    case greaterThan(ParseValue)
    /// `$gte`.
    case greaterThanOrEqualTo(ParseValue)
    /// A comparison of a Date field with a time relative to now: `{"$lt": {"$relativeTime": "3 days ago"}}`.
    case relativeTime(Comparison, String)
    /// `$in`: the field equals one of the values (for a Pointer field, Pointers).
    case containedIn([ParseValue])
    /// `$nin`.
    case notContainedIn([ParseValue])
    /// `$all`: an Array field holds every value.
    case containsAll([ParseValue])
    /// `$containedBy`: every element of an Array field is one of the values.
    case containedBy([ParseValue])
    /// `$exists`.
    case exists(Bool)
    /// `$regex`, with `$options` (one or more of `i`, `m`, `x`, `s`) when given.
    case matchesRegex(String, options: String?)
    /// `$inQuery`: a Pointer field points to an object the subquery matches.
    case matchesQuery(ParseQuery)
    /// `$notInQuery`.
    case doesNotMatchQuery(ParseQuery)
    /// `$select`: the field equals the value of `key` in an object the subquery matches.
    case matchesKeyInQuery(key: String, query: ParseQuery)
    /// `$dontSelect`.
    case doesNotMatchKeyInQuery(key: String, query: ParseQuery)
    /// `$nearSphere`, sorted by distance, with an optional limit.
    case nearSphere(GeoPoint, maxDistance: GeoDistance?)
    /// `$within.$box`: inside the box from the south-west to the north-east corner.
    case withinBox(southwest: GeoPoint, northeast: GeoPoint)
    /// `$geoWithin.$polygon`: inside a polygon (written as a Polygon object, longitude first).
    case withinPolygon(ParsePolygon)
    /// `$geoWithin.$centerSphere`: within a distance of a point, unsorted (written `[[lng, lat], radians]`).
    case withinSphere(center: GeoPoint, radians: Double)
    /// `$geoIntersects.$point`: a Polygon field contains the point.
    case intersects(GeoPoint)

    /// The comparison operators a relative time may use.
    public enum Comparison: String, Sendable, Hashable {
        /// `$lt`: before the time.
        case lessThan = "$lt"
        /// `$lte`.
        case lessThanOrEqualTo = "$lte"
        /// `$gt`: after the time.
        case greaterThan = "$gt"
        /// `$gte`.
        case greaterThanOrEqualTo = "$gte"
    }

    /// A distance limit of `$nearSphere`, in the unit parse-server converts from.
    public enum GeoDistance: Sendable, Hashable {
        /// `$maxDistance` (also `$maxDistanceInRadians`).
        case radians(Double)
        /// `$maxDistanceInMiles`: the server divides by 3959.
        case miles(Double)
        /// `$maxDistanceInKilometers`: the server divides by 6371.
        case kilometers(Double)
    }

    /// The operators this constraint writes (empty for equality), in order.
    /// - Throws: `unrepresentable` for a non-finite number.
    func operators() throws(ParseWireError) -> [(String, ParseValue)] {
        switch self {
        case .equalTo: return []
        case .notEqualTo(let value): return [("$ne", value)]
        case .lessThan(let value): return [("$lt", value)]
        case .lessThanOrEqualTo(let value): return [("$lte", value)]
        case .greaterThan(let value): return [("$gt", value)]
        case .greaterThanOrEqualTo(let value): return [("$gte", value)]
        case .relativeTime(let comparison, let text): return [(comparison.rawValue, .map(["$relativeTime": .string(text)]))]
        case .containedIn(let values): return [("$in", .array(values))]
        case .notContainedIn(let values): return [("$nin", .array(values))]
        case .containsAll(let values): return [("$all", .array(values))]
        case .containedBy(let values): return [("$containedBy", .array(values))]
        case .exists(let flag): return [("$exists", .bool(flag))]
        case .matchesRegex(let pattern, let options):
            return [("$regex", .string(pattern))] + (options.map { [("$options", ParseValue.string($0))] } ?? [])
        case .matchesQuery(let query): return [("$inQuery", .map(query.subquery))]
        case .doesNotMatchQuery(let query): return [("$notInQuery", .map(query.subquery))]
        case .matchesKeyInQuery(let key, let query): return [("$select", .map(["key": .string(key), "query": .map(query.subquery)]))]
        case .doesNotMatchKeyInQuery(let key, let query): return [("$dontSelect", .map(["key": .string(key), "query": .map(query.subquery)]))]
        case .nearSphere(let point, let distance):
            guard let distance else { return [("$nearSphere", .geoPoint(point))] }
            let (key, amount): (String, Double) = switch distance {
            case .radians(let value): ("$maxDistance", value)
            case .miles(let value): ("$maxDistanceInMiles", value)
            case .kilometers(let value): ("$maxDistanceInKilometers", value)
            }
            return [("$nearSphere", .geoPoint(point)), (key, try Self.number(amount))]
        case .withinBox(let southwest, let northeast):
            return [("$within", .map(["$box": .array([.geoPoint(southwest), .geoPoint(northeast)])]))]
        case .withinPolygon(let polygon):
            return [("$geoWithin", .map(["$polygon": .polygon(polygon)]))]
        case .withinSphere(let center, let radians):
            let pair: ParseValue = .array([try Self.number(center.longitude), try Self.number(center.latitude)])
            return [("$geoWithin", .map(["$centerSphere": .array([pair, try Self.number(radians)])]))]
        case .intersects(let point):
            return [("$geoIntersects", .map(["$point": .geoPoint(point)]))]
        }
    }

    private static func number(_ value: Double) throws(ParseWireError) -> ParseValue {
        guard let number = ParseNumber(value) else {
            throw ParseWireError(.unrepresentable, message: "\(value) cannot be written in JSON")
        }
        return .number(number)
    }
}
