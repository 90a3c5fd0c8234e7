import Foundation
import ParseWireGenerator
import Testing

/// The committed generated seeds are what the generator writes now from their schemas.
@Suite struct CommittedOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func schemaFiles(in directory: String) throws -> [SwiftModelGenerator.SchemaFile] {
        let folder = root.appendingPathComponent(directory)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted().map { name in
            SwiftModelGenerator.SchemaFile(name: name, bytes: Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    @Test func generatedSeedModelsAreUpToDate() throws {
        let files = try SwiftModelGenerator.generate(try Self.schemaFiles(in: "Sources/GeneratedSeedModels/schema"))
        #expect(files.count == 10)
        for file in files {
            let committed = try String(contentsOf: Self.root.appendingPathComponent("Sources/GeneratedSeedModels/\(file.name)"), encoding: .utf8)
            #expect(committed == file.text, "Sources/GeneratedSeedModels/\(file.name) is stale: run `swift run parse-wire generate swift --output Sources/GeneratedSeedModels Sources/GeneratedSeedModels/schema`")
        }
    }
}
