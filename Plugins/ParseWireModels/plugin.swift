import Foundation
import PackagePlugin

/// Generates Parse model types at build time from the schema files of the target that uses it.
///
/// Every `*.schema.json` file in the target (a class in parse-server's format, or a saved
/// `GET /parse/schemas` response) is an input; the target gets one Swift file per schema file,
/// `Recipe.schema.json` giving `Recipe.schema.swift`, holding a model type per class with its wire
/// coding. All of a target's schema files go to the generator in one run, so a Pointer in one file
/// may name a class of another.
///
/// One build command with declared inputs and outputs, not a prebuild command: the build system
/// then runs the generator only when a schema file (or the generator) changed. That needs every
/// output named before the generator reads a schema, which is why the outputs follow the schema
/// files' names rather than the class names inside them.
@main
struct ParseWireModels: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let schemas = module.sourceFiles(withSuffix: Self.suffix).map(\.url).sorted { $0.path < $1.path }
        guard !schemas.isEmpty else { return [] }
        // The outputs share one folder, and Swift refuses two files of one name in a module.
        var seen: [String: URL] = [:]
        for schema in schemas {
            let name = schema.lastPathComponent
            if let first = seen[name] {
                throw PluginError(message: "two schema files named \(name) in target \(target.name) (\(first.path) and \(schema.path)); rename one, as each gives \(Self.outputName(for: name))")
            }
            seen[name] = schema
        }
        let outputDirectory = context.pluginWorkDirectoryURL.appendingPathComponent("Models", isDirectory: true)
        let tool = try context.tool(named: "parse-wire-generate")
        return [
            .buildCommand(
                displayName: "Generating Parse models for \(target.name) from \(schemas.map(\.lastPathComponent).joined(separator: ", "))",
                executable: tool.url,
                arguments: ["--output", outputDirectory.path] + schemas.map(\.path),
                inputFiles: schemas,
                outputFiles: schemas.map { outputDirectory.appendingPathComponent(Self.outputName(for: $0.lastPathComponent)) })
        ]
    }

    /// The suffix that marks a schema file.
    static let suffix = ".schema.json"

    /// `Recipe.schema.json` gives `Recipe.schema.swift`: the generator's tool names its outputs the
    /// same way, and the `.schema` part keeps them apart from a hand-written `Recipe.swift`.
    static func outputName(for schemaName: String) -> String {
        String(schemaName.dropLast(".json".count)) + ".swift"
    }
}

/// A refusal the plugin explains; SwiftPM reports its description as a build error.
struct PluginError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
