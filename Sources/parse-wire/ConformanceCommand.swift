import Foundation
import ParseWireConformance

/// `parse-wire conformance`: runs the corpus against the reference or an adapter process.
enum ConformanceCommand {
    /// The adapter could not start.
    static let adapterFailure: Int32 = 3

    static func run(_ arguments: [String]) -> Int32 {
        let request: ConformanceRequest
        do {
            request = try ConformanceRequest(arguments)
        } catch {
            printError("conformance: \((error as? UsageError)?.message ?? "\(error)"). Run 'parse-wire conformance --help'.")
            return ExitStatus.usage
        }
        if request.showsHelp {
            print(ConformanceHelp.text)
            return ExitStatus.success
        }
        let corpus: Corpus
        let location: CorpusLocation
        var options = request.options
        do {
            location = try CorpusLocation.resolve(option: request.corpusOption)
            corpus = try Corpus.load(from: try location.directory())
            if let path = request.expectedFailuresPath {
                guard let data = FileManager.default.contents(atPath: path) else { throw CorpusError(message: "cannot read \(path)") }
                let list = try ExpectedFailures.read(Array(data), path: path)
                try list.check(corpusVersion: corpus.version, path: path)
                options.expectedFailures = list
            }
        } catch {
            printError("conformance: \((error as? UsageError)?.message ?? "\(error)")")
            return ExitStatus.usage
        }
        for finding in corpus.findings { printError("conformance: corpus problem: \(finding)") }
        guard corpus.findings.isEmpty else { return ExitStatus.usage }
        if let id = request.reproID {
            guard let lines = ReproScript.lines(corpus, id: id) else {
                printError("conformance: no case has id \(id)")
                return ExitStatus.usage
            }
            print(lines.joined(separator: "\n"))
            return ExitStatus.success
        }
        let launcher: AdapterLauncher
        if request.command.isEmpty {
            launcher = .inProcess(ReferenceAdapter(strict: request.strict, capabilities: Set(corpus.tags.keys)))
        } else {
            launcher = .process(request.command, environment: request.adapterEnvironment)
        }
        let progress = ProgressLine(enabled: request.showsProgress && !request.reportsToStandardOutput && isatty(STDOUT_FILENO) == 1)
        options.progress = { done, total, name in progress.update(done, total, name) }
        let runner = ConformanceRunner(corpus: corpus, options: options, launcher: launcher)
        let planned = runner.planned.count
        if planned == 0, ConformanceRunner.plan(corpus, filter: options.filter).isEmpty {
            printError("conformance: the filter matches no case of the corpus (\(options.filter.summary)); check the names against Vectors/")
            return ExitStatus.usage
        }
        do {
            try request.checkOutputPaths()
        } catch {
            printError("conformance: \((error as? UsageError)?.message ?? "\(error)")")
            return ExitStatus.usage
        }
        let console = Console(toStandardError: request.reportsToStandardOutput)
        console.say("Running \(planned) checks of corpus \(corpus.version) \(location.summary) against \(launcher.name)"
            + (options.profile.map { ", profile \($0.rawValue) (--profile)" } ?? "") + ".")
        let result: RunResult
        do {
            result = try runner.run()
        } catch {
            progress.clear()
            printError("conformance: the adapter could not start: \(error)")
            do {
                try request.writeReports(runner.failedStart(error))
            } catch {
                printError("conformance: cannot write a report: \(error.localizedDescription)")
            }
            return adapterFailure
        }
        progress.clear()
        if request.verbose {
            for record in result.records where !record.unexpected {
                console.say(ConsoleText.escaped("\(record.outcome.rawValue.uppercased())  \(record.name) — \(record.message)"))
            }
        }
        do {
            try request.writeReports(result)
        } catch {
            printError("conformance: \((error as? UsageError)?.message ?? "cannot write a report: \(error.localizedDescription)")")
            return ExitStatus.usage
        }
        console.say("Implementation: \(result.hello.name) \(result.hello.version) (\(result.hello.language)).")
        console.say(SummaryReport.render(result, reportsWritten: request.reports.contains { $0.format != "markdown" },
                                         showsChecks: request.showsChecks || request.verbose), terminator: "")
        return result.exitCode
    }
}

/// Where the console lines of a run go: standard output, or standard error when a report is
/// written to standard output.
struct Console {
    let toStandardError: Bool

    func say(_ text: String, terminator: String = "\n") {
        if toStandardError { StandardStreams.error(text + terminator) } else { StandardStreams.output(text + terminator) }
    }
}
