/// Rules parse-server applies only to the top-level field values of a save body.
///
/// The server infers a column type from each top-level value of a write (`getType`; TYPE-4 in
/// `Vectors/spec/types.md`) and refuses some values there that it accepts, and even emits, elsewhere. The decoder and
/// the encoder both ask these rules, so neither accepts what the other would refuse.
enum SaveBodyRules {
    /// The error for a top-level save-body value the server refuses, or `nil` (BYTES-2: no empty Bytes field).
    static func checkFieldValue(_ value: ParseValue) -> ParseWireError? {
        if case .bytes(let bytes) = value, bytes.bytes.isEmpty {
            return ParseWireError(.invalidBase64, message: "an empty Bytes value cannot be saved as a field: Parse Server "
                + "answers 111 \"This is not a valid Bytes\" for \"base64\":\"\" (though it writes one back for empty data)")
        }
        return nil
    }

    /// The error for a top-level GeoPoint value after the first one of the same save body, or `nil` (GEO-4).
    ///
    /// parse-server's schema check (`validateObject`) counts the top-level values of a write whose
    /// type is GeoPoint and answers 111 "there can only be one geopoint field in a class" at the
    /// second, before it looks at any column (MongoDB's geo index allows one per collection).
    /// GeoPoints inside arrays, maps or operations are not fields and are not counted.
    /// - Parameters:
    ///   - value: the value of one top-level field of the body.
    ///   - seenGeoPoint: whether an earlier field of the same body held a GeoPoint; updated.
    static func checkGeoPointField(_ value: ParseValue, seenGeoPoint: inout Bool) -> ParseWireError? {
        guard case .geoPoint = value else { return nil }
        if seenGeoPoint {
            return ParseWireError(.wrongFieldType, parseCode: 111, message: "a save body may hold only one GeoPoint field: "
                + "Parse Server answers 111 \"there can only be one geopoint field in a class\"")
        }
        seenGeoPoint = true
        return nil
    }
}
