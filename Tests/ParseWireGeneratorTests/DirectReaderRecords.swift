import Foundation
import GeneratedSeedModels
import ParseWire
import PropertyTesting

/// Documents for the direct reader's tests: a canonical Recipe record to edit member by member,
/// records shaped like the benchmark's, and the same text with whitespace between its tokens.
enum DirectReaderRecords {
    static let date = #""2023-11-14T22:13:20.000Z""#

    /// The members of a canonical fetched Recipe, in the order ParseWire writes them, as raw JSON.
    static let recipeMembers: [(key: String, value: String)] = [
        ("objectId", #""r1""#), ("createdAt", date), ("updatedAt", date), ("name", #""Pancakes""#), ("servings", "4"),
        ("price", "3.5"), ("isAvailable", "true"), ("category", "0"), ("ingredients", #"[{"quantity":0.5,"description":"milk"}]"#),
        ("sideOptions", #"["jam"]"#), ("nutritionalInfo", #"{"kcal":"300"}"#),
        ("releaseDate", #"{"__type":"Date","iso":"2023-11-14T22:13:20.000Z"}"#),
        ("author", #"{"__type":"Pointer","className":"Author","objectId":"a1"}"#),
    ]

    /// The canonical Recipe with some members' values replaced by raw JSON, some removed, and raw
    /// members (`"key":value`, comma-separated) added at the end.
    static func recipe(_ replaced: [String: String] = [:], removing removed: Set<String> = [], adding added: String = "") -> String {
        var members = recipeMembers.filter { !removed.contains($0.key) }.map { "\"\($0.key)\":\(replaced[$0.key] ?? $0.value)" }
        if !added.isEmpty { members.append(added) }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The UTF-8 of `text` with each `@@` replaced by `bytes`, for documents that are not valid UTF-8.
    static func spliced(_ text: String, _ bytes: [UInt8]) -> [UInt8] {
        let parts = text.components(separatedBy: "@@").map { Array($0.utf8) }
        return Array(parts.joined(separator: bytes))
    }

    /// `bytes` with whitespace drawn from `whitespace` before the document, after it, and around
    /// every structural character outside strings; the JSON value is unchanged.
    static func spaced(_ bytes: [UInt8], _ whitespace: [[UInt8]], random: inout SplitMix64) -> [UInt8] {
        func some() -> [UInt8] { whitespace[Int(random.next(upTo: UInt64(whitespace.count - 1)))] }
        var out = some()
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: ","):
                out += some() + [byte] + some()
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            default:
                out.append(byte)
            }
        }
        return out + some()
    }

    /// The four whitespace bytes of JSON, alone and in runs.
    static let jsonWhitespace: [[UInt8]] = [[], [0x20], [0x0A], [0x0D], [0x09], [0x20, 0x20], [0x0D, 0x0A, 0x09, 0x20]]

    /// Recipes shaped like the benchmark's (fixed seed): escapes `\"`, `\\`, `\t`, `\n`, non-ASCII
    /// and an emoji in the strings, a Pointer `author`, the three server-owned keys, no ACL.
    static func benchLikeRecipes(count: Int, seed: UInt64 = 0xD1_2EC7) -> [Recipe] {
        var random = SplitMix64(seed: seed)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next(upTo: UInt64(choices.count - 1)))] }
        let words = ["tomato", "basil", "crème fraîche", "\"smoked\" paprika", "salt\\pepper", "chili 🌶️", "garlic",
                     "rice\tnoodles", "lime\nzest", "miso", "päprika"]
        let start: Int64 = 1_500_000_000_000
        func date() -> Date {
            Date(timeIntervalSince1970: Double(start + Int64(random.next(upTo: 100_000_000_000))) / 1000)
        }
        return (0..<count).map { index in
            let created = date()
            return Recipe(
                objectId: "r\(100_000 + index)", createdAt: created, updatedAt: created.addingTimeInterval(Double(random.next(upTo: 1000))),
                ACL: nil, name: "\(pick(words)) and \(pick(words)) soup no. \(index)", servings: Int(random.next(upTo: 11)) + 1,
                price: Double(random.next(upTo: 10_000)) / 100, isAvailable: random.next(upTo: 1) == 1,
                category: Recipe.Category(rawValue: Int(random.next(upTo: 2)))!,
                ingredients: (0..<Int(random.next(upTo: 4)) + 2).map { _ in
                    Recipe.Ingredient(quantity: Float(random.next(upTo: 1000)) / 8, description: "\(pick(words)), \(pick(words))")
                },
                sideOptions: (0..<Int(random.next(upTo: 3))).map { _ in pick(words) },
                nutritionalInfo: ["calories": "\(random.next(upTo: 900))", "fat": "\(random.next(upTo: 60)) g", "note": pick(words)],
                releaseDate: date(), author: try? TypedPointer(objectId: "a\(random.next(upTo: 999))"))
        }
    }

    /// `records` as a query's results: one JSON array.
    static func array(of records: [[UInt8]]) -> [UInt8] {
        Array("[".utf8) + Array(records.joined(separator: Array(",".utf8))) + Array("]".utf8)
    }
}
