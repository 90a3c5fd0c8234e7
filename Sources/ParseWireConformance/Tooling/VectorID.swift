/// Case ids: six characters of Crockford base32, made by the tooling, never reused.
package enum VectorID {
    /// Crockford's base32 alphabet: digits and letters without I, L, O and U.
    package static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")

    /// Whether `id` is well formed.
    package static func isWellFormed(_ id: String) -> Bool {
        id.count == 6 && id.allSatisfy { alphabet.contains($0) }
    }

    /// Fresh random ids that are in neither `taken` nor each other.
    package static func generate(count: Int, avoiding taken: Set<String>) -> [String] {
        var generator = SystemRandomNumberGenerator()
        var fresh: [String] = []
        var used = taken
        while fresh.count < count {
            let id = String((0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))] })
            if used.insert(id).inserted { fresh.append(id) }
        }
        return fresh
    }
}
