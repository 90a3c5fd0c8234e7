extension NameRules {
    /// Checks a top-level key of a save body (OP-9). A dot path (`"address.city"`) sets a nested key on
    /// update: its first segment must be a field name and the others non-empty nested keys without
    /// `$` (parse-server's `spec/rest.spec.js` pins dot-path updates).
    /// - Returns: `nil` when the key is fine.
    static func checkSaveBodyKey(_ key: String) -> ParseWireError? {
        guard key.utf8.contains(UInt8(ascii: ".")) else { return checkFieldName(key) }
        let segments = key.split(separator: ".", omittingEmptySubsequences: false)
        if let failure = checkFieldName(String(segments[0])) { return failure }
        for segment in segments.dropFirst() where segment.isEmpty || segment.contains("$") {
            return ParseWireError(.invalidNestedKey, message: "the dot path \(JSONStrings.quoted(key)) has an empty segment or a '$'; nested keys may not contain '$'")
        }
        return nil
    }
}
