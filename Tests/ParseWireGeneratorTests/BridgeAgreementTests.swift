import Foundation
import GeneratedSeedModels
import PropertyTestingSupport
import Testing
@testable import ParseWire

/// Generated coding writes and reads exactly what the Codable bridge does: the same bytes for
/// every record the bridge can write, in every mode and nil policy; the same value for every
/// document the bridge can read; and it hands every record or document the bridge refuses back
/// to the bridge (so the error is the bridge's own).
///
/// `PBT_COUNT` sets the records per property (the default keeps `swift test` short).
@Suite struct BridgeAgreementTests {
    static let modes: [ParseWireMode] = [.value, .fetchedObject, .saveBody, .updateBody]
    static let policies: [ParseWireEncodingOptions.NilPolicy] = [.omit, .null, .delete]

    /// The bridge's bytes for `value`, or `nil` when it refuses it.
    static func bridgeBytes<T: Encodable>(_ value: T, mode: ParseWireMode, options: ParseWireEncodingOptions) -> [UInt8]? {
        GeneratedFastPath.$isBypassed.withValue(true) { try? ParseWireEncoder(options: options).encodeBytes(value, as: mode) }
    }

    /// The bridge's value for `bytes`, or its error.
    static func bridgeValue<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], mode: ParseWireMode) -> Result<T, any Error> {
        GeneratedFastPath.$isBypassed.withValue(true) { Result { try ParseWireDecoder().decode(T.self, from: bytes, as: mode) } }
    }

    /// The generated value for `bytes`, or `nil` when generated code hands the document to the bridge.
    static func generatedValue<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], mode: ParseWireMode) -> T? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let tape = try? JSONScanner.scan(buffer) else { return nil }
            return try? GeneratedFastPath.decode(T.self, input: buffer, tape: tape, options: ParseWireDecodingOptions(), mode: mode)
        }
    }

    /// The direct reader's value for `bytes` (no tape), or `nil` when it refuses the document.
    static func directValue<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], mode: ParseWireMode) -> T? {
        bytes.withUnsafeBufferPointer { buffer in
            try? GeneratedFastPath.decodeDirect(T.self, input: buffer, options: ParseWireDecodingOptions(), mode: mode)
        }
    }

    /// Checks one record in every mode and nil policy, and reads back what the bridge wrote, through
    /// the tape and directly.
    static func agree<T: Codable & Equatable>(_ value: T) throws {
        for mode in modes {
            for policy in policies {
                var options = ParseWireEncodingOptions()
                options.nilPolicy = policy
                let bridge = bridgeBytes(value, mode: mode, options: options)
                let generated = GeneratedFastPath.encode(value, mode: mode, options: options)
                guard let bridge else {
                    try ensure(generated == nil, "the bridge refuses the record in \(mode)/\(policy), generated code wrote \(String(decoding: generated ?? [], as: UTF8.self))")
                    continue
                }
                try ensure(generated == bridge, "\(mode)/\(policy): generated \(String(decoding: generated ?? [], as: UTF8.self))\n bridge    \(String(decoding: bridge, as: UTF8.self))")
                let read = bridgeValue(T.self, bridge, mode: mode)
                let generatedRead = generatedValue(T.self, bridge, mode: mode)
                let directRead = directValue(T.self, bridge, mode: mode)
                switch read {
                case .success(let expected):
                    try ensure(generatedRead == expected, "\(mode)/\(policy): generated code read \(String(describing: generatedRead)), the bridge \(expected) from \(String(decoding: bridge, as: UTF8.self))")
                    try ensure(directRead == nil || directRead == expected, "\(mode)/\(policy): the direct reader read \(String(describing: directRead)), the bridge \(expected) from \(String(decoding: bridge, as: UTF8.self))")
                case .failure:
                    try ensure(generatedRead == nil, "\(mode)/\(policy): the bridge refuses \(String(decoding: bridge, as: UTF8.self)), generated code read it")
                    try ensure(directRead == nil, "\(mode)/\(policy): the bridge refuses \(String(decoding: bridge, as: UTF8.self)), the direct reader read it")
                }
            }
        }
    }

    @Test func recipesAgree() {
        property("generated Recipe coding agrees with the bridge", count: 300, SeedRecords.recipe) { try Self.agree($0) }
    }

    @Test func listingsAgree() {
        property("generated Listing coding agrees with the bridge", count: 300, SeedRecords.listing) { try Self.agree($0) }
    }

    @Test func booksAgree() {
        property("generated Book coding agrees with the bridge", count: 200, SeedRecords.book) { try Self.agree($0) }
    }

    @Test func fetchedArraysAgree() {
        property("a fetched array of Recipes agrees with the bridge", count: 100, Gen.array(of: SeedRecords.recipe, maximum: 5, average: 2)) { recipes in
            let bridge = Self.bridgeBytes(recipes, mode: .fetchedObject, options: ParseWireEncodingOptions())
            let generated = GeneratedFastPath.encode(recipes, mode: .fetchedObject, options: ParseWireEncodingOptions())
            try ensure(generated == bridge, "generated \(String(decoding: generated ?? [], as: UTF8.self))\n bridge    \(String(decoding: bridge ?? [], as: UTF8.self))")
            guard let bridge else { return }
            let expected = try Self.bridgeValue([Recipe].self, bridge, mode: .fetchedObject).get()
            try ensure(Self.generatedValue([Recipe].self, bridge, mode: .fetchedObject) == expected, "the array reads back otherwise")
            let direct = Self.directValue([Recipe].self, bridge, mode: .fetchedObject)
            try ensure(direct == nil || direct == expected, "the array reads back otherwise directly")
        }
    }

    /// The common records take the generated path: it does not hand everything to the bridge.
    @Test func plainRecipeTakesTheGeneratedPath() throws {
        let recipe = Recipe(objectId: "r1", createdAt: Date(timeIntervalSince1970: 1_700_000_000), name: "Pancakes", servings: 4, price: 3.5,
                            isAvailable: true, category: .breakfast, ingredients: [.init(quantity: 0.5, description: "milk")],
                            sideOptions: ["jam"], nutritionalInfo: ["kcal": "300"], releaseDate: Date(timeIntervalSince1970: 1_700_000_000))
        let bytes = try #require(GeneratedFastPath.encode(recipe, mode: .fetchedObject, options: ParseWireEncodingOptions()))
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"objectId":"r1","createdAt":"2023-11-14T22:13:20.000Z","name":"Pancakes","servings":4,"price":3.5,"isAvailable":true,"category":0,"ingredients":[{"quantity":0.5,"description":"milk"}],"sideOptions":["jam"],"nutritionalInfo":{"kcal":"300"},"releaseDate":{"__type":"Date","iso":"2023-11-14T22:13:20.000Z"}}"#)
        #expect(Self.generatedValue(Recipe.self, bytes, mode: .fetchedObject) == recipe)
        #expect(Self.directValue(Recipe.self, bytes, mode: .fetchedObject) == recipe)
        #expect(try ParseWireDecoder().decode(Recipe.self, from: bytes, as: .fetchedObject) == recipe)
    }
}
