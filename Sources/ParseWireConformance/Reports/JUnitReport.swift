/// The run as JUnit XML: a test suite per vector file, a test case per check. Unexpected results
/// are `failure`s; expected failures, skips and unsupported checks are `skipped`.
public enum JUnitReport {
    /// The XML document.
    public static func render(_ result: RunResult) -> String {
        var files: [String] = []
        var byFile: [String: [CheckRecord]] = [:]
        for record in result.records {
            if byFile[record.file] == nil { files.append(record.file) }
            byFile[record.file, default: []].append(record)
        }
        let failures = result.unexpected.count
        let name = XMLText.escape("\(result.hello.name) \(result.hello.version)")
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(name)\" tests=\"\(result.records.count)\" failures=\"\(failures)\">\n"
        for file in files {
            let records = byFile[file]!
            let skipped = records.filter { !$0.unexpected && [.xfail, .skip, .unsupported].contains($0.outcome) }.count
            let seconds = records.reduce(0) { $0 + $1.durationMs } / 1000
            xml += "  <testsuite name=\"\(XMLText.escape(file))\" tests=\"\(records.count)\" failures=\"\(records.filter(\.unexpected).count)\" skipped=\"\(skipped)\" time=\"\(seconds)\">\n"
            for record in records { xml += testCase(record) }
            xml += "  </testsuite>\n"
        }
        if !result.unmatchedEntries.isEmpty {
            xml += "  <testsuite name=\"expected-failures\" tests=\"\(result.unmatchedEntries.count)\" failures=\"\(result.unmatchedEntries.count)\">\n"
            for entry in result.unmatchedEntries {
                xml += "    <testcase classname=\"expected-failures\" name=\"\(XMLText.escape(entry.label))\">"
                xml += "<failure message=\"entry matches no check of the corpus\">\(XMLText.escape(entry.reason))</failure></testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    static func testCase(_ record: CheckRecord) -> String {
        let name = XMLText.escape("\(record.name) – \(record.description)")
        var xml = "    <testcase classname=\"\(XMLText.escape(record.file))\" name=\"\(name)\" time=\"\(record.durationMs / 1000)\">"
        let message = XMLText.escape(record.message)
        if record.unexpected {
            xml += "<failure type=\"\(record.outcome.rawValue)\" message=\"\(message)\">\(message)</failure>"
        } else if [.xfail, .skip, .unsupported].contains(record.outcome) {
            xml += "<skipped message=\"\(XMLText.escape(record.outcome.rawValue + ": " + (record.listed ?? record.message)))\"/>"
        }
        if let tail = record.stderrTail, !tail.isEmpty { xml += "<system-err>\(XMLText.escape(tail))</system-err>" }
        return xml + "</testcase>\n"
    }
}
