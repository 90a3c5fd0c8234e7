import Foundation
import ParseWire
import SeedModels

/// The benchmark cases, built over the datasets, each checked for correctness before it is timed.
struct Cases {
    let all: [BenchCase]

    /// Every operation timed, in the order of the report.
    static let operations = ["Recipe encode", "Recipe decode", "Recipe decode, one per document",
                             "Listing encode", "Listing decode", "untyped decode", "untyped encode", "date format", "date parse",
                             "grid [[[[Int]]]] encode", "grid [[[[Int]]]] decode", "depth 50 encode", "depth 50 decode",
                             "depth 400 encode", "depth 400 decode"]

    /// Builds and checks the cases of the operations `selects` (all by default); data nobody
    /// selected is not checked, so that a profile of one operation is not swamped by the rest.
    init(_ data: Datasets, selecting selects: (_ operation: String) -> Bool = { _ in true }) throws {
        var cases: [BenchCase] = []
        func wants(_ operations: String...) -> Bool { operations.contains(where: selects) }
        if wants("Recipe encode", "Recipe decode", "Recipe decode, one per document") {
            cases += try Self.recipeCases(data) + GeneratedCases.cases(data)
        }
        if wants("Listing encode", "Listing decode") { cases += try ListingCases.cases(data) }
        if wants("untyped decode", "untyped encode") { cases += try Self.untypedCases(data) }
        if wants("date format", "date parse") { cases += try Self.dateCases(data.dates) }
        if wants("grid [[[[Int]]]] encode", "grid [[[[Int]]]] decode") {
            cases += try Self.codableCases(group: "grid [[[[Int]]]]", data.grid, records: 100_000)
        }
        if wants("depth 50 encode", "depth 50 decode") {
            cases += try Self.codableCases(group: "depth 50", data.nests50, records: data.nests50.count * 50)
        }
        if wants("depth 400 encode", "depth 400 decode") {
            cases += try Self.codableCases(group: "depth 400", data.nests400, records: data.nests400.count * 400)
        }
        all = cases.filter { selects($0.group) }
    }

    /// Codable Recipes: each record encoded as a fetched object; the query-style array of all decoded.
    static func recipeCases(_ data: Datasets) throws -> [BenchCase] {
        var cases: [BenchCase] = []
        let ours = ParseWireEncoder()
        let oursDecoder = ParseWireDecoder()

        let recipeBytes = try data.recipeRecords()
        let recipeDocument = Datasets.document(of: recipeBytes)
        let recipeTotal = recipeBytes.reduce(0) { $0 + $1.count }
        try Check.equal(try oursDecoder.decode([Recipe].self, from: recipeDocument), data.recipes, "ParseWire Recipe round trip")
        for typical in [false, true] {
            // Compared as wire values: a Date read by ISO8601DateFormatter can differ from the source
            // in the last bit while naming the same millisecond, and dictionaries change order.
            let encoded = try FoundationCoders.encoder(typical: typical).encode(data.recipes)
            let decoded = try FoundationCoders.decoder(typical: typical).decode([Recipe].self, from: encoded)
            let context = WireContext.object(className: Recipe.className)
            try Check.equal(try decoded.map { try ParseValueDecoder().decode(try ours.encodeBytes($0, as: .fetchedObject), context: context) },
                            try recipeBytes.map { try ParseValueDecoder().decode($0, context: context) },
                            "Foundation Recipe round trip (\(typical ? "ISO8601DateFormatter" : "fast date hook"))")
        }
        let fastName = "Foundation JSONEncoder, fast date hook"
        cases.append(BenchCase(name: fastName, group: "Recipe encode", baseline: nil, bytes: recipeTotal, records: data.recipes.count) {
            let encoder = FoundationCoders.encoder(typical: false)
            for recipe in data.recipes { _ = try encoder.encode(recipe) }
        })
        cases.append(BenchCase(name: "Foundation JSONEncoder, ISO8601DateFormatter", group: "Recipe encode", baseline: fastName,
                               bytes: recipeTotal, records: data.recipes.count) {
            let encoder = FoundationCoders.encoder(typical: true)
            for recipe in data.recipes { _ = try encoder.encode(recipe) }
        })
        cases.append(BenchCase(name: "ParseWireEncoder", group: "Recipe encode", baseline: fastName, bytes: recipeTotal,
                               records: data.recipes.count) {
            for recipe in data.recipes { _ = try ours.encodeBytes(recipe, as: .fetchedObject) }
        })
        let recipeData = Data(recipeDocument)
        let fastDecodeName = "Foundation JSONDecoder, fast date hook"
        cases.append(BenchCase(name: fastDecodeName, group: "Recipe decode", baseline: nil, bytes: recipeDocument.count,
                               records: data.recipes.count) {
            _ = try FoundationCoders.decoder(typical: false).decode([Recipe].self, from: recipeData)
        })
        cases.append(BenchCase(name: "Foundation JSONDecoder, ISO8601DateFormatter", group: "Recipe decode", baseline: fastDecodeName,
                               bytes: recipeDocument.count, records: data.recipes.count) {
            _ = try FoundationCoders.decoder(typical: true).decode([Recipe].self, from: recipeData)
        })
        cases.append(BenchCase(name: "ParseWireDecoder", group: "Recipe decode", baseline: fastDecodeName, bytes: recipeDocument.count,
                               records: data.recipes.count) {
            _ = try oursDecoder.decode([Recipe].self, from: recipeDocument)
        })
        return cases
    }

    /// The Recipe document as untyped values: JSONSerialization against ParseValue, and the scan alone.
    static func untypedCases(_ data: Datasets) throws -> [BenchCase] {
        var cases: [BenchCase] = []
        let recipeDocument = Datasets.document(of: try data.recipeRecords())
        let recipeData = Data(recipeDocument)
        let value = try ParseValueDecoder().decode(recipeDocument)
        try Check.equal(try ParseValueEncoder().encode(value), recipeDocument, "ParseValue round trip")
        let foundationTree = try JSONSerialization.jsonObject(with: recipeData)
        cases.append(BenchCase(name: "JSONSerialization parse", group: "untyped decode", baseline: nil, bytes: recipeDocument.count,
                               records: data.recipes.count) {
            _ = try JSONSerialization.jsonObject(with: recipeData)
        })
        cases.append(BenchCase(name: "ParseValueDecoder (ParseValue)", group: "untyped decode", baseline: "JSONSerialization parse",
                               bytes: recipeDocument.count, records: data.recipes.count) {
            _ = try ParseValueDecoder().decode(recipeDocument)
        })
        cases.append(BenchCase(name: "structural scan", group: "untyped decode", baseline: "JSONSerialization parse",
                               bytes: recipeDocument.count, records: data.recipes.count) {
            _ = try recipeDocument.withUnsafeBufferPointer { (buffer) throws(ParseWireError) in try PackageHooks.scan(buffer) }
        })
        cases.append(BenchCase(name: "JSONSerialization write", group: "untyped encode", baseline: nil, bytes: recipeDocument.count,
                               records: data.recipes.count) {
            _ = try JSONSerialization.data(withJSONObject: foundationTree)
        })
        cases.append(BenchCase(name: "ParseValueEncoder (ParseValue)", group: "untyped encode", baseline: "JSONSerialization write",
                               bytes: recipeDocument.count, records: data.recipes.count) {
            _ = try ParseValueEncoder().encode(value)
        })
        return cases
    }

    /// Date formatting and parsing alone, against ISO8601DateFormatter.
    static func dateCases(_ milliseconds: [Int64]) throws -> [BenchCase] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let dates = try milliseconds.map { try ParseDate(epochMilliseconds: $0).date }
        let texts = try milliseconds.map { try ParseDate(epochMilliseconds: $0).isoString }
        let textBytes = texts.map { Array($0.utf8) }
        for (index, bytes) in textBytes.enumerated() {
            let parsed = try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) in try PackageHooks.parseDate(buffer) }
            try Check.equal(parsed, milliseconds[index], "date parse")
        }
        let count = milliseconds.count
        return [
            BenchCase(name: "ISO8601DateFormatter format", group: "date format", baseline: nil, bytes: count * 24, records: count) {
                for date in dates { _ = formatter.string(from: date) }
            },
            BenchCase(name: "ParseWire format", group: "date format", baseline: "ISO8601DateFormatter format", bytes: count * 24,
                      records: count) {
                var checksum = 0
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
                    for value in milliseconds {
                        PackageHooks.formatDate(epochMilliseconds: value, to: buffer.baseAddress!)
                        checksum &+= Int(buffer[22])
                    }
                }
                Sink.keep(checksum)
            },
            BenchCase(name: "ISO8601DateFormatter parse", group: "date parse", baseline: nil, bytes: count * 24, records: count) {
                for text in texts { _ = formatter.date(from: text) }
            },
            BenchCase(name: "ParseWire parse", group: "date parse", baseline: "ISO8601DateFormatter parse", bytes: count * 24,
                      records: count) {
                var checksum: Int64 = 0
                for bytes in textBytes {
                    checksum &+= try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) in try PackageHooks.parseDate(buffer) }
                }
                Sink.keep(Int(truncatingIfNeeded: checksum))
            },
        ]
    }

    /// Codable encode and decode of one value, ParseWire against Foundation.
    static func codableCases<T: Codable & Equatable>(group: String, _ value: T, records: Int) throws -> [BenchCase] {
        let ours = try ParseWireEncoder().encodeBytes(value)
        let theirs = try JSONEncoder().encode(value)
        try Check.equal(try ParseWireDecoder().decode(T.self, from: ours), value, "\(group) ParseWire round trip")
        try Check.equal(try JSONDecoder().decode(T.self, from: theirs), value, "\(group) Foundation round trip")
        return [
            BenchCase(name: "JSONEncoder", group: "\(group) encode", baseline: nil, bytes: theirs.count, records: records) {
                _ = try JSONEncoder().encode(value)
            },
            BenchCase(name: "ParseWireEncoder", group: "\(group) encode", baseline: "JSONEncoder", bytes: ours.count, records: records) {
                _ = try ParseWireEncoder().encodeBytes(value)
            },
            BenchCase(name: "JSONDecoder", group: "\(group) decode", baseline: nil, bytes: theirs.count, records: records) {
                _ = try JSONDecoder().decode(T.self, from: theirs)
            },
            BenchCase(name: "ParseWireDecoder", group: "\(group) decode", baseline: "JSONDecoder", bytes: ours.count, records: records) {
                _ = try ParseWireDecoder().decode(T.self, from: ours)
            },
        ]
    }
}

/// Keeps a result alive so that the optimiser cannot drop the work that produced it.
enum Sink {
    nonisolated(unsafe) static var total = 0

    @inline(never) static func keep(_ value: Int) { total &+= value }
}

/// The benchmark's correctness checks: a case whose output does not read back is not timed.
enum Check {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func equal<T: Equatable>(_ actual: T, _ expected: T, _ what: String) throws {
        guard actual == expected else { throw Failure(description: "\(what): the output does not read back as the source data") }
    }
}
