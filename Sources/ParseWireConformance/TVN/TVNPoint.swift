/// A Polygon vertex; both coordinates are JSON number text.
public struct TVNPoint: Sendable, Hashable {
    public var latitude: String
    public var longitude: String

    /// Creates a vertex.
    public init(latitude: String, longitude: String) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
