import Testing
@testable import ParseWire

@Suite("Parse naming rules")
struct NameRulesTests {
    static let asciiCodes = Array(0..<128)

    static func isLetter(_ code: Int) -> Bool { (65...90).contains(code) || (97...122).contains(code) }
    static func isContinuation(_ code: Int) -> Bool { isLetter(code) || (48...57).contains(code) || code == 95 }
    static func character(_ code: Int) -> String { String(Character(Unicode.Scalar(UInt8(code)))) }

    /// Runs the byte-level rule the decoder uses on a string's bytes.
    static func bytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        Array(text.utf8).withUnsafeBufferPointer(body)
    }

    // MARK: - Field names

    @Test("an ASCII character starts a field name only when it is a letter", arguments: asciiCodes)
    func fieldNameFirstCharacter(code: Int) throws {
        let name = Self.character(code) + "bc"
        let error = NameRules.checkFieldName(name)
        #expect(Self.bytes(name, NameRules.isValidFieldName) == (error == nil))
        if Self.isLetter(code) {
            #expect(error == nil)
        } else {
            let error = try #require(error)
            #expect(error.kind == .invalidFieldName)
            #expect(error.parseCode == 105)
            #expect(error.message.contains("at position 1 is not allowed"))
        }
    }

    @Test("an ASCII character continues a field name only when it is a letter, digit or underscore", arguments: asciiCodes)
    func fieldNameLaterCharacter(code: Int) throws {
        let name = "a" + Self.character(code) + "b"
        let error = NameRules.checkFieldName(name)
        #expect(Self.bytes(name, NameRules.isValidFieldName) == (error == nil))
        if Self.isContinuation(code) {
            #expect(error == nil)
        } else {
            let error = try #require(error)
            #expect(error.kind == .invalidFieldName)
            #expect(error.parseCode == 105)
            #expect(error.message.contains("at position 2 is not allowed"))
        }
    }

    @Test("the field-name error quotes the name and names the character", arguments: [
        ("1abc", "\"1abc\" is not a valid field name: a field name starts with an ASCII letter and continues with ASCII letters, digits or '_', and the character \"1\" (U+0031) at position 1 is not allowed"),
        ("_abc", "\"_abc\" is not a valid field name: a field name starts with an ASCII letter and continues with ASCII letters, digits or '_', and the character \"_\" (U+005F) at position 1 is not allowed"),
        ("a-b", "\"a-b\" is not a valid field name: a field name starts with an ASCII letter and continues with ASCII letters, digits or '_', and the character \"-\" (U+002D) at position 2 is not allowed"),
    ])
    func fieldNameMessage(name: String, message: String) throws {
        let error = try #require(NameRules.checkFieldName(name))
        #expect(error.message == message)
        #expect(error.path == "$")
        #expect(error.offset == nil)
    }

    @Test("control characters and quotes are escaped in messages")
    func messageEscaping() throws {
        let control = try #require(NameRules.checkFieldName("a\u{1}b"))
        #expect(control.message.hasPrefix("\"a\\u{0001}b\" is not a valid field name"))
        #expect(control.message.contains("the character U+0001 at position 2"))
        let quote = try #require(NameRules.checkFieldName("a\"b\\"))
        #expect(quote.message.hasPrefix("\"a\\\"b\\\\\" is not a valid field name"))
    }

    @Test("className and length are reserved field names", arguments: ["className", "length"])
    func reservedFieldNames(name: String) throws {
        let error = try #require(NameRules.checkFieldName(name))
        #expect(error.kind == .invalidFieldName)
        #expect(error.parseCode == 105)
        #expect(error.message == "\"\(name)\" is not a valid field name: it is reserved by Parse Server")
        #expect(!Self.bytes(name, NameRules.isValidFieldName))
    }

    @Test("names that only resemble the reserved ones are valid field names",
          arguments: ["classname", "ClassName", "classNames", "aclassName", "Length", "lengths", "len", "x", "A", "a_1", "z9__"])
    func nearReservedFieldNames(name: String) {
        #expect(NameRules.checkFieldName(name) == nil)
        #expect(Self.bytes(name, NameRules.isValidFieldName))
    }

    @Test("a field name with a non-ASCII letter is rejected at that letter", arguments: [
        ("naïve", "U+00EF at position 3"),
        ("nai\u{308}ve", "U+0308 at position 4"),
        ("Ａbc", "U+FF21 at position 1"),
        ("dаta", "U+0430 at position 2"),  // Cyrillic а
        ("ab😀", "U+1F600 at position 3"),
    ])
    func nonASCIIFieldName(name: String, fragment: String) throws {
        let error = try #require(NameRules.checkFieldName(name))
        #expect(error.kind == .invalidFieldName)
        #expect(error.message.contains("the character \(fragment) is not allowed"))
        #expect(!Self.bytes(name, NameRules.isValidFieldName))
    }

    @Test("the empty string is neither a field name nor a class name")
    func emptyNames() throws {
        let field = try #require(NameRules.checkFieldName(""))
        #expect(field.kind == .invalidFieldName)
        #expect(field.message.hasPrefix("\"\" is not a valid field name: it is empty"))
        let className = try #require(NameRules.checkClassName(""))
        #expect(className.kind == .invalidClassName)
        #expect(className.parseCode == 103)
        #expect(className.message.hasPrefix("\"\" is not a valid class name: it is empty"))
        #expect(!Self.bytes("", NameRules.isValidFieldName))
        #expect(!Self.bytes("", NameRules.isValidClassName))
    }

    @Test("a long field name is valid: Parse sets no length limit")
    func longFieldName() {
        #expect(NameRules.checkFieldName("a" + String(repeating: "b_9", count: 1000)) == nil)
    }

    // MARK: - Class names

    @Test("an ASCII character starts a class name only when it is a letter", arguments: asciiCodes)
    func classNameFirstCharacter(code: Int) throws {
        let name = Self.character(code) + "bc"
        let error = NameRules.checkClassName(name)
        #expect(Self.bytes(name, NameRules.isValidClassName) == (error == nil))
        if Self.isLetter(code) {
            #expect(error == nil)
        } else {
            let error = try #require(error)
            #expect(error.kind == .invalidClassName)
            #expect(error.parseCode == 103)
            if code == 95 {
                #expect(error.message.contains("must be one of Parse's system classes"))
            } else {
                #expect(error.message.contains("at position 1 is not allowed"))
            }
        }
    }

    @Test("an ASCII character continues a class name only when it is a letter, digit or underscore", arguments: asciiCodes)
    func classNameLaterCharacter(code: Int) throws {
        let name = "A" + Self.character(code) + "b"
        let error = NameRules.checkClassName(name)
        #expect(Self.bytes(name, NameRules.isValidClassName) == (error == nil))
        if Self.isContinuation(code) {
            #expect(error == nil)
        } else {
            let error = try #require(error)
            #expect(error.kind == .invalidClassName)
            #expect(error.parseCode == 103)
            #expect(error.message.contains("at position 2 is not allowed"))
        }
    }

    @Test("className and length are not valid class names", arguments: ["className", "length"])
    func reservedClassNames(name: String) throws {
        let error = try #require(NameRules.checkClassName(name))
        #expect(error.kind == .invalidClassName)
        #expect(error.parseCode == 103)
        #expect(error.message == "\"\(name)\" is not a valid class name: it is reserved by Parse Server")
    }

    @Test("every Parse system class is a valid class name", arguments: [
        "_User", "_Installation", "_Role", "_Session", "_Product", "_PushStatus", "_JobStatus",
        "_JobSchedule", "_Audience", "_Idempotency",
    ])
    func systemClasses(name: String) {
        #expect(NameRules.checkClassName(name) == nil)
        #expect(Self.bytes(name, NameRules.isValidClassName))
        #expect(NameRules.checkFieldName(name) != nil, "a system class name is still not a field name")
    }

    @Test("a name starting with '_' that is no system class is rejected",
          arguments: ["_Foo", "_user", "_USER", "_User2", "_Users", "_Use", "_", "__User", "_Hooks", "_GlobalConfig", "_Join"])
    func unknownUnderscoreClasses(name: String) throws {
        let error = try #require(NameRules.checkClassName(name))
        #expect(error.kind == .invalidClassName)
        #expect(error.parseCode == 103)
        #expect(error.message.hasPrefix("\"\(name)\" is not a valid class name: a name starting with '_' must be one of Parse's system classes (_User, _Installation,"))
    }

    @Test("join classes _Join:<field>:<class> are valid class names",
          arguments: ["_Join:roles:_Role", "_Join:users:_Role", "_Join:likes:Post", "_Join:a:B", "_Join:1:2", "_Join:_:_", "_Join:A_b9:C_d0"])
    func validJoinClasses(name: String) {
        #expect(NameRules.checkClassName(name) == nil)
        #expect(Self.bytes(name, NameRules.isValidClassName))
    }

    @Test("malformed join classes are rejected, including trailing text the server's unanchored pattern lets through",
          arguments: ["_Join:", "_Join::", "_Join:a", "_Join:a:", "_Join::b", "_Join:a:b:c", "_Join:a:b$", "_Join:a-b:c",
                      "_Join:a:b ", "_Join:a:b\n", "_Join:é:b", "_Join:a.b:c"])
    func invalidJoinClasses(name: String) throws {
        let error = try #require(NameRules.checkClassName(name))
        #expect(error.kind == .invalidClassName)
        #expect(error.message.contains("a join class is named \"_Join:<relation field>:<owning class>\""))
        #expect(!Self.bytes(name, NameRules.isValidClassName))
    }

    @Test("a name without the exact _Join: prefix is judged as an unknown system class",
          arguments: ["_join:a:b", "_JOIN:a:b", "_Join :a:b", "_Join_a:b"])
    func wrongCaseJoinPrefix(name: String) throws {
        let error = try #require(NameRules.checkClassName(name))
        #expect(error.kind == .invalidClassName)
        #expect(error.message.contains("must be one of Parse's system classes"))
    }

    @Test("a class name with a non-ASCII letter is rejected", arguments: ["naïve", "Café", "Ωmega"])
    func nonASCIIClassName(name: String) throws {
        let error = try #require(NameRules.checkClassName(name))
        #expect(error.kind == .invalidClassName)
        #expect(error.message.contains("is not allowed"))
    }

    // MARK: - Nested keys

    @Test("nested keys with '$' or '.' at the start, middle or end are rejected", arguments: [
        ("$a", "$", 1), ("a$b", "$", 2), ("ab$", "$", 3),
        (".a", ".", 1), ("a.b", ".", 2), ("ab.", ".", 3),
        ("$", "$", 1), (".", ".", 1), ("é.x", ".", 2), ("a.b$c", ".", 2), ("a$b.c", "$", 2),
    ])
    func invalidNestedKeys(key: String, character: String, position: Int) throws {
        let error = try #require(NameRules.checkNestedKey(key))
        #expect(error.kind == .invalidNestedKey)
        #expect(error.parseCode == 121)
        #expect(error.message == "Nested keys should not contain the '$' or '.' characters: the key \"\(key)\" has '\(character)' at position \(position)")
        #expect(!Self.bytes(key, NameRules.isValidNestedKey))
    }

    @Test("nested keys may hold anything else, including characters field names refuse",
          arguments: ["", "a", "a b", "naïve", "__type", "-", "1", "className", "_private", "a\u{0}b", "€"])
    func validNestedKeys(key: String) {
        #expect(NameRules.checkNestedKey(key) == nil)
        #expect(Self.bytes(key, NameRules.isValidNestedKey))
    }

    // MARK: - objectIds

    @Test("an empty objectId is rejected without a Parse code")
    func emptyObjectId() throws {
        let error = try #require(NameRules.checkObjectId(""))
        #expect(error.kind == .invalidObjectId)
        #expect(error.parseCode == nil)
        #expect(error.message == "an objectId must not be empty")
    }

    @Test("an objectId containing '$' is rejected", arguments: ["$", "a$b", "$abc", "abc$", "Class$id"])
    func dollarObjectId(id: String) throws {
        let error = try #require(NameRules.checkObjectId(id))
        #expect(error.kind == .invalidObjectId)
        #expect(error.message.hasPrefix("\"\(id)\" is not a valid objectId: it contains '$'"))
    }

    @Test("any other non-empty objectId is accepted", arguments: ["abc", "xWMyZ4YEGZ", "a.b", " ", "é", "role:x", "1"])
    func validObjectIds(id: String) {
        #expect(NameRules.checkObjectId(id) == nil)
    }
}
