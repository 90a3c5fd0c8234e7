/// A position in a document, written the way error messages show it: `$.ingredients[2].quantity`.
///
/// Keys that are not identifiers are written in brackets as JSON strings: `$["a.b"][0]`.
struct WirePath: Sendable, Hashable, CustomStringConvertible {
    private(set) var description = "$"

    /// The root.
    init() {}

    mutating func append(key: String) {
        if Self.isIdentifier(key) {
            description += "." + key
        } else {
            description += "[" + JSONStrings.quoted(key) + "]"
        }
    }

    mutating func append(index: Int) {
        description += "[\(index)]"
    }

    func appending(key: String) -> WirePath {
        var copy = self
        copy.append(key: key)
        return copy
    }

    func appending(index: Int) -> WirePath {
        var copy = self
        copy.append(index: index)
        return copy
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first != UInt8(ascii: "_") || key.utf8.count > 1 else { return false }
        guard !JSONGrammar.isDigit(first) else { return false }
        return key.utf8.allSatisfy { byte in
            JSONGrammar.isDigit(byte) || byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
    }
}

extension ParseWireError {
    /// The same error, one level further from the root: `$.b` becomes `$.a.b`.
    ///
    /// Codec walks call this as an error unwinds through each container, so the success path
    /// never builds a path.
    func prefixed(key: String) -> ParseWireError {
        var copy = self
        copy.path = WirePath().appending(key: key).description + path.dropFirst()
        return copy
    }

    /// The same error, one level further from the root: `$.b` becomes `$[3].b`.
    func prefixed(index: Int) -> ParseWireError {
        var copy = self
        copy.path = "$[\(index)]" + path.dropFirst()
        return copy
    }
}
