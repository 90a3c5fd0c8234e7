import ParseWire
import ParseWireConformance

/// Results reports written by hand, line by line, for the matrix tests: any outcome, any name,
/// any corpus version, without running an adapter.
struct ReportFixture {
    /// One check line.
    struct Check {
        var id: String
        var op = "decode"
        var input = "canonical"
        var file = "cases/date/basic.json"
        var tags = ["date"]
        var outcome = "pass"
        var message = ""
        var unexpected = false
        var listed: String?
        var description = "a case"
        /// The check's `expected` member as JSON text (`{"error":"invalid-date"}`); none when `nil`.
        var expected: String?
        /// The check's cause, for a failing outcome.
        var cause: String?
    }

    var name = "impl"
    var version = "1.0"
    var corpusVersion = "1.1.0"
    var manifest = "aaaa"
    var profile = "strict"
    var exitCode = 0
    var checks: [Check] = []

    /// The report as NDJSON text.
    var ndjson: String {
        func quoted(_ text: String) -> String { JSONNode.quoted(text) }
        var text = #"{"record":"header","runner":"parse-wire 1","corpusVersion":\#(quoted(corpusVersion)),"manifestSha256":\#(quoted(manifest)),"#
            + #""implementation":{"name":\#(quoted(name)),"version":\#(quoted(version)),"language":"swift"},"profile":\#(quoted(profile)),"#
            + #""started":"2025-01-02T03:04:05Z"}"# + "\n"
        for check in checks {
            text += #"{"record":"check","id":\#(quoted(check.id)),"file":\#(quoted(check.file)),"description":\#(quoted(check.description)),"#
                + #""op":\#(quoted(check.op)),"input":\#(quoted(check.input)),"level":"required","outcome":\#(quoted(check.outcome)),"#
                + #""unexpected":\#(check.unexpected),"message":\#(quoted(check.message)),"#
                + (check.listed.map { #""listed":\#(quoted($0)),"# } ?? "")
                + (check.expected.map { #""expected":\#($0),"# } ?? "")
                + (check.cause.map { #""cause":\#(quoted($0)),"# } ?? "")
                + #""tags":[\#(check.tags.map(quoted).joined(separator: ","))],"durationMs":0.1}"# + "\n"
        }
        return text + #"{"record":"footer","counts":{},"unexpected":{},"exitCode":\#(exitCode)}"# + "\n"
    }

    /// The report read back.
    func read(path: String = "report.ndjson") throws -> ResultsFile {
        try ResultsFile.read(ndjson, path: path)
    }
}
