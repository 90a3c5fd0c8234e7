import Foundation
import ParseWireGenerator

/// `parse-wire generate swift`: Swift models with direct wire coding from class schemas.
enum GenerateCommand {
    static let help = """
    USAGE: parse-wire generate swift [--output DIR] [--check] SCHEMA...

    Writes one Swift file per Parse class: a struct conforming to ParseWireGeneratedObject
    (ParseObject, Codable) with a property per field, typed from the schema, and its wire coding
    written out as direct code, which ParseWireEncoder and ParseWireDecoder use.

    SCHEMA is a JSON file in parse-server's format: a 'GET /parse/schemas' response
    {"results":[...]}, or one class {"className":...,"fields":{...}}; a directory stands for its
    *.json files. Pointer and Relation targets must be among the classes given.

    Types: String, Number (Double; Int or Float by annotation), Boolean (Bool), Date, File
    (ParseFile), GeoPoint, Polygon (ParsePolygon), Bytes (ParseBytes), ACL (ParseACL),
    TypedPointer<T>, TypedRelation<T>, Array ([ParseValue]), Object ([String: ParseValue]). A field is
    optional unless the schema says "required": true.

    ANNOTATIONS (parse-server ignores them, so the file stays one it accepts):
      a field's  "swiftType": "Int" | "Float" | "[String]" | "[Ingredient]" | "[String: String]" | "Category" ...
      a class's  "swiftTypes": {"structs": {"Ingredient": {"quantity": "Float", "description": "String"}},
                                "enums": {"Category": {"rawType": "Int", "cases": {"breakfast": 0, "lunch": 1}}}}
    Structs and enums are nested in the class's type; a struct member may be optional ("Date?").

    OPTIONS:
      --output DIR    Where to write the files (default: the current directory).
      --check         Write nothing; exit 1 if a file in DIR differs from what would be written.
      -h, --help      Show this help.
    """

    static func run(_ arguments: [String]) -> Int32 {
        var reader = ArgumentReader(arguments)
        var output = "."
        var check = false
        var schemas: [String] = []
        guard let language = reader.next() else {
            printError("generate: name the language: 'parse-wire generate swift SCHEMA...'. Run 'parse-wire generate --help'.")
            return ExitStatus.usage
        }
        if language == "-h" || language == "--help" {
            print(help)
            return ExitStatus.success
        }
        guard language == "swift" else {
            printError("generate: unknown language '\(language)'; 'swift' is the one there is. Run 'parse-wire generate --help'.")
            return ExitStatus.usage
        }
        do {
            while let argument = reader.next() {
                switch argument {
                case "-h", "--help":
                    print(help)
                    return ExitStatus.success
                case "--output", "-o":
                    output = try reader.value(for: argument)
                case "--check":
                    check = true
                default:
                    guard !argument.hasPrefix("-") else { throw UsageError("unknown option \(argument)") }
                    schemas.append(argument)
                }
            }
            guard !schemas.isEmpty else { throw UsageError("give at least one schema file or directory") }
        } catch let error as UsageError {
            printError("generate: \(error.message). Run 'parse-wire generate --help'.")
            return ExitStatus.usage
        } catch {
            printError("generate: \(error)")
            return ExitStatus.usage
        }
        let files: [SwiftModelGenerator.SchemaFile]
        do {
            files = try schemaFiles(schemas)
        } catch {
            printError("generate: \(error.localizedDescription)")
            return ExitStatus.usage
        }
        let generated: [SwiftModelGenerator.OutputFile]
        do throws(SchemaError) {
            generated = try SwiftModelGenerator.generate(files)
        } catch {
            printError("generate: \(error)")
            return ExitStatus.failure
        }
        return check ? compare(generated, in: output) : write(generated, to: output)
    }

    /// The files named, a directory standing for its `*.json` files in name order.
    static func schemaFiles(_ paths: [String]) throws -> [SwiftModelGenerator.SchemaFile] {
        var files: [SwiftModelGenerator.SchemaFile] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw UsageError("no such file or directory: \(path)")
            }
            let members = isDirectory.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".json") }.sorted().map { "\(path)/\($0)" }
                : [path]
            if isDirectory.boolValue, members.isEmpty { throw UsageError("\(path) holds no .json file") }
            for member in members {
                let data = try Data(contentsOf: URL(fileURLWithPath: member))
                files.append(.init(name: (member as NSString).lastPathComponent, bytes: Array(data)))
            }
        }
        return files
    }

    private static func write(_ files: [SwiftModelGenerator.OutputFile], to directory: String) -> Int32 {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for file in files {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent(file.name))
            }
        } catch {
            printError("generate: cannot write to \(directory): \(error.localizedDescription)")
            return ExitStatus.usage
        }
        print("wrote \(files.count) file\(files.count == 1 ? "" : "s") to \(directory): \(files.map(\.name).joined(separator: ", "))")
        return ExitStatus.success
    }

    private static func compare(_ files: [SwiftModelGenerator.OutputFile], in directory: String) -> Int32 {
        var stale: [String] = []
        for file in files {
            let path = URL(fileURLWithPath: directory).appendingPathComponent(file.name).path
            if FileManager.default.contents(atPath: path) != Data(file.text.utf8) { stale.append(file.name) }
        }
        guard stale.isEmpty else {
            printError("generate: \(stale.joined(separator: ", ")) in \(directory) differ\(stale.count == 1 ? "s" : "") from what the generator writes now; run it without --check")
            return ExitStatus.failure
        }
        print("\(files.count) file\(files.count == 1 ? "" : "s") in \(directory) up to date")
        return ExitStatus.success
    }
}
