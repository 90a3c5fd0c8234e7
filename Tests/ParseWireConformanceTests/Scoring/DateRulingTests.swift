import Foundation
import Testing
@testable import ParseWireConformance

/// The rulings of `Vectors/spec/date.md` (DATE-6, DATE-9), checked against the corpus's cases so that
/// a case contradicting one fails here.
@Suite("Date rulings")
struct DateRulingTests {
    /// Every case of the corpus with its file's raw JSON object.
    static func rawCases() throws -> [[String: Any]] {
        let corpus = try CorpusLocation.corpus.get()
        var cases: [[String: Any]] = []
        for file in corpus.files {
            let url = CorpusLocation.root.appendingPathComponent(file.path)
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            cases += (object?["cases"] as? [[String: Any]]) ?? []
        }
        return cases
    }

    /// The instant of `iso` (`YYYY-MM-DDTHH:MM:SS[.digits]Z`) read as parse-server reads it: the digits
    /// a decimal fraction of the second, truncated to milliseconds.
    static func serverMilliseconds(_ iso: String) -> Int64? {
        guard iso.hasSuffix("Z"), iso.count >= 20 else { return nil }
        let whole = String(iso.prefix(19)) + "Z"
        guard let seconds = ISO8601DateFormatter().date(from: whole)?.timeIntervalSince1970 else { return nil }
        let rest = iso.dropFirst(19).dropLast()
        var millis = 0
        if rest.first == "." {
            let digits = rest.dropFirst()
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
            millis = Int(String((digits + "000").prefix(3)))!
        } else if !rest.isEmpty {
            return nil
        }
        return Int64(seconds) * 1000 + Int64(millis)
    }

    static func strings(in node: Any, key: String, into found: inout [String]) {
        if let map = node as? [String: Any] {
            for (member, value) in map {
                if member == key, let text = value as? String { found.append(text) }
                strings(in: value, key: key, into: &found)
            }
        } else if let list = node as? [Any] {
            for element in list { strings(in: element, key: key, into: &found) }
        }
    }

    @Test("the server's reading of a fraction is decimal and truncated", arguments: [
        ("2020-01-02T03:04:05.5Z", Int64(1_577_934_245_500)), ("2020-01-02T03:04:05.5678Z", 1_577_934_245_567),
        ("1969-12-31T23:59:59.9999Z", -1), ("2020-01-02T03:04:05Z", 1_577_934_245_000),
    ])
    func reading(_ iso: String, _ expected: Int64) {
        #expect(Self.serverMilliseconds(iso) == expected)
    }

    @Test("DATE-6: every accepted reading of other fraction digits is the decimal fraction truncated to milliseconds")
    func fractionDigits() throws {
        var checked = 0
        for vector in try Self.rawCases() where (vector["flags"] as? [String])?.contains("DateFractionDigits") == true {
            var isos: [String] = []
            Self.strings(in: vector["wire"] ?? [:], key: "iso", into: &isos)
            for key in ["createdAt", "updatedAt"] { Self.strings(in: vector["wire"] ?? [:], key: key, into: &isos) }
            guard isos.count == 1, let expected = Self.serverMilliseconds(isos[0]) else { continue }
            var readings: [String] = []
            Self.strings(in: vector["ifAccepted"] ?? [], key: "epochMs", into: &readings)
            #expect(!readings.isEmpty && readings.allSatisfy { $0 == String(expected) }, "\(vector["id"] ?? "?"): \(isos[0]) → \(readings)")
            checked += 1
        }
        #expect(checked >= 40)
    }

    @Test("DATE-9: a typed timestamp in a fetched or embedded object is a decode-error no flag protects, so a client may accept it")
    func typedTimestamps() throws {
        let corpus = try CorpusLocation.corpus.get()
        let ids = ["FQRMQ6", "H2SN6Y", "NKKTZZ", "75DVQE"]
        let cases = corpus.cases.map(\.vector).filter { ids.contains($0.id) }
        #expect(cases.count == ids.count)
        for vector in cases {
            #expect(vector.kind == .decodeError && vector.error == "wrong-field-type", "\(vector.id)")
            let categories = vector.flags.compactMap { corpus.flags[$0]?.category }
            #expect(!categories.contains(ConformanceProfile.protectsDataCategory), "\(vector.id)")
        }
    }
}
