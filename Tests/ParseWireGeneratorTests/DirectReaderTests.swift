import CorpusModels
import Foundation
import GeneratedSeedModels
import PropertyTesting
import Testing
@testable import ParseWire

/// The direct reader on hand-picked documents, a few per rule of the scanner, the bridge and the
/// wire format: in every mode it refuses what the bridge refuses and reads what it reads as the
/// bridge does (``DirectReaderContract``), and it reads the canonical records it exists for.
@Suite struct DirectReaderTests {
    /// One document, the model it is read as, and the modes in which the direct reader must read it.
    struct Document: Sendable, CustomTestStringConvertible {
        enum Model: Sendable {
            case recipe, recipes, book, author, item, todo, listing, corpusRecipe
        }

        let rule: String
        let bytes: [UInt8]
        let model: Model
        let accepts: [ParseWireMode]
        let options: ParseWireDecodingOptions

        init(_ rule: String, _ text: String, _ model: Model = .recipe, accepts: [ParseWireMode] = [],
             options: ParseWireDecodingOptions = ParseWireDecodingOptions()) {
            self.init(rule, bytes: Array(text.utf8), model, accepts: accepts, options: options)
        }

        init(_ rule: String, bytes: [UInt8], _ model: Model = .recipe, accepts: [ParseWireMode] = [],
             options: ParseWireDecodingOptions = ParseWireDecodingOptions()) {
            self.rule = rule
            self.bytes = bytes
            self.model = model
            self.accepts = accepts
            self.options = options
        }

        var testDescription: String { rule }
    }

    typealias R = DirectReaderRecords
    typealias Recipe = GeneratedSeedModels.Recipe
    typealias Item = GeneratedSeedModels.Item
    typealias Book = GeneratedSeedModels.Book
    typealias Author = GeneratedSeedModels.Author
    typealias Listing = GeneratedSeedModels.Listing
    typealias TodoListItem = GeneratedSeedModels.TodoListItem

    /// `recipe` with `value` as the name's raw JSON string content (between the quotes).
    static func name(_ rule: String, _ content: String, accepted: Bool = false) -> Document {
        Document(rule, R.recipe(["name": "\"\(content)\""]), accepts: accepted ? [.fetchedObject] : [])
    }

    /// `recipe` with raw bytes inside the name's quotes.
    static func nameBytes(_ rule: String, _ bytes: [UInt8]) -> Document {
        Document(rule, bytes: R.spliced(R.recipe(["name": "\"a@@z\""]), bytes))
    }

    static func limits(depth: Int = 512, bytes: Int = JSONLimits.defaultMaximumBytes) -> ParseWireDecodingOptions {
        var options = ParseWireDecodingOptions()
        options.wire.limits.maximumDepth = depth
        options.wire.limits.maximumBytes = bytes
        return options
    }

    static let pointer = #"{"__type":"Pointer","className":"Author","objectId":"a1"}"#
    static let dateValue = #"{"__type":"Date","iso":"2023-11-14T22:13:20.000Z"}"#
    static let delete = #"{"__op":"Delete"}"#

    static let grammar: [Document] = [
        Document("the canonical record", R.recipe(), accepts: [.fetchedObject]),
        Document("no author", R.recipe(removing: ["author"]), accepts: [.fetchedObject]),
        Document("the four JSON whitespace bytes between tokens", "\t\r\n " + R.recipe().replacingOccurrences(of: ",\"", with: " ,\n\t\r\"") + " \n",
                 accepts: [.fetchedObject]),
        Document("a vertical tab between tokens", R.recipe().replacingOccurrences(of: ",\"name", with: ",\u{0B}\"name")),
        Document("a form feed between tokens", R.recipe().replacingOccurrences(of: ",\"name", with: ",\u{0C}\"name")),
        Document("NBSP between tokens", R.recipe().replacingOccurrences(of: ",\"name", with: ",\u{A0}\"name")),
        Document("NBSP before the document", "\u{A0}" + R.recipe()),
        Document("a BOM", bytes: [0xEF, 0xBB, 0xBF] + Array(R.recipe().utf8)),
        name("escaped quote, backslash, tab, newline", #"a\"b\\c\td\ne"#, accepted: true),
        name("escaped slash, backspace, form feed, return", #"\/\b\f\r"#),
        name("\\u ASCII", #"\u0041\u007a"#),
        name("\\u two-byte", #"\u00e9\u00E9"#),
        name("\\u three-byte", #"\u20AC\uFFFF"#),
        name("\\u0000", #"a\u0000b"#),
        name("a surrogate pair", #"\uD83D\uDE00"#),
        name("a lowercase surrogate pair", #"\ud83d\ude00"#),
        name("a lone high surrogate", #"\uD800"#),
        name("a lone high surrogate then text", #"\uD800ab"#),
        name("a high surrogate then an ASCII escape", #"\uD800\u0041"#),
        name("a lone low surrogate", #"\uDC00"#),
        name("reversed surrogates", #"\uDE00\uD83D"#),
        name("two high surrogates", #"\uD83D\uD83D\uDE00"#),
        name("a short \\u", #"\u12"#),
        name("a \\u with a non-hex digit", #"\u12G4"#),
        name("an unknown escape", #"\x41"#),
        name("an escaped apostrophe", #"\'"#),
        name("an escaped space", #"\ "#),
        Document("a backslash before the closing quote", R.recipe(["name": #""a\""#])),
        nameBytes("a raw 0x01", [0x01]),
        nameBytes("a raw 0x1F", [0x1F]),
        nameBytes("a raw NUL", [0x00]),
        nameBytes("a raw newline", [0x0A]),
        nameBytes("a raw DEL (legal)", [0x7F]),
        nameBytes("raw two-byte UTF-8", [0xC3, 0xA9]),
        nameBytes("raw four-byte UTF-8", [0xF0, 0x9F, 0x8C, 0xB6]),
        nameBytes("an overlong two-byte form", [0xC0, 0xAF]),
        nameBytes("an overlong C1", [0xC1, 0xBF]),
        nameBytes("an overlong three-byte form", [0xE0, 0x80, 0xAF]),
        nameBytes("an overlong four-byte form", [0xF0, 0x80, 0x80, 0xAF]),
        nameBytes("a truncated three-byte form", [0xE2, 0x82]),
        nameBytes("a truncated four-byte form", [0xF0, 0x9F, 0x8C]),
        nameBytes("a lone continuation byte", [0x80]),
        nameBytes("a UTF-8 surrogate", [0xED, 0xA0, 0x80]),
        nameBytes("a UTF-8 low surrogate", [0xED, 0xBF, 0xBF]),
        nameBytes("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
        nameBytes("a 0xF5 lead byte", [0xF5, 0x80, 0x80, 0x80]),
        nameBytes("a 0xFF byte", [0xFF]),
        Document("a truncated lead byte before the closing quote", bytes: R.spliced(R.recipe(["name": "\"a@@\""]), [0xE2])),
        Document("invalid UTF-8 in a map key", bytes: R.spliced(R.recipe(["nutritionalInfo": "{\"k@@\":\"1\"}"]), [0xC0, 0x80])),
        Document("invalid UTF-8 in a sideOptions element", bytes: R.spliced(R.recipe(["sideOptions": "[\"@@\"]"]), [0xFF])),
        Document("invalid UTF-8 outside strings", bytes: R.spliced(R.recipe(), [0xC3, 0xA9]) + [0xC3]),
    ]

    static let numbers: [Document] = [
        Document("a leading zero", R.recipe(["servings": "04"])),
        Document("a leading zero in a double", R.recipe(["price": "03.5"])),
        Document("a lone minus", R.recipe(["servings": "-"])),
        Document("a plus sign", R.recipe(["servings": "+4"])),
        Document("1.", R.recipe(["price": "1."])),
        Document(".5", R.recipe(["price": ".5"])),
        Document("1e", R.recipe(["price": "1e"])),
        Document("1e+", R.recipe(["price": "1e+"])),
        Document("1E-", R.recipe(["price": "1E-"])),
        Document("hex", R.recipe(["servings": "0x10"])),
        Document("1e999 for a Double", R.recipe(["price": "1e999"])),
        Document("1e-999 for a Double", R.recipe(["price": "1e-999"])),
        Document("-1e-999 for a Double", R.recipe(["price": "-1e-999"])),
        Document("an exponent of 400 digits", R.recipe(["price": "1e" + String(repeating: "9", count: 400)])),
        Document("1e308 and 2e308", R.recipe(["price": "1.7976931348623157e308"]), accepts: [.fetchedObject]),
        Document("2e308 for a Double", R.recipe(["price": "2e308"])),
        Document("a subnormal", R.recipe(["price": "5e-324"])),
        Document("-0 for an Int", R.recipe(["servings": "-0"])),
        Document("-0 for a Double", R.recipe(["price": "-0"])),
        Document("-0.0 for a Double", R.recipe(["price": "-0.0"])),
        Document("-0.0 for a Float", R.recipe(["ingredients": #"[{"quantity":-0.0,"description":"milk"}]"#])),
        Document("0.1 for a Float", R.recipe(["ingredients": #"[{"quantity":0.1,"description":"milk"}]"#])),
        Document("16777217 for a Float", R.recipe(["ingredients": #"[{"quantity":16777217,"description":"milk"}]"#])),
        Document("1e39 for a Float", R.recipe(["ingredients": #"[{"quantity":1e39,"description":"milk"}]"#])),
        Document("3.4028235e38 for a Float", R.recipe(["ingredients": #"[{"quantity":3.4028235e38,"description":"milk"}]"#])),
        Document("3.4028236e38 for a Float", R.recipe(["ingredients": #"[{"quantity":3.4028236e38,"description":"milk"}]"#])),
        Document("1e-46 for a Float", R.recipe(["ingredients": #"[{"quantity":1e-46,"description":"milk"}]"#])),
        Document("a Float with 30 digits", R.recipe(["ingredients": #"[{"quantity":0.100000000000000000000000000001,"description":"milk"}]"#])),
        Document("a Double with 30 digits", R.recipe(["price": "3.50000000000000000000000000001"])),
        Document("Int with a fraction", R.recipe(["servings": "4.0"])),
        Document("Int with an exponent", R.recipe(["servings": "4e0"])),
        Document("Int 4.5", R.recipe(["servings": "4.5"])),
        Document("Int with a negative exponent", R.recipe(["servings": "400e-2"])),
        Document("Int.max", R.recipe(["servings": "9223372036854775807"])),
        Document("Int.min", R.recipe(["servings": "-9223372036854775808"])),
        Document("Int.max + 1", R.recipe(["servings": "9223372036854775808"])),
        Document("Int.min - 1", R.recipe(["servings": "-9223372036854775809"])),
        Document("20 digits", R.recipe(["servings": "12345678901234567890"])),
        Document("19 digits", R.recipe(["servings": "1234567890123456789"])),
        Document("25 digits", R.recipe(["servings": "1234567890123456789012345"])),
        Document("an integer Double of 20 digits", R.recipe(["price": "12345678901234567890"])),
        Document("2^53 + 1 as a Double", R.recipe(["price": "9007199254740993"])),
        Document("a number then a letter", R.recipe(["servings": "4x"])),
        Document("tru", R.recipe(["isAvailable": "tru"])),
        Document("nul", R.recipe(["author": "nul"])),
        Document("True", R.recipe(["isAvailable": "True"])),
        Document("truex", R.recipe(["isAvailable": "truex"])),
        Document("falsey", R.recipe(["isAvailable": "false1"])),
        Document("NaN", R.recipe(["price": "NaN"])),
        Document("Infinity", R.recipe(["price": "Infinity"])),
        Document("-Infinity", R.recipe(["price": "-Infinity"])),
    ]

    static let structure: [Document] = [
        Document("a known key twice at the root", R.recipe(adding: #""name":"Waffles""#)),
        Document("a known key twice, the same value", R.recipe(adding: #""servings":4"#)),
        Document("objectId twice", R.recipe(adding: #""objectId":"r2""#)),
        Document("a key twice in an ingredient", R.recipe(["ingredients": #"[{"quantity":0.5,"description":"milk","quantity":1}]"#])),
        Document("a map key twice", R.recipe(["nutritionalInfo": #"{"kcal":"300","kcal":"301"}"#])),
        Document("a composed and a decomposed é as map keys", R.recipe(["nutritionalInfo": "{\"\u{E9}\":\"1\",\"e\u{301}\":\"2\"}"])),
        Document("K and the Kelvin sign as map keys", R.recipe(["nutritionalInfo": "{\"K\":\"1\",\"\u{212A}\":\"2\"}"])),
        Document("an escaped and a plain spelling of one map key", R.recipe(["nutritionalInfo": #"{"k":"1","\u006b":"2"}"#])),
        Document("an escaped and a plain spelling of one field", R.recipe(adding: #""n\u0061me":"Waffles""#)),
        Document("iso twice in a Date", R.recipe(["releaseDate": #"{"__type":"Date","iso":"2023-11-14T22:13:20.000Z","iso":"2023-11-14T22:13:21.000Z"}"#])),
        Document("objectId twice in a Pointer", R.recipe(["author": #"{"__type":"Pointer","className":"Author","objectId":"a1","objectId":"a2"}"#])),
        Document("trailing garbage", R.recipe() + " x"),
        Document("a second document", R.recipe() + "{}"),
        Document("a stray closing brace", R.recipe() + "}"),
        Document("a trailing comma after the document", R.recipe() + ","),
        Document("a trailing NUL", bytes: Array(R.recipe().utf8) + [0]),
        Document("trailing whitespace", R.recipe() + " \n\r\t", accepts: [.fetchedObject]),
        Document("a trailing comma in the root", String(R.recipe().dropLast()) + ",}"),
        Document("a trailing comma in an array", R.recipe(["sideOptions": #"["jam",]"#])),
        Document("a trailing comma in a map", R.recipe(["nutritionalInfo": #"{"kcal":"300",}"#])),
        Document("a trailing comma in a nested object", R.recipe(["ingredients": #"[{"quantity":0.5,"description":"milk",}]"#])),
        Document("a leading comma in an array", R.recipe(["sideOptions": #"[,"jam"]"#])),
        Document("two commas", R.recipe().replacingOccurrences(of: ",\"name", with: ",,\"name")),
        Document("a missing comma", R.recipe().replacingOccurrences(of: ",\"name", with: "\"name")),
        Document("a missing colon", R.recipe().replacingOccurrences(of: "\"name\":", with: "\"name\" ")),
        Document("a colon for a comma", R.recipe().replacingOccurrences(of: ",\"name", with: ":\"name")),
        Document("an unclosed object", String(R.recipe().dropLast())),
        Document("an unclosed string", #"{"objectId":"r1"#),
        Document("a single-quoted key", R.recipe().replacingOccurrences(of: "\"name\"", with: "'name'")),
        Document("an unquoted key", R.recipe().replacingOccurrences(of: "\"name\"", with: "name")),
        Document("a number key", R.recipe(adding: #"1:2"#)),
        Document("empty input", ""),
        Document("whitespace only", " \n\t\r"),
        Document("null", "null"),
        Document("an empty object", "{}"),
        Document("an empty array", "[]", .recipes),
        Document("an empty array with whitespace", " [ \n ] ", .recipes),
        Document("an array for an object", "[" + R.recipe() + "]"),
        Document("an object for an array", R.recipe(), .recipes),
        Document("an array with a trailing comma", "[" + R.recipe() + ",]", .recipes),
        Document("an array holding null", "[" + R.recipe() + ",null]", .recipes),
        Document("an array in an array", "[[" + R.recipe() + "]]", .recipes),
        Document("an array with a bad element", "[" + R.recipe() + "," + R.recipe(["servings": "\"4\""]) + "]", .recipes),
        Document("a depth limit of 1", R.recipe(), options: limits(depth: 1)),
        Document("a depth limit of 2", R.recipe(), options: limits(depth: 2)),
        Document("a depth limit of 3", R.recipe(), options: limits(depth: 3)),
        Document("a depth limit of 4", R.recipe(), options: limits(depth: 4)),
        Document("a depth limit of 2 for an array", "[" + R.recipe() + "]", .recipes, options: limits(depth: 2)),
        Document("a depth limit of 3 for an array", "[" + R.recipe() + "]", .recipes, options: limits(depth: 3)),
        Document("a size limit one byte short", R.recipe(), options: limits(bytes: R.recipe().utf8.count - 1)),
        Document("a size limit met exactly", R.recipe(), options: limits(bytes: R.recipe().utf8.count)),
        Document("a size limit of 0", "", options: limits(bytes: 0)),
        Document("513 nested arrays in an unknown key", R.recipe(adding: "\"extra\":" + String(repeating: "[", count: 513) + String(repeating: "]", count: 513))),
        Document("511 nested arrays in an unknown key", R.recipe(adding: "\"extra\":" + String(repeating: "[", count: 511) + String(repeating: "]", count: 511))),
        Document("513 nested arrays in a ParseValue field", #"{"objectId":"l1","tags":"# + String(repeating: "[", count: 513) + String(repeating: "]", count: 513) + "}",
                 .listing),
    ]

    static let wire: [Document] = [
        Document("a map key $x", R.recipe(["nutritionalInfo": #"{"$x":"1"}"#])),
        Document("a map key a.b", R.recipe(["nutritionalInfo": #"{"a.b":"1"}"#])),
        Document("a map key __type", R.recipe(["nutritionalInfo": #"{"__type":"Date"}"#])),
        Document("a map key __op", R.recipe(["nutritionalInfo": #"{"__op":"Delete"}"#])),
        Document("a map key _bsontype", R.recipe(["nutritionalInfo": #"{"_bsontype":"Code"}"#])),
        Document("an empty map key", R.recipe(["nutritionalInfo": #"{"":"1"}"#])),
        Document("an empty map", R.recipe(["nutritionalInfo": "{}"]), accepts: [.fetchedObject]),
        Document("a body without the server's keys", R.recipe(removing: ["objectId", "createdAt", "updatedAt"])),
        Document("a body with objectId", R.recipe(removing: ["createdAt", "updatedAt"])),
        Document("a body with createdAt", R.recipe(removing: ["objectId", "updatedAt"])),
        Document("Delete for an optional field", R.recipe(["author": delete])),
        Document("Delete for an optional field, no server keys", R.recipe(["author": delete], removing: ["objectId", "createdAt", "updatedAt"])),
        Document("Delete for a required field", R.recipe(["name": delete])),
        Document("Increment for an Int", R.recipe(["servings": #"{"__op":"Increment","amount":1}"#])),
        Document("Delete with an extra key", R.recipe(["author": #"{"__op":"Delete","x":1}"#])),
        Document("null for an optional field", R.recipe(["author": "null"])),
        Document("null for a required field", R.recipe(["name": "null"])),
        Document("null for objectId", R.recipe(["objectId": "null"])),
        Document("null for createdAt", R.recipe(["createdAt": "null"])),
        Document("null for ACL", R.recipe(adding: #""ACL":null"#)),
        Document("a non-null ACL", R.recipe(adding: #""ACL":{"*":{"read":true}}"#)),
        Document("an ACL with a bad grant", R.recipe(adding: #""ACL":{"*":{"read":1}}"#)),
        Document("null for a required array", R.recipe(["ingredients": "null"])),
        Document("null in a string array", R.recipe(["sideOptions": #"["jam",null]"#])),
        Document("null as a map value", R.recipe(["nutritionalInfo": #"{"k":null}"#])),
        Document("a missing required field", R.recipe(removing: ["name"])),
        Document("a missing required Date", R.recipe(removing: ["releaseDate"])),
        Document("a missing nested member", R.recipe(["ingredients": #"[{"description":"milk"}]"#])),
        Document("a string for an Int", R.recipe(["servings": "\"4\""])),
        Document("a string for a Double", R.recipe(["price": "\"3.5\""])),
        Document("a number for a String", R.recipe(["name": "1"])),
        Document("a number for a Bool", R.recipe(["isAvailable": "1"])),
        Document("a string for an enum", R.recipe(["category": "\"0\""])),
        Document("an object for an array", R.recipe(["ingredients": "{}"])),
        Document("an array for a map", R.recipe(["nutritionalInfo": "[]"])),
        Document("a string for a string array", R.recipe(["sideOptions": "\"jam\""])),
        Document("a number in a string array", R.recipe(["sideOptions": "[1]"])),
        Document("a number as a map value", R.recipe(["nutritionalInfo": #"{"k":1}"#])),
        Document("an array for a nested object", R.recipe(["ingredients": "[[]]"])),
        Document("a string for a Date", R.recipe(["releaseDate": R.date])),
        Document("a number for a Date", R.recipe(["releaseDate": "0"])),
        Document("a Date object for createdAt", R.recipe(["createdAt": dateValue])),
        Document("a number for objectId", R.recipe(["objectId": "1"])),
        Document("a string for a Pointer", R.recipe(["author": #""a1""#])),
        Document("an empty object for a Pointer", R.recipe(["author": "{}"])),
        Document("an enum raw value out of range", R.recipe(["category": "3"])),
        Document("a negative enum raw value", R.recipe(["category": "-1"])),
        Document("an enum raw value with a fraction", R.recipe(["category": "1.5"])),
        Document("an enum raw value 1.0", R.recipe(["category": "1.0"])),
        Document("a Pointer to the wrong class", R.recipe(["author": #"{"__type":"Pointer","className":"Recipe","objectId":"a1"}"#])),
        Document("a Pointer with an empty objectId", R.recipe(["author": #"{"__type":"Pointer","className":"Author","objectId":""}"#])),
        Document("a Pointer with a space in objectId", R.recipe(["author": #"{"__type":"Pointer","className":"Author","objectId":"a 1"}"#])),
        Document("a Pointer with a slash in objectId", R.recipe(["author": #"{"__type":"Pointer","className":"Author","objectId":"a/1"}"#])),
        Document("a Pointer with a number objectId", R.recipe(["author": #"{"__type":"Pointer","className":"Author","objectId":1}"#])),
        Document("a Pointer without className", R.recipe(["author": #"{"__type":"Pointer","objectId":"a1"}"#])),
        Document("a Pointer with an extra key", R.recipe(["author": #"{"__type":"Pointer","className":"Author","objectId":"a1","x":1}"#])),
        Document("a Pointer's keys in another order", R.recipe(["author": #"{"objectId":"a1","className":"Author","__type":"Pointer"}"#])),
        Document("an included object", R.recipe(["author": #"{"__type":"Object","className":"Author","objectId":"a1","name":"Ann"}"#])),
        Document("an included object of the wrong class", R.recipe(["author": #"{"__type":"Object","className":"Recipe","objectId":"a1"}"#])),
        Document("objectId with a space", R.recipe(["objectId": #""r 1""#])),
        Document("a bad iso", R.recipe(["releaseDate": #"{"__type":"Date","iso":"2023-13-14T22:13:20.000Z"}"#])),
        Document("an iso without milliseconds", R.recipe(["releaseDate": #"{"__type":"Date","iso":"2023-11-14T22:13:20Z"}"#])),
        Document("Feb 29 of a common year", R.recipe(["releaseDate": #"{"__type":"Date","iso":"2023-02-29T00:00:00.000Z"}"#])),
        Document("a bad createdAt", R.recipe(["createdAt": #""2023-11-14T24:00:00.000Z""#])),
        Document("a Date with an extra key", R.recipe(["releaseDate": #"{"__type":"Date","iso":"2023-11-14T22:13:20.000Z","x":1}"#])),
        Document("a Date without iso", R.recipe(["releaseDate": #"{"__type":"Date"}"#])),
        Document("a Date's keys in another order", R.recipe(["releaseDate": #"{"iso":"2023-11-14T22:13:20.000Z","__type":"Date"}"#])),
        Document("a date type in lower case", R.recipe(["releaseDate": #"{"__type":"date","iso":"2023-11-14T22:13:20.000Z"}"#])),
        Document("an unknown key", R.recipe(adding: #""extra":1"#)),
        Document("an unknown key holding an object", R.recipe(adding: #""extra":{"a":[1,{"b":null}]}"#)),
        Document("a key with an escape", R.recipe().replacingOccurrences(of: "\"name\"", with: #""n\u0061me""#)),
        Document("a non-ASCII key", R.recipe(adding: "\"\u{E9}\":1")),
        Document("__type on the root", R.recipe(adding: #""__type":"Object","className":"Recipe""#)),
        Document("className on the root", R.recipe(adding: #""className":"Recipe""#)),
        Document("an item with null name", #"{"objectId":"i1","name":null}"#, .item),
        Document("an item with no fields", #"{"objectId":"i1"}"#, .item, accepts: [.fetchedObject]),
        Document("an item with a Category pointer", #"{"objectId":"i1","name":"x","category":{"__type":"Pointer","className":"Category","objectId":"c1"}}"#,
                 .item, accepts: [.fetchedObject]),
        Document("an item with an Author pointer", #"{"objectId":"i1","category":{"__type":"Pointer","className":"Author","objectId":"c1"}}"#, .item),
        Document("a todo with optional fields null", #"{"title":"t","isDone":null,"dueDate":null}"#, .todo),
        Document("a todo with Delete", #"{"title":"t","isDone":{"__op":"Delete"},"dueDate":{"__op":"Delete"}}"#, .todo),
        Document("a todo", #"{"objectId":"t1","title":"t","isDone":false,"dueDate":{"__type":"Date","iso":"2023-11-14T22:13:20.000Z"}}"#,
                 .todo, accepts: [.fetchedObject]),
        Document("an author", #"{"objectId":"a1","updatedAt":"2023-11-14T22:13:20.000Z","name":"Ann"}"#, .author, accepts: [.fetchedObject]),
        Document("a book with a Relation", #"{"title":"B","publishingYear":1999,"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"},"isbn":{"__type":"Pointer","className":"ISBN","objectId":"i1"},"authors":{"__type":"Relation","className":"Author"}}"#, .book),
        Document("a book with a Relation to the wrong class", #"{"title":"B","publishingYear":1999,"genre":{"__type":"Pointer","className":"Genre","objectId":"g1"},"isbn":{"__type":"Pointer","className":"ISBN","objectId":"i1"},"authors":{"__type":"Relation","className":"Genre"}}"#, .book),
        Document("a book with a swapped Pointer", #"{"title":"B","publishingYear":1999,"genre":{"__type":"Pointer","className":"ISBN","objectId":"g1"},"isbn":{"__type":"Pointer","className":"ISBN","objectId":"i1"}}"#, .book),
        Document("a listing with ParseValue fields", #"{"objectId":"l1","tags":[1,"a",{"__type":"Date","iso":"2023-11-14T22:13:20.000Z"}],"details":{"a":{"b":[]}}}"#, .listing),
        Document("a listing with a GeoPoint", #"{"objectId":"l1","location":{"__type":"GeoPoint","latitude":1.5,"longitude":-0.0}}"#, .listing),
        Document("a listing with a GeoPoint out of range", #"{"objectId":"l1","location":{"__type":"GeoPoint","latitude":91,"longitude":0}}"#, .listing),
        Document("a corpus Recipe", #"{"objectId":"r1","name":"x","servings":4,"ingredients":[1,"a"],"nutritionalInfo":{"k":-0.0}}"#, .corpusRecipe),
    ]

    /// The default size limit (64 MiB, the only one under which the direct reader runs), met by
    /// whitespace after a record: the direct reader reads a document of the limit and refuses one
    /// byte more, which the scanner refuses (`sizeLimit`). Only the direct reader runs on these:
    /// the bridge takes most of a minute over 64 MiB in a debug build.
    @Test func theDefaultSizeLimitHolds() throws {
        let record = Array(R.recipe().utf8)
        var document = record + Array(repeating: 0x20, count: JSONLimits.defaultMaximumBytes - record.count)
        #expect(DirectReaderContract.direct(Recipe.self, document, mode: .fetchedObject, options: ParseWireDecodingOptions()) != nil)
        document.append(0x20)
        #expect(DirectReaderContract.direct(Recipe.self, document, mode: .fetchedObject, options: ParseWireDecodingOptions()) == nil)
    }

    @Test("the contract holds", arguments: grammar + numbers + structure + wire)
    func contractHolds(_ document: Document) throws {
        let outcomes: [ParseWireMode: DirectReaderContract.Outcome]
        switch document.model {
        case .recipe: outcomes = try DirectReaderContract.checkEveryMode(Recipe.self, document.bytes, options: document.options)
        case .recipes: outcomes = try DirectReaderContract.checkEveryMode([Recipe].self, document.bytes, options: document.options)
        case .book: outcomes = try DirectReaderContract.checkEveryMode(Book.self, document.bytes, options: document.options)
        case .author: outcomes = try DirectReaderContract.checkEveryMode(Author.self, document.bytes, options: document.options)
        case .item: outcomes = try DirectReaderContract.checkEveryMode(Item.self, document.bytes, options: document.options)
        case .todo: outcomes = try DirectReaderContract.checkEveryMode(TodoListItem.self, document.bytes, options: document.options)
        case .listing: outcomes = try DirectReaderContract.checkEveryMode(Listing.self, document.bytes, options: document.options)
        case .corpusRecipe: outcomes = try DirectReaderContract.checkEveryMode(CorpusModels.Recipe.self, document.bytes, options: document.options)
        }
        for mode in document.accepts {
            #expect(outcomes[mode] == .accepted, "\(mode): \(outcomes[mode].map(String.init(describing:)) ?? "-") for \(DirectReaderContract.shown(document.bytes))")
        }
    }
}
