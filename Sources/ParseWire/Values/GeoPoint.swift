/// A point on Earth: `{"__type":"GeoPoint","latitude":…,"longitude":…}` (GEO-1).
///
/// Ranges are inclusive (GEO-2), as in the JS, Swift and Android SDKs: latitude −90…90, longitude −180…180.
/// Parse Server (MongoDB) stores out-of-range points without complaint, after which the JS and Swift
/// SDKs cannot decode the object at all; a strict codec refuses them up front.
public struct GeoPoint: Sendable, Hashable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// Creates a point.
    /// - Throws: `out-of-range` for a coordinate that is not finite or outside its range.
    public init(latitude: Double, longitude: Double) throws(ParseWireError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw ParseWireError(.outOfRange, message: "latitude \(latitude) is outside -90...90")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw ParseWireError(.outOfRange, message: "longitude \(longitude) is outside -180...180")
        }
        // -0.0 and 0.0 are one coordinate; keep one spelling so equal points encode alike.
        self.latitude = latitude == 0 ? 0 : latitude
        self.longitude = longitude == 0 ? 0 : longitude
    }

    public var description: String { "GeoPoint(\(latitude), \(longitude))" }
}

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
