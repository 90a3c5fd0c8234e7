import Foundation
import ParseWire
import ParseWireConformance

/// Where a command's corpus comes from, and the name a run's header gives it.
///
/// Precedence, first match wins:
/// 1. `--corpus DIR`;
/// 2. a checkout: the nearest `Vectors/` (with a `VERSION` file) in the working directory or one
///    of its parents, so that inside the repository the files being edited are the ones run;
/// 3. the corpus embedded in this executable (a release archive's binary), so that it works
///    from any directory with no checkout;
/// 4. `Vectors/` of the source tree this executable was built from, while that tree exists
///    (`.build/debug/parse-wire` run from another directory).
enum CorpusLocation {
    /// A directory on disk, and why it was chosen.
    case directory(URL, origin: Origin)
    /// The archive appended to this executable.
    case embedded(CorpusArchive)

    /// How a corpus directory was found.
    enum Origin {
        case option, checkout, sourceTree
        /// The release archive's `Vectors/`: the corpus inside the executable beside it, written
        /// out (`vectors export`); the digest is the embedded corpus's.
        case releaseCopy(digest: String)
    }

    /// The corpus a command uses: `option` when given, else the first of the precedence above.
    /// - Throws: ``UsageError`` when there is none, or when the executable's archive is damaged.
    static func resolve(option: URL?) throws -> CorpusLocation {
        if let option { return .directory(option, origin: .option) }
        let executable = executablePath()
        if let checkout = nearestCheckout() {
            // In the release archive, Vectors/ sits beside the executable that carries the same corpus.
            let home = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("Vectors")
            if checkout.standardizedFileURL.path == home.standardizedFileURL.path, let archive = try? CorpusArchive.find(inFileAt: executable) {
                return .directory(checkout, origin: .releaseCopy(digest: archive.digest))
            }
            return .directory(checkout, origin: .checkout)
        }
        do {
            if let archive = try CorpusArchive.find(inFileAt: executable) { return .embedded(archive) }
        } catch {
            throw UsageError("\(error.message); download the release archive again, or give a corpus with --corpus DIR")
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Vectors")
        if isCorpus(source) { return .directory(source, origin: .sourceTree) }
        throw UsageError("no corpus: this parse-wire carries none, and no Vectors/ directory is in the working directory "
            + "or above it; give one with --corpus DIR")
    }

    /// A directory holding the corpus files: the directory itself, or the embedded archive
    /// written out once per process into a private temporary directory (removed at exit).
    /// - Throws: ``UsageError`` when the embedded corpus cannot be written out.
    func directory() throws -> URL {
        switch self {
        case .directory(let url, _): return url
        case .embedded(let archive): return try ExtractedCorpus.shared.directory(for: archive)
        }
    }

    /// The tag names of the corpus's `tags.json`, read without writing out an embedded corpus
    /// (`parse-wire adapter` needs only these, and may be started and killed many times in a
    /// run); empty when unreadable.
    func tagNames() -> Set<String> {
        switch self {
        case .directory(let url, _): return Corpus.tagNames(in: url)
        case .embedded(let archive):
            guard let entry = archive.entries.first(where: { $0.path == "tags.json" }),
                  case .object(let members)? = try? JSONNode.parse(entry.bytes) else { return [] }
            return Set(members.map(\.key))
        }
    }

    /// Whether this is the read-only corpus inside the executable.
    var isEmbedded: Bool {
        if case .embedded = self { return true }
        return false
    }

    /// How the run header names the corpus, after its version: `from the checkout's ./Vectors`,
    /// `embedded in parse-wire (sha256 f05953962d65)` (with `, as written out in ./Vectors` inside the
    /// release archive), `from DIR (--corpus)`.
    var summary: String {
        switch self {
        case .directory(let url, .option): return "from \(url.path) (--corpus)"
        case .directory(let url, .checkout): return "from the checkout's \(Self.displayPath(url))"
        case .directory(let url, .sourceTree): return "from the source tree's \(url.standardizedFileURL.path)"
        case .directory(let url, .releaseCopy(let digest)):
            return "embedded in parse-wire (sha256 \(digest.prefix(12))), as written out in \(Self.displayPath(url))"
        case .embedded(let archive): return "embedded in parse-wire (sha256 \(archive.digest.prefix(12)))"
        }
    }

    /// `url` relative to the working directory when it is inside it or a parent of it.
    private static func displayPath(_ url: URL) -> String {
        let here = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        if path.hasPrefix(here + "/") { return "./" + path.dropFirst(here.count + 1) }
        return path
    }

    /// The nearest `Vectors/` corpus in the working directory or one of its parents.
    static func nearestCheckout() -> URL? {
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        while true {
            let candidate = directory.appendingPathComponent("Vectors")
            if isCorpus(candidate) { return candidate }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
        }
    }

    private static func isCorpus(_ directory: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory.appendingPathComponent("VERSION").path)
            && FileManager.default.fileExists(atPath: directory.appendingPathComponent("cases").path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The file of the running executable, where a release build carries its corpus.
    static func executablePath() -> String {
        #if os(Linux)
        return "/proc/self/exe"
        #else
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
    }
}

/// The embedded corpus written out as files, because the corpus tooling reads directories. One
/// private temporary directory per process, removed when the process exits normally or is
/// interrupted (`SIGINT`, `SIGTERM`).
final class ExtractedCorpus: @unchecked Sendable {
    static let shared = ExtractedCorpus()

    private let lock = NSLock()
    private var extracted: URL?
    private var signalSources: [DispatchSourceSignal] = []

    /// The directory holding `archive`'s files, written on the first call.
    func directory(for archive: CorpusArchive) throws -> URL {
        lock.lock()
        defer { lock.unlock() }
        if let extracted { return extracted }
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("parse-wire-corpus-XXXXXX").path.utf8CString)
        guard mkdtemp(&template) != nil else { throw UsageError("cannot make a temporary directory for the embedded corpus") }
        let url = URL(fileURLWithPath: String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        extracted = url
        watchSignals()
        do {
            try archive.write(to: url)
        } catch {
            throw UsageError("cannot write out the embedded corpus: \(error.message)")
        }
        return url
    }

    /// Removes the written-out corpus, if any; called before the process exits.
    func remove() {
        lock.lock()
        defer { lock.unlock() }
        if let extracted { try? FileManager.default.removeItem(at: extracted) }
        extracted = nil
    }

    /// On an interrupt, removes the directory, then dies of the same signal as it would have.
    /// Called on the main thread; the signals are unblocked there, since a parent may have
    /// started this process with them blocked (a test runner's worker thread does).
    private func watchSignals() {
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in [SIGINT, SIGTERM] { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                self?.remove()
                signal(number, SIG_DFL)
                kill(getpid(), number)
            }
            source.resume()
            signalSources.append(source)
        }
    }
}
