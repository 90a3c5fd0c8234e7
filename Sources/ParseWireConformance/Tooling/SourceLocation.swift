import ParseWire

/// Finds where in a vector file's text a case, or a value inside it, is written, so findings can
/// say `file:line:column`.
enum SourceLocation {
    /// The 1-based line and column (in characters) of a byte offset.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let prefix = bytes[lineStart..<min(offset, bytes.count)]
        return (line, String(decoding: prefix, as: UTF8.self).count + 1)
    }

    /// The byte offset of a case's `"id"` member, and of `needle` (a JSON string's text) within the case
    /// when given and found.
    static func offset(ofCase id: String, needle: String?, in bytes: [UInt8]) -> Int? {
        let pattern = Array("\"\(id)\"".utf8)
        var searchFrom = 0
        while let found = firstIndex(of: pattern, in: bytes, from: searchFrom) {
            // The id string must be the value of an "id" member: `"id"`, optional spaces, a colon.
            var cursor = found - 1
            while cursor >= 0, bytes[cursor] == UInt8(ascii: " ") { cursor -= 1 }
            let idKey = Array("\"id\":".utf8)
            if cursor + 1 >= idKey.count, Array(bytes[(cursor + 1 - idKey.count)...cursor]) == idKey {
                let caseStart = cursor + 1 - idKey.count
                guard let needle else { return caseStart }
                let next = firstIndex(of: idKey, in: bytes, from: found) ?? bytes.count
                let quoted = Array(JSONNode.quoted(needle).utf8)
                if let position = firstIndex(of: quoted, in: bytes, from: found), position < next { return position }
                return caseStart
            }
            searchFrom = found + 1
        }
        return nil
    }

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        var index = start
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
