/// A polygon: `{"__type":"Polygon","coordinates":[[lat,lng],…]}`, latitude first (POLY-1).
///
/// The points are kept as given: parse-server closes an open ring when it stores one and returns
/// the closed ring, but that is storage, not encoding, and a codec that closed rings would not
/// round-trip the values it is given (POLY-3: a reader takes either ring).
public struct ParsePolygon: Sendable, Hashable, CustomStringConvertible {
    /// The vertices in order.
    public let points: [GeoPoint]

    /// Creates a polygon.
    /// - Throws: `invalid-polygon` with fewer than three distinct points (POLY-2; MongoDB refuses such a
    ///   ring; parse-server answers code 1 on MongoDB and 107 on Postgres).
    public init(points: [GeoPoint]) throws(ParseWireError) {
        let distinct = Set(points).count
        guard distinct >= 3 else {
            throw ParseWireError(.invalidPolygon, message: "a Polygon needs at least 3 distinct points; this one has \(distinct)")
        }
        self.points = points
    }

    public var description: String { "Polygon(\(points.count) points)" }
}
