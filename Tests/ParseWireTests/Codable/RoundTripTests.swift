import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// Every seed model survives encode → decode in every mode, over many generated values, and the
/// strict wire decoder accepts every document the bridge writes.
@Suite struct RoundTripTests {
    static let casesPerModel = 150

    /// Encodes, checks the strict decoder accepts the bytes, decodes, and compares with what the
    /// mode keeps (a body drops the server-owned keys).
    func check<T: ParseObject & Equatable>(_ make: (inout SeedGenerator) -> T, mode: ParseWireMode, seed: UInt64) throws {
        var generator = SeedGenerator(seed: seed)
        for _ in 0..<Self.casesPerModel {
            let value = make(&generator)
            let bytes = try ParseWireEncoder().encodeBytes(value, as: mode)
            do {
                _ = try ParseValueDecoder().decode(bytes, context: mode.context(className: T.className))
            } catch {
                Issue.record("the strict decoder rejects \(String(decoding: bytes, as: UTF8.self)): \(error)")
            }
            let decoded = try ParseWireDecoder().decode(T.self, from: bytes, as: mode)
            #expect(decoded == (mode.isBody ? value.unsaved : value), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test("a Recipe round-trips exactly in every mode", arguments: ParseWireMode.all)
    func recipe(mode: ParseWireMode) throws { try check({ $0.recipe() }, mode: mode, seed: 1) }

    @Test("a Book round-trips exactly in every mode", arguments: ParseWireMode.all)
    func book(mode: ParseWireMode) throws { try check({ $0.book() }, mode: mode, seed: 2) }

    @Test("Author, Publisher, Genre and ISBN round-trip exactly in every mode", arguments: ParseWireMode.all)
    func bookRelatives(mode: ParseWireMode) throws {
        try check({ $0.author() }, mode: mode, seed: 3)
        try check({ $0.publisher() }, mode: mode, seed: 4)
        try check({ $0.genre() }, mode: mode, seed: 5)
        try check({ $0.isbn() }, mode: mode, seed: 6)
    }

    @Test("a TodoListItem round-trips exactly in every mode", arguments: ParseWireMode.all)
    func todo(mode: ParseWireMode) throws { try check({ $0.todo() }, mode: mode, seed: 7) }

    @Test("Item and Category (one-to-many with an inverse) round-trip exactly in every mode", arguments: ParseWireMode.all)
    func oneToMany(mode: ParseWireMode) throws {
        try check({ $0.item() }, mode: mode, seed: 8)
        try check({ $0.category() }, mode: mode, seed: 9)
    }

    @Test("an update body with nil written as null or Delete round-trips to nil", arguments: [ParseWireEncodingOptions.NilPolicy.null, .delete])
    func nilPolicies(policy: ParseWireEncodingOptions.NilPolicy) throws {
        var options = ParseWireEncodingOptions()
        options.nilPolicy = policy
        var generator = SeedGenerator(seed: 10)
        for _ in 0..<Self.casesPerModel {
            let item = generator.item()
            let bytes = try ParseWireEncoder(options: options).encodeBytes(item, as: .updateBody)
            _ = try ParseValueDecoder().decode(bytes, context: .update)
            #expect(try ParseWireDecoder().decode(Item.self, from: bytes, as: .updateBody) == item.unsaved)
        }
    }

    @Test("Floats survive bit for bit, Doubles and Int64 exactly, dates to the millisecond")
    func scalarsAreExact() throws {
        struct Scalars: Codable, Equatable {
            var float: Float
            var double: Double
            var int64: Int64
            var uint64: UInt64
            var date: Date
        }
        var generator = SeedGenerator(seed: 11)
        for _ in 0..<2_000 {
            let value = Scalars(float: generator.float(), double: generator.double(), int64: Int64(generator.int()),
                                uint64: generator.random.next(), date: generator.date())
            let decoded = try ParseWireDecoder().decode(Scalars.self, from: ParseWireEncoder().encodeBytes(value))
            #expect(decoded.float.bitPattern == value.float.bitPattern)
            #expect(decoded.double.bitPattern == value.double.bitPattern)
            #expect(decoded == value)
        }
    }
}
