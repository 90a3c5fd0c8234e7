import PropertyTesting
import Testing
@testable import ParseWire

/// A valid document with exactly one defect, placed anywhere inside it, is rejected with the
/// defect's error kind: the rule holds at every depth and beside any other content.
@Suite("Single-defect properties")
struct DefectProperties {
    /// A defect: JSON text that breaks one rule, and the kind the strict decoder must report.
    struct Defect: Sendable, CustomStringConvertible {
        let text: String
        let kind: ParseWireError.Kind
        var description: String { "\(text) → \(kind)" }
    }

    /// One defect per rule, each grounded in WIRE-FORMAT.md or RFC 8259.
    static let defects: [Defect] = [
        Defect(text: #"{"__type":"Date","iso":"2020-01-02T03:04:05Z"}"#, kind: .invalidDate),        // §1.2, strict
        Defect(text: #"{"__type":"Date","iso":"2021-02-29T00:00:00.000Z"}"#, kind: .invalidDate),    // no Feb 29 in 2021
        Defect(text: #"{"__type":"Date","iso":1577836800000}"#, kind: .wrongFieldType),              // §7 row 9
        Defect(text: #"{"__type":"Date"}"#, kind: .missingField),                                     // §7 row 7
        Defect(text: #"{"__type":"Bytes","base64":"aGk"}"#, kind: .invalidBase64),                   // §7 row 23, strict
        Defect(text: #"{"__type":"Bytes","base64":"-_8="}"#, kind: .invalidBase64),                  // §7 row 24, strict
        Defect(text: #"{"__type":"Pointer","className":"Foo"}"#, kind: .missingField),               // §7 row 33
        Defect(text: #"{"__type":"Pointer","className":"Foo","objectId":"a","x":1}"#, kind: .unexpectedField), // §7 row 31
        Defect(text: #"{"__type":"Pointer","className":"Foo^bar","objectId":"a"}"#, kind: .invalidClassName),  // §4
        Defect(text: #"{"__type":"Relation"}"#, kind: .missingField),                                 // §7 row 39
        Defect(text: #"{"__type":"GeoPoint","latitude":91,"longitude":0}"#, kind: .outOfRange),      // §7 row 76
        Defect(text: #"{"__type":"GeoPoint","latitude":"10","longitude":20}"#, kind: .wrongFieldType), // §7 row 77
        Defect(text: #"{"__type":"File"}"#, kind: .missingField),                                     // §7 row 88
        Defect(text: #"{"__type":"Polygon","coordinates":[[0,0],[0,1],[0,0]]}"#, kind: .invalidPolygon), // §7 row 84
        Defect(text: #"{"__type":"Money","amount":1}"#, kind: .unknownType),                          // §1.1
        Defect(text: #"{"a.b":1}"#, kind: .invalidNestedKey),                                          // §7 row 66
        Defect(text: #"{"$x":1}"#, kind: .invalidNestedKey),                                           // §7 row 66
        Defect(text: #"{"myconstructorField":1}"#, kind: .prohibitedKeyword),                         // §7 row 67
        Defect(text: #"{"_bsontype":"Code"}"#, kind: .prohibitedKeyword),                             // §7 row 68
        Defect(text: #"{"__op":"Delete"}"#, kind: .invalidOperation),                                 // §2: ops only at the top of a save body
        Defect(text: #"{"k":1,"k":2}"#, kind: .duplicateKey),                                          // RFC 8259 §4
        Defect(text: "[1,]", kind: .jsonSyntax),                                                       // RFC 8259 §5
        Defect(text: "01", kind: .jsonSyntax),                                                         // RFC 8259 §6
        Defect(text: "NaN", kind: .jsonSyntax),                                                        // RFC 8259 §6
        Defect(text: #""\ud800""#, kind: .invalidUTF8),                                                // RFC 8259 §8.2
        Defect(text: "\"\u{1}\"", kind: .jsonSyntax),                                                  // RFC 8259 §7
    ]

    static let marker = "\u{1}defect\u{1}"

    /// Puts a marker string at a random place in `value`: a new element of some array or a new
    /// member of some map or object's fields, at any depth.
    static func placingMarker(in value: ParseValue) -> Generator<ParseValue> {
        Generator { (testCase) throws(TestCase.Stop) in try place(in: value, &testCase) }
    }

    private static func place(in value: ParseValue, _ testCase: inout TestCase) throws(TestCase.Stop) -> ParseValue {
        let goDeeper = try testCase.choice(upTo: 1) == 1
        switch value {
        case .array(var elements):
            if goDeeper, !elements.isEmpty {
                let position = Int(try testCase.choice(upTo: UInt64(elements.count - 1)))
                elements[position] = try place(in: elements[position], &testCase)
            } else {
                elements.insert(.string(marker), at: Int(try testCase.choice(upTo: UInt64(elements.count))))
            }
            return .array(elements)
        case .map(var map):
            if goDeeper, !map.isEmpty {
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

    @Test("a document with one defect anywhere is rejected with the defect's kind")
    func singleDefects() throws {
        let cases = Gen.parseValue(embedsObjects: false).flatMap(Self.placingMarker).flatMap { host in
            Gen.element(of: Self.defects).map { (host: host, defect: $0) }
        }
        var markerText = JSONWriter()
        markerText.writeString(Self.marker)
        let placeholder = String(decoding: markerText.bytes, as: UTF8.self)
        property("single defects", count: 300, cases, describe: { "\($0.defect) in \(WireText.describe($0.host))" }) { testCase in
            let host = try WireEncoder().encodeString(testCase.host)
            let document = host.replacingOccurrences(of: placeholder, with: testCase.defect.text)
            do {
                _ = try WireDecoder().decode(document)
                throw PropertyViolation("accepted \(document)")
            } catch let error as ParseWireError {
                try ensure(error.kind == testCase.defect.kind, "rejected \(document) as \(error)")
            }
        }
    }

    @Test("every defect is rejected on its own, so the property above tests placement, not the catalogue")
    func defectsAlone() throws {
        for defect in Self.defects {
            #expect(rejection(defect.text)?.kind == defect.kind, "\(defect)")
        }
    }
}

/// The error decoding `text` strictly throws, or `nil`.
func rejection(_ text: String) -> ParseWireError? {
    do {
        _ = try WireDecoder().decode(text)
        return nil
    } catch {
        return error
    }
}
