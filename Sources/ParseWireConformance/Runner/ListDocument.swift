import ParseWire

/// The outer shape shared by an expected-failures list and `remove.json`: strict JSON, an object
/// with no members but the given ones, `"format": 1` and an `entries` array.
enum ListDocument {
    /// Reads the outer shape.
    /// - Parameters:
    ///   - what: What the file is, for the message (`an expected-failures list`).
    ///   - members: The top-level members the file may have.
    /// - Returns: The root and its entries, each still to be read.
    /// - Throws: ``CorpusError`` (a usage error) naming `path` and what is wrong.
    static func read(_ bytes: [UInt8], path: String, what: String, members allowed: Set<String>) throws(CorpusError)
        -> (root: JSONNode, entries: [JSONNode]) {
        func problem(_ message: String) -> CorpusError { CorpusError(message: "\(path): \(message)") }
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes)
        } catch {
            throw problem("not strict JSON: \(error)")
        }
        guard let members = root.members else { throw problem("\(what) is a JSON object") }
        if let extra = members.first(where: { !allowed.contains($0.key) }) { throw problem("unknown member \"\(extra.key)\"") }
        guard root["format"]?.integerValue == 1 else { throw problem("\"format\" must be 1") }
        guard let entries = root["entries"]?.arrayValue else { throw problem("\"entries\" must be an array") }
        return (root, entries)
    }
}
