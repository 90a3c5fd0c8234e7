import Foundation
import ParseWireGenerator
import Testing

/// The generator: schemas in parse-server's formats, annotations, clear errors, and output that compiles.
@Suite struct GeneratorTests {
    static func generate(_ json: String, name: String = "Test.json") throws(SchemaError) -> [SwiftModelGenerator.OutputFile] {
        try SwiftModelGenerator.generate([.init(name: name, bytes: Array(json.utf8))])
    }

    static func error(_ json: String) -> SchemaError? {
        do {
            _ = try generate(json)
            return nil
        } catch {
            return error
        }
    }

    /// The directory of the built modules, beside the test bundle.
    static func modulesDirectory() -> URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let modules = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("ParseWire.swiftmodule").path) { return modules }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// Type-checks Swift files against the built ParseWire module, warnings as errors.
    static func typecheck(_ files: [SwiftModelGenerator.OutputFile]) throws -> (status: Int32, output: String) {
        let modules = try #require(modulesDirectory(), "the built ParseWire module is not beside the test bundle \(CommandLine.arguments[0])")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for file in files {
            let path = directory.appendingPathComponent(file.name)
            try Data(file.text.utf8).write(to: path)
            paths.append(path.path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Models", "-I", modules.path] + paths
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func vectorClassesCompileWithoutWarnings() throws {
        let files = try SwiftModelGenerator.generate(try CommittedOutputTests.schemaFiles(in: "Vectors/classes"))
        #expect(files.map(\.name) == ["Author.swift", "Book.swift", "Category.swift", "Genre.swift", "ISBN.swift", "Item.swift",
                                      "Listing.swift", "Publisher.swift", "Recipe.swift", "TodoListItem.swift"])
        let result = try Self.typecheck(files)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func aSchemasResponseGivesEveryClass() throws {
        let files = try Self.generate("""
            {"results":[{"className":"_User","fields":{"objectId":{"type":"String"},"username":{"type":"String","required":true}}},
                        {"className":"Post","fields":{"author":{"type":"Pointer","targetClass":"_User"},"tags":{"type":"Array"},
                                                      "meta":{"type":"Object"},"score":{"type":"Number","swiftType":"Int"}}}]}
            """)
        #expect(files.map(\.name) == ["User.swift", "Post.swift"])
        let post = try #require(files.last?.text)
        #expect(post.contains("public var author: TypedPointer<User>?"))
        #expect(post.contains("public var tags: [ParseValue]?"))
        #expect(post.contains("public var meta: [String: ParseValue]?"))
        #expect(post.contains("public var score: Int?"))
        #expect(files.first?.text.contains(#"public static var className: String { "_User" }"#) == true)
        #expect(files.first?.text.contains("public var username: String\n") == true)
        let result = try Self.typecheck(files)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(arguments: [
        ("not json", "not valid JSON"),
        (#"[1]"#, "expected a JSON object"),
        (#"{"fields":{}}"#, "needs \"className\""),
        (#"{"className":"A","fields":{"x":{"type":"Money"}}}"#, "A.fields.x: unknown field type Money"),
        (#"{"className":"A","fields":{"x":{"type":"Pointer"}}}"#, "A.fields.x: a Pointer field needs \"targetClass\""),
        (#"{"className":"A","fields":{"x":{"type":"Pointer","targetClass":"B"}}}"#, "B is not among the schemas given"),
        (#"{"className":"A","fields":{"x":{"type":"Relation","targetClass":"A","required":true}}}"#, "refuses 'required' on a Relation"),
        (#"{"className":"A","fields":{"x":{"type":"Number","swiftType":"[String]"}}}"#, "a Number field is Double"),
        (#"{"className":"A","fields":{"x":{"type":"Array","swiftType":"[Thing]"}}}"#, "Thing is neither a built-in type nor declared"),
        (#"{"className":"A","fields":{"x":{"type":"Array","swiftType":"[String"}}}"#, "[String is not a type"),
        (#"{"className":"A","fields":{"a.b":{"type":"String"}}}"#, "A.fields.a.b:"),
        (#"{"className":"A","fields":{"objectId":{"type":"Number"}}}"#, "objectId is the server's own field, of type String"),
        (#"{"className":"A","fields":{},"swiftTypes":{"structs":{"S":{"s":"S"}}}}"#, "S holds itself"),
        (#"{"className":"A","fields":{},"swiftTypes":{"enums":{"E":{"rawType":"Int","cases":{"a":1,"b":1}}}}}"#, "raw value 1 is used twice"),
        (#"{"className":"A","fields":{},"swiftTypes":{"classes":{}}}"#, "holds \"structs\" and \"enums\" only"),
        (#"{"className":"A","fields":{},"swiftTypes":{"structs":{"S":{"$x":"String"}}}}"#, "A.swiftTypes.structs.S.$x:"),
    ])
    func badSchemasAreRefusedClearly(json: String, message: String) {
        let error = Self.error(json)
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        #expect(error?.file == "Test.json")
    }

    @Test func twoClassesOfOneNameAreRefused() {
        #expect(throws: SchemaError.self) {
            try SwiftModelGenerator.generate([.init(name: "a.json", bytes: Array(#"{"className":"A","fields":{}}"#.utf8)),
                                              .init(name: "b.json", bytes: Array(#"{"className":"A","fields":{}}"#.utf8))])
        }
    }

    @Test func annotationsTypeNestedStructsAndEnums() throws {
        let files = try Self.generate("""
            {"className":"Shop","fields":{"kind":{"type":"String","swiftType":"Kind","required":true},
                                          "hours":{"type":"Object","swiftType":"Hours"},
                                          "stock":{"type":"Object","swiftType":"[String: [Item]]"}},
             "swiftTypes":{"structs":{"Hours":{"open":"Int","close":"Int?","note":"[String]"},"Item":{"name":"String","at":"Date?"}},
                           "enums":{"Kind":{"rawType":"String","cases":{"bakery":"bakery","default":"other \\"x\\""}}}}}
            """)
        let text = try #require(files.first?.text)
        #expect(text.contains("public var kind: Kind\n"))
        #expect(text.contains("public var stock: [String: [Item]]?"))
        #expect(text.contains("case `default` = \"other \\\"x\\\"\""))
        #expect(text.contains("public var close: Int?"))
        let result = try Self.typecheck(files)
        #expect(result.status == 0, "\(result.output)")
    }
}
