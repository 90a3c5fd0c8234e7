import Foundation

extension WireDecodingState {
    /// STR-4: refuses a map read into a `Dictionary` keyed by `String` when two of its keys differ
    /// in their bytes but are equal as Swift strings (Unicode canonical equivalence: a composed
    /// and a decomposed "é", the Kelvin sign and "K"). The server keeps both; the dictionary would
    /// keep one and silently drop the other's value.
    ///
    /// Only a key with a byte outside ASCII, or an escape (which may stand for one), can equal
    /// another key that way; a map of plain ASCII keys, the usual one, is passed after a look at
    /// each key's bytes.
    func checkDistinctStringKeys(at valueIndex: Int, key: some CodingKey, type: Any.Type) throws {
        let map = entries[valueIndex]
        guard map.kind == .object, map.length > 1 else { return }
        let count = Int(map.length)
        var child = valueIndex + 1
        var mayCollide = false
        for _ in 0..<count {
            let name = entries[child]
            let start = Int(name.offset)
            if name.flags & JSONTape.stringHasEscapes != 0 || JSONGrammar.plainASCIIEnd(input, from: start) < start + Int(name.length) {
                mayCollide = true
                break
            }
            child = Int(entries[child + 1].next)
        }
        guard mayCollide else { return }
        var seen: [String: Int] = [:]
        seen.reserveCapacity(count)
        child = valueIndex + 1
        for _ in 0..<count {
            let name = JSONStrings.string(of: entries[child], in: input)
            if let earlier = seen.updateValue(child, forKey: name) {
                let first = JSONStrings.string(of: entries[earlier], in: input)
                let depth = self.depth
                pushIfKey(key)
                defer { self.depth = depth }
                throw failure(.unrepresentable, at: child, key: StringKey(name), type: type,
                              "the keys \(Self.spelled(first)) and \(Self.spelled(name)) are different keys but equal Swift strings "
                                + "(Unicode canonical equivalence), so a \(type) would keep one value and drop the other; "
                                + "read this map as a ParseValue, whose maps keep keys byte for byte")
            }
            child = Int(entries[child + 1].next)
        }
    }

    /// A key quoted, with its Unicode scalars named: two spellings that look alike are told apart.
    private static func spelled(_ key: String) -> String {
        let scalars = key.unicodeScalars.map { "U+" + NameRules.hex($0) }
        return "\(JSONStrings.quoted(key)) (\(scalars.joined(separator: " ")))"
    }
}
