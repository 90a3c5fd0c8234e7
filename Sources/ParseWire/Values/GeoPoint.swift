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
