import Testing
@testable import ParseWire

@Suite("Plain nested-key screen")
struct KeyScreenTests {
    static func isPlain(_ key: String) -> Bool {
        Array(key.utf8).withUnsafeBufferPointer { KeywordDenylist.isPlainNestedKey($0) }
    }

    /// Whether the full checks accept `key` as a nested key whatever its value.
    static func passesFullChecks(_ key: String) -> Bool {
        NameRules.checkNestedKey(key) == nil && KeywordDenylist.check(key: key) == nil
            && !Array(key.utf8).withUnsafeBufferPointer { KeywordDenylist.isBSONTypeKey($0) }
    }

    @Test("a key the screen calls plain passes every full check: every string of up to 4 symbols, and the keywords in context")
    func screenIsSound() {
        // Symbols that matter to some rule, and plain ones.
        let symbols = ["$", ".", "_", "c", "constructor", "__proto__", "_bsontype", "a", "é", "Constructor"]
        var keys: [String] = [""]
        var frontier: [String] = [""]
        for _ in 0..<4 {
            frontier = frontier.flatMap { prefix in symbols.map { prefix + $0 } }
            keys += frontier
        }
        var plain = 0
        for key in keys where Self.isPlain(key) {
            plain += 1
            #expect(Self.passesFullChecks(key), "\(key) screened as plain")
        }
        // The screen must also let most ordinary keys through, or it is no use.
        #expect(plain > 100)
        for key in ["calories", "fat", "note", "name", "Constructor", "cc", "abc", "colour", "c123456789"] {
            #expect(Self.isPlain(key), "\(key)")
        }
        for key in ["myconstructorField", "constructor", "a.b", "$x", "__proto__", "x_bsontype", "c1234567890"] {
            #expect(!Self.isPlain(key), "\(key)")
        }
    }

    @Test("nested maps still reject what the screen passes to the full checks")
    func nestedMapsStillChecked() {
        for (text, kind) in [(#"{"m":{"myconstructorField":1}}"#, ParseWireError.Kind.prohibitedKeyword),
                             (#"{"m":{"a.b":1}}"#, .invalidNestedKey), (#"{"m":{"x$":1}}"#, .invalidNestedKey),
                             (#"{"m":{"_bsontype":"Code"}}"#, .prohibitedKeyword), (#"{"m":{"\u0024x":1}}"#, .invalidNestedKey)] {
            #expect(throws: ParseWireError.self) { try ParseValueDecoder().decode(text) }
            do {
                _ = try ParseValueDecoder().decode(text)
            } catch {
                #expect(error.kind == kind, "\(text)")
            }
        }
    }
}
