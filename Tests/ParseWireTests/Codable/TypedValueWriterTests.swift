import Foundation
import Testing
@testable import ParseWire

/// The bridge writes each typed value with the codec's generic writers straight into its own
/// buffer: what it writes is the codec's text, byte for byte, wherever the value sits and however
/// much the buffer has to grow while it is written.
@Suite struct TypedValueWriterTests {
    /// A value of every typed value the bridge writes through ``TypedValueCoding``, with its
    /// ``ParseValue``.
    static func samples() throws -> [(name: String, value: any Encodable & Sendable, wire: ParseValue)] {
        let date = try ParseDate(epochMilliseconds: 1_646_370_367_089)
        let bytes = ParseBytes(Array(0..<200).map { UInt8($0) })
        let pointer = try ParsePointer(className: "Author", objectId: "a1")
        let relation = try ParseRelation(className: "Author")
        let point = try GeoPoint(latitude: 40.5, longitude: -73.25)
        let file = try ParseFile(name: "photo \"1\".png", url: "https://files.example.com/p.png")
        let bare = try ParseFile(name: "bare.txt", url: nil)
        let polygon = try ParsePolygon(points: [point, try GeoPoint(latitude: 1e-7, longitude: 0), try GeoPoint(latitude: 0, longitude: 1)])
        return [("Date", date, .date(date)), ("Bytes", bytes, .bytes(bytes)), ("Pointer", pointer, .pointer(pointer)),
                ("Relation", relation, .relation(relation)), ("GeoPoint", point, .geoPoint(point)), ("File", file, .file(file)),
                ("File without url", bare, .file(bare)), ("Polygon", polygon, .polygon(polygon))]
    }

    /// An array with a long string first, so that the typed values after it start deep in the
    /// buffer, and enough of them that the buffer grows while one of them is written.
    struct Padded: Encodable {
        let value: any Encodable & Sendable
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(String(repeating: "x", count: 509))
            for _ in 0..<40 { try container.encode(value) }
        }
    }

    @Test("each typed value is written as the codec writes it, alone, after other bytes and across the buffer's growth")
    func sameAsCodec() throws {
        for sample in try Self.samples() {
            let codec = try ParseValueEncoder().encode(sample.wire)
            let alone = try ParseWireEncoder().encodeBytes(AnyEncodable(sample.value))
            #expect(alone == codec, "\(sample.name)")
            let padded = try ParseWireEncoder().encodeBytes(Padded(value: sample.value))
            let expected = try ParseValueEncoder().encode(.array(ParseArray([ParseValue.string(String(repeating: "x", count: 509))]
                                                                            + Array(repeating: sample.wire, count: 40))))
            #expect(padded == expected, "\(sample.name)")
        }
    }

    @Test("each typed value reads back through the bridge and through Foundation's coders")
    func roundTrips() throws {
        for sample in try Self.samples() {
            let text = try ParseWireEncoder().encodeBytes(AnyEncodable(sample.value))
            #expect(try ParseValueDecoder().decode(text) == sample.wire, "\(sample.name)")
            let foundation = try JSONEncoder().encode(AnyEncodable(sample.value))
            #expect(try ParseValueDecoder().decode(Array(foundation)) == sample.wire, "\(sample.name)")
        }
    }

    @Test("Data as Bytes and as a base64 string is written by the same base64 writer")
    func dataBothWays() throws {
        for count in [0, 1, 2, 3, 4, 5, 300, 70_000] {
            let data = Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let canonical = ParseBytes(Array(data)).base64
            let asBytes = try ParseWireEncoder().encodeString(data)
            #expect(asBytes == #"{"__type":"Bytes","base64":""# + canonical + #""}"#, "\(count)")
            var options = ParseWireEncodingOptions()
            options.dataEncoding = .base64String
            #expect(try ParseWireEncoder(options: options).encodeString(data) == "\"" + canonical + "\"", "\(count)")
        }
    }

    @Test("a wire type name's static spelling is its raw value", arguments: WireTypeName.allCases)
    func staticNames(_ name: WireTypeName) {
        #expect(String(describing: name.staticName) == name.rawValue)
    }
}

/// Any encodable value, encoded as itself.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
