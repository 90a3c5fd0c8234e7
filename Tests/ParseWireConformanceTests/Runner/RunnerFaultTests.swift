import Foundation
@testable import ParseWireConformance
import Testing

/// The runner against hostile adapters: each fault is charged to the right check, costs a bounded
/// time, and leaves every other check of the run untouched.
@Suite("runner against hostile adapters")
struct RunnerFaultTests {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("a child that leaves the process group and keeps stdout open cannot hold up the run", arguments: ["setsid-hang", "setsid-crash"])
    func detachedChild(_ mode: String) throws {
        var result: RunResult?
        // The detached child lives 30 s; the run must not wait for it.
        let elapsed = try Self.seconds { result = try FixtureAdapters.run([mode, "AAAA02"]) }
        let run = try #require(result)
        #expect(elapsed < 10, "the run took \(elapsed) s")
        let faulty = try #require(run.records.first { $0.id == "AAAA02" })
        #expect(faulty.outcome == (mode == "setsid-hang" ? .timeout : .crash))
        #expect(FixtureAdapters.counts(run)["pass"] == 9)
        #expect(run.restarts == 1)
    }

    @Test("a second answer to one request is charged to that request's check; the next check is not charged")
    func secondAnswer() throws {
        let result = try FixtureAdapters.run(["double", "AAAA02"])
        #expect(FixtureAdapters.counts(result) == ["pass": 9, "error": 1])
        let charged = try #require(result.records.first { $0.outcome == .error })
        #expect(charged.name == "AAAA02 decode wire")
        #expect(result.records.first { $0.id == "AAAA03" }?.outcome == .pass)
        #expect(charged.message.contains("twice"))
        #expect(charged.errorKindMatch == nil, "a rejection that no longer counts reports no kind")
        #expect(result.restarts == 1)
        #expect(result.records.count == 10)
        #expect(Set(result.records.map(\.name)).count == 10)
    }

    @Test("a second answer to an implementation-defined decode voids its value: the decode is an error, its roundtrip unsupported")
    func secondAnswerToChoice() throws {
        let result = try FixtureAdapters.run(["double", "AAAA04"])
        let decode = try #require(result.records.first { $0.name == "AAAA04 decode wire" })
        let roundtrip = try #require(result.records.first { $0.name == "AAAA04 roundtrip wire" })
        #expect(decode.outcome == .error)
        #expect(decode.message.contains("twice"))
        #expect(roundtrip.outcome == .unsupported)
        #expect(roundtrip.message == "not sent: the decode was answered twice (a protocol violation), so no value it gave counts")
        #expect(result.restarts == 1)
        #expect(Set(result.records.map(\.name)).count == result.records.count)
        #expect(FixtureAdapters.counts(result) == ["pass": 8, "error": 1, "unsupported": 1])
    }

    @Test("an answer line past the limit is a protocol violation that names the limit")
    func lineTooLong() throws {
        let result = try FixtureAdapters.run(["long-line", "AAAA02", "3000000"], lineLimit: 1 << 20)
        let faulty = try #require(result.records.first { $0.id == "AAAA02" })
        #expect(faulty.outcome == .error)
        #expect(faulty.message.contains("line too long"))
        #expect(faulty.message.contains("\(1 << 20)"))
        #expect(FixtureAdapters.counts(result)["pass"] == 9)
    }

    @Test("an answer line that is not UTF-8 is a protocol violation, never repaired to U+FFFD")
    func invalidUTF8() throws {
        let result = try FixtureAdapters.run(["bad-utf8", "AAAA02"])
        let faulty = try #require(result.records.first { $0.id == "AAAA02" })
        #expect(faulty.outcome == .error)
        #expect(faulty.message.contains("protocol violation: the answer line is not valid UTF-8 (byte 0xFF at offset"))
        #expect(result.restarts == 1)
        #expect(FixtureAdapters.counts(result)["pass"] == 9)
    }

    @Test("a raw 0xFF where U+FFFD belongs is refused, and a line with U+FFFD itself is read",
          arguments: [([0xFF], false), ([0xEF, 0xBF, 0xBD], true), ([0xED, 0xA0, 0x80], false), ([0xE2, 0x82], false)] as [([UInt8], Bool)])
    func invalidUTF8Line(_ bytes: [UInt8], valid: Bool) {
        let line = Array(#"{"seq":1,"ok":true,"value":{"string":""#.utf8) + bytes + Array(#""}}"#.utf8)
        let result = line.withUnsafeBufferPointer(AnswerLineBuffer.text)
        if valid {
            #expect(result == .line(#"{"seq":1,"ok":true,"value":{"string":""# + "\u{FFFD}" + #""}}"#))
        } else {
            #expect(result == .violation("the answer line is not valid UTF-8 (byte 0x\(String(bytes[0], radix: 16, uppercase: true)) at offset 38)"))
        }
    }

    @Test("a long answer under the limit is read and compared, then kept as its size and an excerpt, not whole")
    func longAnswer() throws {
        let result = try FixtureAdapters.run(["long-line", "AAAA02", "3000000"])
        let faulty = try #require(result.records.first { $0.id == "AAAA02" })
        #expect(faulty.outcome == .fail)
        #expect(faulty.message.utf8.count <= 2000)
        #expect(result.restarts == 0)
        let kept = try #require(faulty.actual)
        #expect(kept["answerBytes"]?.integerValue ?? 0 > 3_000_000)
        #expect(kept.compactText.utf8.count < 3000)
    }

    @Test("the default answer line limit holds the TVN of the deepest answer the reader takes, and no more than it needs")
    func defaultLineLimit() {
        // `{"array":[` and `]}` per level, with room for the answer's own members.
        let deepest = 12 * AnswerJSON.maximumDepth + 1024
        #expect(AdapterLauncher.defaultLineLimit >= deepest)
        #expect(AdapterLauncher.defaultLineLimit <= 2 * deepest)
    }

    @Test("finding the end of a long line reads each byte once, however many reads it takes")
    func linearLines() {
        var buffer = AnswerLineBuffer(limit: 1 << 30)
        let chunk = [UInt8](repeating: 0x61, count: 65536)
        for _ in 0..<160 {
            chunk.withUnsafeBytes { buffer.append($0) }
            #expect(buffer.nextLine { $0.count } == nil)
        }
        [UInt8]([0x0A, 0x62, 0x0A]).withUnsafeBytes { buffer.append($0) }
        #expect(buffer.nextLine { $0.count } == 160 * 65536)
        #expect(buffer.nextLine { Array($0) } == [0x62])
        #expect(buffer.nextLine { $0.count } == nil)
        #expect(buffer.bytesSearched <= 160 * 65536 + 3)
    }

    @Test("the conditional roundtrip of an implementation-defined case whose decode faulted is recorded as not sent")
    func conditionalRoundtrip() throws {
        let result = try FixtureAdapters.run(["crash", "AAAA04"])
        let checks = result.records.filter { $0.id == "AAAA04" }
        #expect(checks.map(\.name) == ["AAAA04 decode wire", "AAAA04 roundtrip wire"])
        #expect(checks.map(\.outcome) == [.crash, .unsupported])
        #expect(checks.last?.message == "not sent: the decode was not answered")
        #expect(checks.last?.unexpected == false)
        #expect(result.records.count == 10)
    }

    @Test("an adapter that closes its output and keeps running is reported as such, not as killed by the runner's signal")
    func closedOutput() throws {
        let result = try FixtureAdapters.run(["close-output", "AAAA04"])
        let check = result.records.first { $0.id == "AAAA04" }
        #expect(check?.outcome == .crash)
        #expect(check?.message.contains("closed its output") == true)
        #expect(check?.message.contains("signal") == false)
    }

    @Test("an adapter that cannot start still gives a report with a header and a footer, exit status 3")
    func startFailureReport() throws {
        let runner = ConformanceRunner(corpus: FixtureAdapters.corpus, options: FixtureAdapters.options(),
                                       launcher: .process(["/nonexistent/adapter"]))
        var failure: AdapterStartError?
        do {
            _ = try runner.run()
        } catch {
            failure = error
        }
        let error = try #require(failure)
        let result = runner.failedStart(error)
        #expect(result.exitCode == 3)
        let lines = NDJSONReport.render(result).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""record":"header""#) == true)
        #expect(lines.last?.contains(#""record":"footer""#) == true)
        #expect(lines.last?.contains(#""exitCode":3"#) == true)
        #expect(result.stopReason?.contains("/nonexistent/adapter") == true)
    }

    @Test("an accepted value that TVN cannot spell is scored as an acceptance, never as a protocol violation")
    func unrepresentable() throws {
        let result = try FixtureAdapters.run(["unrepresentable", "AAAA02"])
        let record = try #require(result.records.first { $0.id == "AAAA02" })
        #expect(record.outcome == .fail)
        #expect(record.message.contains("the fixture cannot spell it"))
        #expect(result.restarts == 0)
        let valid = try FixtureAdapters.run(["unrepresentable", "AAAA01"])
        #expect(valid.records.first { $0.name == "AAAA01 decode canonical" }?.outcome == .fail)
        #expect(valid.restarts == 0)
    }

    @Test("a check listed as skip is never sent, not even ahead while the check before it is scored")
    func listedSkipNeverSent() throws {
        let list = try FixtureAdapters.list(#"{"id":"AAAA03","mode":"skip","reason":"crashes the adapter"}"#)
        let result = try FixtureAdapters.run(["crash", "AAAA03"], options: FixtureAdapters.options { $0.expectedFailures = list })
        #expect(result.restarts == 0)
        #expect(result.records.first { $0.id == "AAAA03" }?.outcome == .skip)
        #expect(FixtureAdapters.counts(result) == ["pass": 9, "skip": 1])
    }

    @Test("an adapter runs with TZ=UTC unless --adapter-env names another zone")
    func timeZone() throws {
        let utc = try FixtureAdapters.run(["time-zone"], environment: [:])
        #expect(utc.hello.version == "UTC+0")
        let tokyo = try FixtureAdapters.run(["time-zone"], environment: ["TZ": "Asia/Tokyo"])
        #expect(tokyo.hello.version == "JST+32400")
    }
}
