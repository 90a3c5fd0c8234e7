import Foundation
import ParseWireConformance

/// `parse-wire vectors generate`: writes a reproducible family of generated vectors.
extension VectorsCommand {
    static func generate(_ arguments: [String]) throws -> Int32 {
        var reader = ArgumentReader(arguments)
        var corpusOption: URL?
        var family: VectorFamilies.Family?
        var seed: UInt64?
        var count = 100
        var output: String?
        while let argument = reader.next() {
            switch argument {
            case "--area":
                let name = try reader.value(for: argument)
                guard let known = VectorFamilies.Family(rawValue: name) else {
                    throw UsageError("--area must be one of \(VectorFamilies.familyNames.joined(separator: ", ")), not '\(name)'")
                }
                family = known
            case "--seed":
                let text = try reader.value(for: argument)
                guard let value = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text) else {
                    throw UsageError("--seed needs a decimal or 0x-hexadecimal number, not '\(text)'")
                }
                seed = value
            case "--count":
                let text = try reader.value(for: argument)
                guard let number = Int(text), (1...10_000).contains(number) else { throw UsageError("--count needs a number from 1 to 10000") }
                count = number
            case "--output":
                output = try reader.value(for: argument)
            case "--corpus":
                corpusOption = URL(fileURLWithPath: try reader.value(for: argument))
            default:
                throw UsageError("unknown argument '\(argument)'")
            }
        }
        guard let family else { throw UsageError("--area is required (\(VectorFamilies.familyNames.joined(separator: ", ")))") }
        guard let seed else { throw UsageError("--seed is required") }
        let location = try CorpusLocation.resolve(option: corpusOption)
        if output == nil, location.isEmbedded {
            throw UsageError("the corpus inside parse-wire cannot be changed; give --output FILE, or --corpus DIR")
        }
        let corpus = try location.directory()
        let text = VectorFamilies.generate(family, seed: seed, count: count, serverVerdicts: try ServerVerdicts.load(from: corpus),
                                           retiredIds: Set(try Corpus.retiredIds(at: corpus)))
        let url = output.map { URL(fileURLWithPath: $0) }
            ?? corpus.appendingPathComponent("cases/\(family.rawValue)/seed-\(seed).json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        print("wrote \(url.path)")
        return ExitStatus.success
    }
}
