import Foundation
import ParseWire
import PropertyTesting
import SeedModels

/// Listings through the Codable bridge beside Foundation: the Recipe rows have no `ParseValue`
/// field, and a Listing's `tags` (`[ParseValue]`) and `details` (`[String: ParseValue]`) hold nested
/// arrays and maps, so these rows time the bridge building and writing untyped values inside a
/// typed record. Each record encoded as a fetched object; the query-style array of all decoded.
enum ListingCases {
    /// Deterministic Listings (their own seed, so the other datasets do not change with them).
    static func listings(count: Int) -> [Listing] {
        var random = SplitMix64(seed: 0x11_57)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next(upTo: UInt64(choices.count - 1)))] }
        func number() -> ParseValue { .number(ParseNumber(Int(random.next(upTo: 100_000)) - 50_000)) }
        let words: [ParseValue] = ["quiet", "terrace", "wifi", "\"dog\" friendly", "café", "late\nnight", "vegan 🌱", "parking",
                                   "back\\room", "cash", "tapas", "jazz"]
        let start: Int64 = 1_500_000_000_000
        return (0..<count).map { index in
            let created = try! ParseDate(epochMilliseconds: start + Int64(random.next(upTo: 100_000_000_000))).date
            // Scalars, a nested array (with an array in it) and a nested map (with an array in it).
            let tags: [ParseValue] = (0..<Int(random.next(upTo: 3)) + 1).map { _ in pick(words) } + [
                number(),
                .array(ParseArray([number(), pick(words), .array([.bool(random.next(upTo: 1) == 1), .null, number()])])),
                .map(["label": pick(words), "score": number(), "seen": .array([number(), number()])]),
            ]
            let details: [String: ParseValue] = [
                "hours": .map(["open": "08:00", "close": "22:30", "days": .array([number(), number(), number()])]),
                "floors": .array(ParseArray((0..<Int(random.next(upTo: 3)) + 1).map { _ in
                    .map(["level": number(), "seats": number(), "note": pick(words)])
                })),
                "note": pick(words),
                "verified": .bool(random.next(upTo: 1) == 1),
            ]
            return Listing(
                objectId: "l" + String(format: "%09d", index),
                createdAt: created,
                updatedAt: try! ParseDate(epochMilliseconds: ParseDate(created).epochMilliseconds + Int64(random.next(upTo: 1_000_000))).date,
                title: "Listing no. \(index)",
                rating: Double(random.next(upTo: 50)) / 10,
                isOpen: random.next(upTo: 1) == 1,
                tags: tags,
                details: details
            )
        }
    }

    static func cases(_ data: Datasets) throws -> [BenchCase] {
        let ours = ParseWireEncoder()
        let oursDecoder = ParseWireDecoder()
        let listings = data.listings
        let records = try listings.map { try ours.encodeBytes($0, as: .fetchedObject) }
        let document = Datasets.document(of: records)
        let total = records.reduce(0) { $0 + $1.count }
        try Check.equal(try oursDecoder.decode([Listing].self, from: document), listings, "ParseWire Listing round trip")
        // Compared as wire values, as the Recipe rows are: dictionaries change order.
        let encoded = try FoundationCoders.encoder(typical: false).encode(listings)
        let decoded = try FoundationCoders.decoder(typical: false).decode([Listing].self, from: encoded)
        let context = WireContext.object(className: Listing.className)
        try Check.equal(try decoded.map { try ParseValueDecoder().decode(try ours.encodeBytes($0, as: .fetchedObject), context: context) },
                        try records.map { try ParseValueDecoder().decode($0, context: context) }, "Foundation Listing round trip")
        let foundationDecoded = try FoundationCoders.decoder(typical: false).decode([Listing].self, from: Data(document))
        try Check.equal(foundationDecoded, listings, "Foundation reads ParseWire's Listings")

        let encodeBaseline = "Foundation JSONEncoder, fast date hook"
        let decodeBaseline = "Foundation JSONDecoder, fast date hook"
        let documentData = Data(document)
        return [
            BenchCase(name: encodeBaseline, group: "Listing encode", baseline: nil, bytes: total, records: listings.count) {
                let encoder = FoundationCoders.encoder(typical: false)
                for listing in listings { _ = try encoder.encode(listing) }
            },
            BenchCase(name: "ParseWireEncoder", group: "Listing encode", baseline: encodeBaseline, bytes: total, records: listings.count) {
                for listing in listings { _ = try ours.encodeBytes(listing, as: .fetchedObject) }
            },
            BenchCase(name: decodeBaseline, group: "Listing decode", baseline: nil, bytes: document.count, records: listings.count) {
                _ = try FoundationCoders.decoder(typical: false).decode([Listing].self, from: documentData)
            },
            BenchCase(name: "ParseWireDecoder", group: "Listing decode", baseline: decodeBaseline, bytes: document.count,
                      records: listings.count) {
                _ = try oursDecoder.decode([Listing].self, from: document)
            },
        ]
    }
}
