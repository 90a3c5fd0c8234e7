import CorpusModels
import Foundation
import GeneratedSeedModels
import PropertyTestingSupport
import Testing
@testable import ParseWire

/// The direct reader on canonical records after random edits (a fixed seed; `PBT_COUNT` sets the
/// cases): the contract of ``DirectReaderContract`` holds for every edited document in its mode,
/// read as its own type and as the corpus's looser Recipe. And the records it exists for, as
/// ParseWire writes them, with whitespace between tokens and as a query's array, are read by it.
@Suite struct DirectReaderMutationTests {
    typealias R = DirectReaderRecords
    typealias Recipe = GeneratedSeedModels.Recipe
    typealias Book = GeneratedSeedModels.Book
    typealias Listing = GeneratedSeedModels.Listing
    typealias TodoListItem = GeneratedSeedModels.TodoListItem

    /// A record's type, for reading a document back as it.
    enum Model: CaseIterable {
        case recipe, recipes, book, listing, benchRecipe, todo
    }

    /// An edited record: its type, the mode it is written and read in, the bytes, and the edits.
    struct Mutant {
        let model: Model
        let mode: ParseWireMode
        let bytes: [UInt8]
        let edits: [String]
    }

    static let benchRecords: [[UInt8]] = R.benchLikeRecipes(count: 16).map {
        (try? ParseWireEncoder().encodeBytes($0, as: .fetchedObject)) ?? []
    }

    /// Bytes an edit inserts or writes: JSON's structural characters and whitespace, whitespace JSON
    /// does not allow, digits and number characters, escapes, and bytes that are not UTF-8.
    static let interesting: [UInt8] = Array(#"{}[]:,"\ 0 1 9 - + . e E t n u"#.utf8) + [0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x00, 0x1F, 0x7F, 0x80, 0xA0, 0xC3, 0xED, 0xF0, 0xFF]

    /// Token text an edit inserts whole.
    static let snippets: [String] = ["null", "-0", "-0.0", "1e400", "4.0", #""\ud800""#, #""\u00e9""#, "{}", "[]", #"{"__op":"Delete"}"#,
                                     #"{"__type":"Date","iso":"2023-11-14T22:13:20.000Z"}"#, #","x":1"#, "\u{A0}", "\u{FEFF}"]

    /// The bridge's bytes for `value` in `mode`, or in the fetched-object mode when it refuses that.
    static func bridgeBytes<T: Encodable>(_ value: T, _ mode: ParseWireMode) -> [UInt8] {
        GeneratedFastPath.$isBypassed.withValue(true) {
            (try? ParseWireEncoder().encodeBytes(value, as: mode)) ?? (try? ParseWireEncoder().encodeBytes(value, as: .fetchedObject)) ?? []
        }
    }

    /// A canonical record of a random model in a random mode, the bridge's bytes for it.
    static var record: Generator<(Model, ParseWireMode, [UInt8])> {
        Generator { (testCase) throws(TestCase.Stop) in
            let model = Model.allCases[Int(try testCase.choice(upTo: UInt64(Model.allCases.count - 1)))]
            let mode = DirectReaderContract.modes[Int(try testCase.choice(upTo: 3))]
            switch model {
            case .recipe: return (model, mode, bridgeBytes(try SeedRecords.recipe.generate(&testCase), mode))
            case .recipes:
                let recipes = try Gen.array(of: SeedRecords.recipe, maximum: 3, average: 2).generate(&testCase)
                return (model, .fetchedObject, bridgeBytes(recipes, .fetchedObject))
            case .book: return (model, mode, bridgeBytes(try SeedRecords.book.generate(&testCase), mode))
            case .listing: return (model, mode, bridgeBytes(try SeedRecords.listing.generate(&testCase), mode))
            case .benchRecipe: return (model, .fetchedObject, benchRecords[Int(try testCase.choice(upTo: UInt64(benchRecords.count - 1)))])
            case .todo:
                let todo = TodoListItem(objectId: try Gen.optional(Gen.objectId).generate(&testCase), title: try Gen.string.generate(&testCase),
                                        isDone: try Gen.optional(Gen.bool).generate(&testCase),
                                        dueDate: try Gen.optional(SeedRecords.date).generate(&testCase))
                return (model, mode, bridgeBytes(todo, mode))
            }
        }
    }

    /// One random edit of `bytes`, and its description.
    static func edit(_ bytes: inout [UInt8], _ testCase: inout TestCase) throws(TestCase.Stop) -> String {
        func position(_ extra: Int = 0) throws(TestCase.Stop) -> Int {
            Int(try testCase.choice(upTo: UInt64(max(bytes.count - 1 + extra, 0))))
        }
        func someByte() throws(TestCase.Stop) -> UInt8 {
            interesting[Int(try testCase.choice(upTo: UInt64(interesting.count - 1)))]
        }
        let kind = try testCase.choice(upTo: 7)
        if bytes.isEmpty || kind == 0 {
            let at = try position(1)
            let byte = try someByte()
            bytes.insert(byte, at: min(at, bytes.count))
            return "insert \(byte) at \(at)"
        }
        switch kind {
        case 1:
            let at = try position()
            let bit = try testCase.choice(upTo: 7)
            bytes[at] ^= 1 << bit
            return "flip bit \(bit) at \(at)"
        case 2:
            let at = try position()
            bytes.remove(at: at)
            return "delete at \(at)"
        case 3:
            let at = try position()
            bytes[at] = try someByte()
            return "write \(bytes[at]) at \(at)"
        case 4:
            let first = try position()
            let second = try position()
            bytes.swapAt(first, second)
            return "swap \(first) and \(second)"
        case 5:
            // Copies the text from one comma to the next after it: a member or element twice.
            let commas = bytes.indices.filter { bytes[$0] == UInt8(ascii: ",") }
            guard commas.count >= 2 else { return "no member to copy" }
            let first = Int(try testCase.choice(upTo: UInt64(commas.count - 2)))
            let span = Array(bytes[commas[first]..<commas[first + 1]])
            bytes.insert(contentsOf: span, at: commas[first + 1])
            return "copy \(DirectReaderContract.shown(span)) after itself"
        case 6:
            let at = try position(1)
            let run = R.jsonWhitespace[Int(try testCase.choice(upTo: UInt64(R.jsonWhitespace.count - 1)))]
            bytes.insert(contentsOf: run.isEmpty ? [0x20] : run, at: at)
            return "insert whitespace at \(at)"
        default:
            let at = try position(1)
            let snippet = snippets[Int(try testCase.choice(upTo: UInt64(snippets.count - 1)))]
            bytes.insert(contentsOf: Array(snippet.utf8), at: at)
            return "insert \(snippet) at \(at)"
        }
    }

    static var mutant: Generator<Mutant> {
        record.flatMap { model, mode, bytes in
            Generator { (testCase) throws(TestCase.Stop) in
                var edited = bytes
                var edits: [String] = []
                for _ in 0...(try testCase.choice(upTo: 2)) { edits.append(try edit(&edited, &testCase)) }
                return Mutant(model: model, mode: mode, bytes: edited, edits: edits)
            }
        }
    }

    static func check(_ mutant: Mutant) throws {
        switch mutant.model {
        case .recipe, .benchRecipe: try DirectReaderContract.check(Recipe.self, mutant.bytes, mode: mutant.mode)
        case .recipes: try DirectReaderContract.check([Recipe].self, mutant.bytes, mode: mutant.mode)
        case .book: try DirectReaderContract.check(Book.self, mutant.bytes, mode: mutant.mode)
        case .listing: try DirectReaderContract.check(Listing.self, mutant.bytes, mode: mutant.mode)
        case .todo: try DirectReaderContract.check(TodoListItem.self, mutant.bytes, mode: mutant.mode)
        }
        try DirectReaderContract.check(CorpusModels.Recipe.self, mutant.bytes, mode: mutant.mode)
    }

    @Test func editedRecordsKeepTheContract() {
        property("the direct reader keeps its contract on edited records", count: 400, Self.mutant,
                 describe: { "\($0.model) in \($0.mode) after \($0.edits): \(DirectReaderContract.shown($0.bytes))" }) { try Self.check($0) }
    }

    @Test func unEditedRecordsKeepTheContract() {
        property("the direct reader keeps its contract on canonical records", count: 100, Self.record,
                 describe: { "\($0.0) in \($0.1): \(DirectReaderContract.shown($0.2))" }) { model, mode, bytes in
            try Self.check(Mutant(model: model, mode: mode, bytes: bytes, edits: []))
        }
    }

    /// The records the tier exists for: ParseWire's own fetched Recipes without an ACL, the same
    /// Recipes as save and update bodies, and as values (with `"__type":"Object"` and `className`
    /// on the root).
    @Test(arguments: [ParseWireMode.fetchedObject, .value, .saveBody, .updateBody])
    func benchLikeRecordsAreRead(_ mode: ParseWireMode) throws {
        for recipe in R.benchLikeRecipes(count: 16) {
            let record = try ParseWireEncoder().encodeBytes(recipe, as: mode)
            #expect(try DirectReaderContract.check(Recipe.self, record, mode: mode) == .accepted, "\(mode): \(DirectReaderContract.shown(record))")
        }
    }

    @Test func benchLikeRecordsWithWhitespaceAreRead() throws {
        var random = SplitMix64(seed: 0x5BACE)
        for record in Self.benchRecords {
            let spaced = R.spaced(record, R.jsonWhitespace, random: &random)
            #expect(try DirectReaderContract.check(Recipe.self, spaced, mode: .fetchedObject) == .accepted, "\(DirectReaderContract.shown(spaced))")
        }
    }

    @Test func anArrayOfRecordsIsRead() throws {
        var random = SplitMix64(seed: 0xA77A)
        let array = R.array(of: Self.benchRecords)
        #expect(try DirectReaderContract.check([Recipe].self, array, mode: .fetchedObject) == .accepted)
        let spaced = R.spaced(array, R.jsonWhitespace, random: &random)
        #expect(try DirectReaderContract.check([Recipe].self, spaced, mode: .fetchedObject) == .accepted, "\(DirectReaderContract.shown(spaced))")
    }

    /// The comparison is with the bridge alone: under `isBypassed` the direct reader refuses.
    @Test func bypassingSkipsTheDirectReader() throws {
        let record = try #require(Self.benchRecords.first)
        #expect(DirectReaderContract.direct(Recipe.self, record, mode: .fetchedObject, options: ParseWireDecodingOptions()) != nil)
        GeneratedFastPath.$isBypassed.withValue(true) {
            #expect(DirectReaderContract.direct(Recipe.self, record, mode: .fetchedObject, options: ParseWireDecodingOptions()) == nil)
        }
    }
}
