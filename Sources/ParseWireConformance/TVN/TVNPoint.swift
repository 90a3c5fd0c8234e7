/// A Polygon vertex; both coordinates are JSON number text.
public struct TVNPoint: Sendable, Hashable {
    /// The latitude, as a TVN number.
    public var latitude: String
    /// The longitude, as a TVN number.
    public var longitude: String

    /// Creates a vertex.
    public init(latitude: String, longitude: String) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
