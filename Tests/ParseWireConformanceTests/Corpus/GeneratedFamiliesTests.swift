import Foundation
import ParseWireConformance
import Testing

/// The generated families in `Vectors/` are exactly what `parse-wire vectors generate` writes.
@Suite("Generated vector families")
struct GeneratedFamiliesTests {
    /// Every checked-in generated file, with the family, seed and count its description records.
    static var files: [(path: String, family: VectorFamilies.Family, seed: UInt64, count: Int)] {
        let cases = CorpusLocation.root.appendingPathComponent("cases")
        var found: [(String, VectorFamilies.Family, UInt64, Int)] = []
        for family in VectorFamilies.Family.allCases {
            let directory = cases.appendingPathComponent(family.rawValue)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasPrefix("seed-") && name.hasSuffix(".json") {
                let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
                let words = text.split(whereSeparator: { $0 == " " || $0 == "`" })
                func value(after option: String) -> String? {
                    words.firstIndex(of: Substring(option)).flatMap { $0 + 1 < words.count ? String(words[$0 + 1]) : nil }
                }
                guard let seed = value(after: "--seed").flatMap(UInt64.init), let count = value(after: "--count").flatMap(Int.init) else {
                    continue
                }
                found.append(("\(family.rawValue)/\(name)", family, seed, count))
            }
        }
        return found
    }

    @Test("each family has a checked-in file")
    func familiesPresent() {
        #expect(Set(Self.files.map(\.family)) == Set(VectorFamilies.Family.allCases))
    }

    @Test("regenerating a family gives the checked-in file byte for byte", arguments: files.map(\.path))
    func regeneration(path: String) throws {
        let file = try #require(Self.files.first { $0.path == path })
        let url = CorpusLocation.root.appendingPathComponent("cases/\(path)")
        let checkedIn = try String(contentsOf: url, encoding: .utf8)
        let verdicts = try ServerVerdicts.load(from: CorpusLocation.root)
        let regenerated = VectorFamilies.generate(file.family, seed: file.seed, count: file.count, serverVerdicts: verdicts,
                                                  retiredIds: Set(try Corpus.retiredIds(at: CorpusLocation.root)))
        let same = regenerated == checkedIn
        #expect(same, "\(path) is stale; run: swift run parse-wire vectors generate --area \(file.family.rawValue) --seed \(file.seed) --count \(file.count)")
    }

    @Test("another seed gives other cases and other ids")
    func seedsDiffer() {
        let first = VectorFamilies.generate(.values, seed: 1, count: 5)
        let second = VectorFamilies.generate(.values, seed: 2, count: 5)
        #expect(first != second)
        #expect(VectorFamilies.generate(.values, seed: 2, count: 5) == second)
    }
}
