import ParseWire

/// One-rule defects of wire JSON, and a way to place one anywhere inside a valid document.
///
/// Each defect breaks exactly one rule that no leniency relaxes (so the cases made from them are
/// decode errors for every implementation, not implementation-defined); the strict decoder must
/// report its ``kind`` wherever it sits. The single-defect property and the `defects` vector family both use this catalogue.
public enum WireDefects {
    /// JSON text that breaks one rule, the kind the strict decoder reports, and where the rule is written.
    public struct Defect: Sendable, CustomStringConvertible {
        public let text: String
        public let kind: ParseWireError.Kind
        public let spec: [String]
        public var description: String { "\(text) → \(kind)" }
    }

    /// One defect per rule.
    public static let catalogue: [Defect] = [
        Defect(text: #"{"__type":"Date","iso":"2020-13-01T00:00:00.000Z"}"#, kind: .invalidDate, spec: ["DATE-3"]),
        Defect(text: #"{"__type":"Date","iso":"2021-02-29T00:00:00.000Z"}"#, kind: .invalidDate, spec: ["DATE-3"]),
        Defect(text: #"{"__type":"Date","iso":1577836800000}"#, kind: .wrongFieldType, spec: ["DATE-2"]),
        Defect(text: #"{"__type":"Date"}"#, kind: .missingField, spec: ["DATE-2"]),
        Defect(text: #"{"__type":"Bytes","base64":"a@=="}"#, kind: .invalidBase64, spec: ["BYTES-4", "RFC 4648 §4"]),
        Defect(text: #"{"__type":"Bytes","base64":"aGVsb"}"#, kind: .invalidBase64, spec: ["BYTES-4", "RFC 4648 §4"]),
        Defect(text: #"{"__type":"Pointer","className":"Foo"}"#, kind: .missingField, spec: ["PTR-2"]),
        Defect(text: #"{"__type":"Pointer","className":"Foo","objectId":""}"#, kind: .invalidObjectId, spec: ["PTR-4"]),
        Defect(text: #"{"__type":"Pointer","className":"Foo^bar","objectId":"a"}"#, kind: .invalidClassName, spec: ["PTR-3", "NAME-2"]),
        Defect(text: #"{"__type":"Relation"}"#, kind: .missingField, spec: ["REL-2"]),
        Defect(text: #"{"__type":"GeoPoint","latitude":91,"longitude":0}"#, kind: .outOfRange, spec: ["GEO-2"]),
        Defect(text: #"{"__type":"GeoPoint","latitude":"10","longitude":20}"#, kind: .wrongFieldType, spec: ["GEO-3"]),
        Defect(text: #"{"__type":"File"}"#, kind: .missingField, spec: ["FILE-1"]),
        Defect(text: #"{"__type":"Polygon","coordinates":[[0,0],[0,1],[0,0]]}"#, kind: .invalidPolygon, spec: ["POLY-2"]),
        Defect(text: #"{"__type":"Relation","className":7}"#, kind: .wrongFieldType, spec: ["REL-2"]),
        Defect(text: #"{"a.b":1}"#, kind: .invalidNestedKey, spec: ["NAME-3"]),
        Defect(text: #"{"$x":1}"#, kind: .invalidNestedKey, spec: ["NAME-3"]),
        Defect(text: #"{"myconstructorField":1}"#, kind: .prohibitedKeyword, spec: ["NAME-5"]),
        Defect(text: #"{"_bsontype":"Code"}"#, kind: .prohibitedKeyword, spec: ["NAME-5"]),
        Defect(text: #"{"__op":"Delete"}"#, kind: .invalidOperation, spec: ["OP-1"]),
        Defect(text: #"{"k":1,"k":2}"#, kind: .duplicateKey, spec: ["JSON-3", "RFC 8259 §4"]),
        Defect(text: "[1,]", kind: .jsonSyntax, spec: ["JSON-1", "RFC 8259 §5"]),
        Defect(text: "01", kind: .jsonSyntax, spec: ["JSON-1", "RFC 8259 §6"]),
        Defect(text: "NaN", kind: .jsonSyntax, spec: ["JSON-1", "RFC 8259 §6"]),
        Defect(text: #""\ud800""#, kind: .invalidUTF8, spec: ["STR-3", "RFC 8259 §8.2"]),
        Defect(text: "\"\u{1}\"", kind: .jsonSyntax, spec: ["STR-2", "RFC 8259 §7"]),
    ]

    /// The string value that marks where a defect goes; its encoded form is replaced by the defect.
    public static let marker = "\u{1}defect\u{1}"

    /// The marker as the encoder writes it, to be replaced in encoded text.
    public static var encodedMarker: String { #""\u0001defect\u0001""# }

    /// `value` with the marker placed at a random spot: a new element of some array or a new
    /// member of some map, at any depth; a scalar becomes `[scalar, marker]`.
    public static func placingMarker(in value: ParseValue) -> Generator<ParseValue> {
        Generator { (testCase) throws(TestCase.Stop) in try place(in: value, &testCase) }
    }

    private static func place(in value: ParseValue, _ testCase: inout TestCase) throws(TestCase.Stop) -> ParseValue {
        let goesDeeper = try testCase.choice(upTo: 1) == 1
        switch value {
        case .array(var elements):
            if goesDeeper, !elements.isEmpty {
                let position = Int(try testCase.choice(upTo: UInt64(elements.count - 1)))
                elements[position] = try place(in: elements[position], &testCase)
            } else {
                elements.insert(.string(marker), at: Int(try testCase.choice(upTo: UInt64(elements.count))))
            }
            return .array(elements)
        case .map(var map):
            if goesDeeper, !map.isEmpty {
                let key = map.keys[Int(try testCase.choice(upTo: UInt64(map.count - 1)))]
                map[key] = try place(in: map[key]!, &testCase)
            } else {
                map["defectHere"] = .string(marker)
            }
            return .map(map)
        default:
            return .array([value, .string(marker)])
        }
    }

    /// A valid field value (no embedded objects) with one defect placed in it: the document text
    /// and the defect.
    public static var documents: Generator<(text: String, defect: Defect)> {
        Gen.parseValue(depth: 2, embedsObjects: false).flatMap(placingMarker).flatMap { host in
            Gen.element(of: catalogue).map { defect in
                let text = (try? ParseValueEncoder().encodeString(host)) ?? encodedMarker
                return (text.replacingOccurrences(of: encodedMarker, with: defect.text), defect)
            }
        }
    }
}
