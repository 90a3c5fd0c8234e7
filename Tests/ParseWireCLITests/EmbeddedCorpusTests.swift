import Foundation
import Testing
import TestSupport

/// A `parse-wire` that carries its corpus, as the release archive's does: a copy of the built
/// executable with `parse-wire vectors pack` appended, run from an empty directory.
@Suite("parse-wire with the corpus inside")
struct EmbeddedCorpusTests {
    static let package = ConformanceCommandTests.package
    static let vectors = package.appendingPathComponent("Vectors")

    /// What `parse-wire vectors pack` writes for the package's corpus, made once.
    static let packed: Result<Data, any Error> = Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-pack-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try run(CommandLineTests.executable, ["vectors", "pack", file.path, "--corpus", vectors.path], in: package)
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.stderr]) }
        return try Data(contentsOf: file)
    }

    /// A private directory holding `parse-wire` (a copy of the executable with the corpus
    /// appended), `plain` (a copy without), `empty/` (a working directory with no corpus above it)
    /// and `tmp/` (the copies' TMPDIR, so that what they leave behind can be seen).
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-embedded-\(UUID().uuidString)")

    init() throws {
        for folder in ["empty", "tmp"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let binary = try Data(contentsOf: CommandLineTests.executable)
        try install(binary + Self.packed.get(), as: "parse-wire")
        try install(binary, as: "plain")
    }

    func install(_ bytes: Data, as name: String) throws {
        try bytes.write(to: root.appendingPathComponent(name))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.appendingPathComponent(name).path)
    }

    func removeSandbox() {
        try? FileManager.default.removeItem(at: root)
    }

    static func run(_ executable: URL, _ arguments: [String], in directory: URL, temporary: URL? = nil) throws -> CommandLineTests.Run {
        try ToolRun.run(executable, arguments, in: directory, environment: temporary.map { ["TMPDIR": $0.path] } ?? [:])
    }

    /// Runs the copy named `name` from `empty/` (or `directory`), with `tmp/` as its TMPDIR.
    func run(_ arguments: [String], binary name: String = "parse-wire", in directory: URL? = nil) throws -> CommandLineTests.Run {
        try Self.run(root.appendingPathComponent(name), arguments, in: directory ?? root.appendingPathComponent("empty"),
                            temporary: root.appendingPathComponent("tmp"))
    }

    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("tmp").path)
    }

    @Test("from an empty directory the corpus inside is run, named in the header, and nothing is left in TMPDIR")
    func runsEmbeddedCorpus() throws {
        defer { removeSandbox() }
        let result = try run(["conformance", "--area", "pointer", "--no-progress"])
        #expect(result.status == 0, "\(result.stderr)")
        let header = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains("of corpus \(try Self.version()) embedded in parse-wire (sha256 "), "\(header)")
        #expect(result.stdout.contains("PASSED"))
        #expect(try leftovers().isEmpty)
    }

    @Test("inside a checkout its Vectors/ wins over the corpus inside; --corpus wins over both")
    func precedence() throws {
        defer { removeSandbox() }
        let inCheckout = try run(["conformance", "--area", "pointer", "--no-progress"], in: Self.package.appendingPathComponent("Tests"))
        #expect(inCheckout.status == 0, "\(inCheckout.stderr)")
        #expect(inCheckout.stdout.hasPrefix("Running "))
        #expect(inCheckout.stdout.split(separator: "\n").first?.contains("from the checkout's \(Self.vectors.path)") == true, "\(inCheckout.stdout.prefix(300))")
        let fixture = ConformanceCommandTests.fixtureCorpus
        let chosen = try run(["conformance", "--corpus", fixture, "--no-progress"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stdout.hasPrefix("Running 10 checks of corpus"))
        #expect(chosen.stdout.split(separator: "\n").first?.contains("from \(fixture) (--corpus)") == true)
    }

    @Test("in the release archive's layout (Vectors/ written out beside the executable) the header names the corpus inside")
    func releaseLayout() throws {
        defer { removeSandbox() }
        let exported = try run(["vectors", "export", root.appendingPathComponent("Vectors").path])
        #expect(exported.status == 0, "\(exported.stderr)")
        let result = try run(["conformance", "--area", "pointer", "--no-progress"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        let header = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains("of corpus \(try Self.version()) embedded in parse-wire (sha256 "), "\(header)")
        #expect(header.contains("as written out in ./Vectors"), "\(header)")
        #expect(!header.contains("checkout"))
    }

    @Test("vectors export writes every file of the corpus byte for byte, and refuses a non-empty directory")
    func exportIsByteIdentical() throws {
        defer { removeSandbox() }
        let target = root.appendingPathComponent("export")
        let result = try run(["vectors", "export", target.path])
        #expect(result.status == 0, "\(result.stderr)")
        let exported = try CorpusFiles.read(target), original = try CorpusFiles.read(Self.vectors)
        #expect(exported.keys.sorted() == original.keys.sorted())
        for (path, bytes) in original { #expect(exported[path] == bytes, "\(path)") }
        let again = try run(["vectors", "export", target.path])
        #expect(again.status == 2)
        #expect(again.stderr.contains("is not empty"))
    }

    @Test("--version names the corpus inside; a build from source has none to export, and reads its source tree's")
    func plainBinary() throws {
        defer { removeSandbox() }
        let version = try run(["--version"])
        #expect(version.stdout.contains("corpus \(try Self.version()) inside"))
        let plain = try run(["vectors", "export", "out"], binary: "plain")
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("carries no corpus"))
        #expect(!(try run(["--version"], binary: "plain")).stdout.contains("corpus"))
        let fallback = try run(["conformance", "--area", "pointer", "--no-progress"], binary: "plain")
        #expect(fallback.status == 0, "\(fallback.stderr)")
        #expect(fallback.stdout.split(separator: "\n").first?.contains("from the source tree's \(Self.vectors.path)") == true,
                "\(fallback.stdout.prefix(300))")
    }

    @Test("a damaged corpus inside is an error that says so, exit 2, never a partial run")
    func damagedPayload() throws {
        defer { removeSandbox() }
        var bytes = try Data(contentsOf: root.appendingPathComponent("parse-wire"))
        bytes[bytes.count - 2_000] ^= 0x20
        try install(bytes, as: "damaged")
        let result = try run(["conformance", "--no-progress"], binary: "damaged")
        #expect(result.status == 2)
        #expect(result.stderr.contains("is damaged: its SHA-256 is not the one its trailer records"), "\(result.stderr)")
        #expect(!result.stdout.contains("Running"))
    }

    @Test("'parse-wire adapter' claims the tags of the corpus inside, without writing it out")
    func adapterTags() throws {
        defer { removeSandbox() }
        let embedded = try hello(from: "parse-wire", in: root.appendingPathComponent("empty"))
        // Asked while the adapter waits for its next request: nothing may have been written out.
        #expect(try leftovers().isEmpty)
        let checkout = try hello(from: "plain", in: Self.package)
        #expect(!checkout.isEmpty)
        #expect(embedded == checkout)
    }

    /// The capabilities that the copy `name`'s `parse-wire adapter`, run in `directory`, claims in hello.
    func hello(from name: String, in directory: URL) throws -> Set<String> {
        let process = Process()
        process.executableURL = root.appendingPathComponent(name)
        process.arguments = ["adapter"]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": root.appendingPathComponent("tmp").path]) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data(#"{"cmd":"hello","protocol":1,"corpusVersion":"1.1.0"}"#.utf8 + [0x0A]))
        let line = output.fileHandleForReading.availableData
        let answer = try JSONSerialization.jsonObject(with: line) as? [String: Any]
        return Set(answer?["capabilities"] as? [String] ?? [])
    }

    @Test("the corpus inside cannot be rewritten by fmt or build")
    func readOnly() throws {
        defer { removeSandbox() }
        let result = try run(["vectors", "build"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot be changed"))
        let check = try run(["vectors", "build", "--check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test("an interrupted run removes the corpus it wrote out")
    func interruptCleansUp() throws {
        defer { removeSandbox() }
        let process = Process()
        process.executableURL = root.appendingPathComponent("parse-wire")
        // An adapter that never answers hello: the run waits in its start until interrupted.
        process.arguments = ["conformance", "--no-progress", "--start-timeout", "60", "--", "/bin/sh", "-c", "cat >/dev/null"]
        process.currentDirectoryURL = root.appendingPathComponent("empty")
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": root.appendingPathComponent("tmp").path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while try leftovers().isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try !leftovers().isEmpty, "the corpus was never written out")
        Thread.sleep(forTimeInterval: 0.5)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "status \(process.terminationStatus)")
        #expect(try leftovers().isEmpty)
    }

    static func version() throws -> String {
        try String(contentsOf: vectors.appendingPathComponent("VERSION"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The regular files under a directory, by relative path; the corpus's published results
/// (`results/`), which an archive leaves out, are left out here too.
enum CorpusFiles {
    static func read(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [:] }
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let url = directory.appendingPathComponent(relative)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                  relative.split(separator: "/").first != "results" else { continue }
            files[relative] = try Data(contentsOf: url)
        }
        return files
    }
}
