/// Rules parse-server applies only to the top-level field values of a save body.
///
/// The server infers a column type from each top-level value of a write (`getType`, WIRE-FORMAT
/// §1.1) and refuses some values there that it accepts, and even emits, elsewhere. The decoder and
/// the encoder both ask these rules, so neither accepts what the other would refuse.
enum SaveBodyRules {
    /// The error for a top-level save-body value the server refuses, or `nil`.
    static func checkFieldValue(_ value: ParseValue) -> ParseWireError? {
        if case .bytes(let bytes) = value, bytes.bytes.isEmpty {
            return ParseWireError(.invalidBase64, message: "an empty Bytes value cannot be saved as a field: Parse Server "
                + "answers 111 \"This is not a valid Bytes\" for \"base64\":\"\" (though it writes one back for empty data)")
        }
        return nil
    }
}
