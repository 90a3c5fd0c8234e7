/// The coding key of an array element, and coding paths written as wire paths.
struct IndexKey: CodingKey {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init(intValue: Int) { index = intValue }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

/// A key made from a string, for the members of a dictionary read without its own containers.
struct StringKey: CodingKey {
    let stringValue: String

    init(_ stringValue: String) { self.stringValue = stringValue }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    var intValue: Int? { nil }
}

/// The key of a `Dictionary` member read without a keyed container: the key the standard
/// library's `Dictionary.init(from:)` puts on the coding path, whose `intValue` is the string's
/// value as an integer when it is one.
struct DictionaryKey: CodingKey {
    let stringValue: String

    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { stringValue = String(intValue) }

    var intValue: Int? { Int(stringValue) }
}

/// The key of a value that has none below the current path: the root, a single-value
/// container's value, a wire type's own value. It is never put on a coding path.
///
/// The encoder's writers and the decoder's readers take their key as a generic parameter rather
/// than an optional or an existential, so that a member builds no `Optional` of a generic key
/// type and no existential on success; this type stands for "none".
struct NoKey: CodingKey {
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }

    var stringValue: String { "" }
    var intValue: Int? { nil }

    /// `key` as a path element, or `nil` when it is a ``NoKey``.
    static func existing<K: CodingKey>(_ key: K) -> (any CodingKey)? {
        K.self == NoKey.self ? nil : key
    }
}

enum CodingPath {
    /// A coding path as the codec's errors show it: `$.ingredients[2].quantity`.
    ///
    /// Only the bridge's own ``IndexKey`` is an array index; any other key is an object key, even
    /// one with an `intValue` (a `[Int: V]` dictionary's keys are JSON object keys).
    static func wirePath(_ path: [any CodingKey]) -> String {
        var wirePath = WirePath()
        for key in path {
            if let index = key as? IndexKey {
                wirePath.append(index: index.index)
            } else {
                wirePath.append(key: key.stringValue)
            }
        }
        return wirePath.description
    }

    /// The path of a value inside the one at `base`: `$.iso` below `$.releaseDate` is `$.releaseDate.iso`.
    static func joined(_ base: [any CodingKey], _ relative: String) -> String {
        wirePath(base) + relative.dropFirst()
    }
}
