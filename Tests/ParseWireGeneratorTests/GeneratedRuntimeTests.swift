import Foundation
import GeneratedSeedModels
import Testing
@testable import ParseWire

/// The byte-level shortcuts of the generated runtime agree with the plain rules they stand for.
@Suite struct GeneratedRuntimeTests {
    @Test func keysAreCopiedWhole() {
        for count in 0...40 {
            let source = (0..<count).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
            var target = [UInt8](repeating: 0, count: count + 8)
            source.withUnsafeBytes { from in
                target.withUnsafeMutableBytes { to in
                    GeneratedWireWriter.copyKey(from.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count, to: to.baseAddress!)
                }
            }
            #expect(Array(target[..<count]) == source, "\(count) bytes")
            #expect(target[count...].allSatisfy { $0 == 0 }, "\(count) bytes: written past the end")
        }
    }

    @Test func keysMatchOnlyThemselves() {
        let names: [StaticString] = ["a", "ACL", "objectId", "createdAt", "nutritionalInfo", "aVeryLongFieldNameOfManyWords"]
        let keys = GeneratedWireKeys(names)
        for (position, name) in names.enumerated() {
            let text = Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            for other in 0..<names.count {
                let matched = text.withUnsafeBufferPointer { keys.matches(other, $0.baseAddress!, $0.count) }
                #expect(matched == (other == position), "\(name) against \(names[other])")
            }
            // One byte changed anywhere is another key.
            for changed in text.indices {
                var altered = text
                altered[changed] ^= 0x20
                #expect(!altered.withUnsafeBufferPointer { keys.matches(position, $0.baseAddress!, $0.count) }, "\(name) changed at \(changed)")
            }
        }
    }
}

/// Documents whose ids, Pointers and map keys the generated reader checks on the input's bytes:
/// it reads what the bridge reads and hands the bridge everything the bridge refuses.
@Suite struct GeneratedByteChecksTests {
    static let head = #"{"name":"n","servings":1,"price":1,"isAvailable":true,"category":0,"ingredients":[],"sideOptions":[],"#

    static func recipe(objectId: String = #""r1""#, author: String = #""Author""#, authorId: String = #""a1""#,
                       mapKey: String = #""kcal""#, createdAt: String = #""2024-01-02T03:04:05.678Z""#,
                       releaseDate: String = #""2024-01-02T03:04:05.678Z""#) -> [UInt8] {
        Array((head + #""releaseDate":{"__type":"Date","iso":\#(releaseDate)},"createdAt":\#(createdAt),"#
            + #""objectId":\#(objectId),"nutritionalInfo":{\#(mapKey):"1"},"#
            + #""author":{"__type":"Pointer","className":\#(author),"objectId":\#(authorId)}}"#).utf8)
    }

    /// Dates the generated reader reads from the input's bytes, and the spellings it must hand on.
    static let dates: [(String, String)] = [
        ("date", #""2024-02-29T23:59:59.999Z""#),
        ("month 13", #""2024-13-02T03:04:05.678Z""#),
        ("February 30", #""2023-02-30T03:04:05.678Z""#),
        ("year 0000", #""0000-01-02T03:04:05.678Z""#),
        ("no fraction", #""2024-01-02T03:04:05Z""#),
        ("two fraction digits", #""2024-01-02T03:04:05.67Z""#),
        ("an offset", #""2024-01-02T03:04:05.678+01:00""#),
        ("no zone", #""2024-01-02T03:04:05.678""#),
        ("written with escapes", #""2024-01-02T03:04:05.678\u005a""#),
        ("written with a bad escape", #""2024-01-02T03:04:05.678\u0059""#),
        ("a number", "1704164645678"),
        ("null", "null"),
    ]

    static let documents: [(String, [UInt8])] = [
        ("plain", recipe()),
        ("objectId with $", recipe(objectId: #""r$1""#)),
        ("empty objectId", recipe(objectId: #""""#)),
        ("objectId with an escaped $", recipe(objectId: #""r\u00241""#)),
        ("objectId with escapes", recipe(objectId: #""r\u0031""#)),
        ("Pointer to another class", recipe(author: #""Recipe""#)),
        ("Pointer to an invalid class", recipe(author: #""Auth-or""#)),
        ("Pointer class written with escapes", recipe(author: #""Auth\u006fr""#)),
        ("Pointer id with $", recipe(authorId: #""a$1""#)),
        ("empty Pointer id", recipe(authorId: #""""#)),
        ("Pointer id with an escaped $", recipe(authorId: #""a\u00241""#)),
        ("map key with a dot", recipe(mapKey: #""a.b""#)),
        ("map key with $", recipe(mapKey: #""$b""#)),
        ("denylisted map key", recipe(mapKey: #""_bsontype""#)),
        ("map key __type", recipe(mapKey: #""__type""#)),
        ("map key with escapes", recipe(mapKey: #""k\u0065y""#)),
        ("map key with an escaped dot", recipe(mapKey: #""a\u002eb""#)),
        ("map key not an identifier", recipe(mapKey: #""two words""#)),
        // Different keys that a Swift `[String: String]` cannot hold both of (STR-4).
        ("map keys equal only as Swift strings", recipe(mapKey: "\"\u{E9}\":\"1\",\"e\u{301}\"")),
        ("map keys K and the Kelvin sign", recipe(mapKey: "\"K\":\"1\",\"\u{212A}\"")),
        // Members whose keys are written with escapes name the same fields as the bridge reads them.
        ("member key with escapes", withKey(#""objectId""#, as: #""obj\u0065ctId""#)),
        ("member key with escapes where it is expected", withKey(#""servings""#, as: #""s\u0065rvings""#)),
    ] + dates.flatMap { name, text in
        [("createdAt: " + name, recipe(createdAt: text)), ("releaseDate: " + name, recipe(releaseDate: text))]
    }

    /// ``recipe(objectId:author:authorId:mapKey:)`` with one member's key written otherwise.
    static func withKey(_ key: String, as written: String) -> [UInt8] {
        Array(String(decoding: recipe(), as: UTF8.self).replacingOccurrences(of: key + ":", with: written + ":").utf8)
    }

    @Test(arguments: documents)
    func generatedReadsWhatTheBridgeReads(name: String, document: [UInt8]) {
        let bridge = BridgeAgreementTests.bridgeValue(Recipe.self, document, mode: .fetchedObject)
        let generated = BridgeAgreementTests.generatedValue(Recipe.self, document, mode: .fetchedObject)
        let decoded = Result { try ParseWireDecoder().decode(Recipe.self, from: document, as: .fetchedObject) }
        switch bridge {
        case .success(let expected):
            #expect(generated == nil || generated == expected, "\(name): generated code read \(String(describing: generated))")
            #expect((try? decoded.get()) == expected, "\(name)")
        case .failure(let error):
            #expect(generated == nil, "\(name): the bridge refuses it (\(error)), generated code read it")
            #expect(String(describing: decoded) == String(describing: Result<Recipe, any Error>.failure(error)), "\(name)")
        }
    }

    /// A map whose keys differ in their bytes but not as Swift strings goes to the bridge, which
    /// refuses it; read by generated code, one of its values was dropped.
    @Test func mapKeysEqualAsStringsAreHandedOn() {
        let document = Self.recipe(mapKey: "\"\u{E9}\":\"1\",\"e\u{301}\"")
        #expect(BridgeAgreementTests.generatedValue(Recipe.self, document, mode: .fetchedObject) == nil)
        let decoded = Result { try ParseWireDecoder().decode(Recipe.self, from: document, as: .fetchedObject) }
        #expect(((try? decoded.get())?.nutritionalInfo.count) == nil, "read as \(decoded)")
    }

    /// The common shapes are read by generated code, not handed to the bridge.
    @Test func plainDocumentTakesTheGeneratedPath() {
        let recipe = BridgeAgreementTests.generatedValue(Recipe.self, Self.recipe(), mode: .fetchedObject)
        #expect(recipe?.author?.objectId == "a1")
        #expect(recipe?.createdAt == Date(timeIntervalSince1970: 1_704_164_645.678))
        let leapDay = BridgeAgreementTests.generatedValue(Recipe.self, Self.recipe(releaseDate: Self.dates[0].1), mode: .fetchedObject)
        #expect(leapDay?.releaseDate == Date(timeIntervalSince1970: 1_709_251_199.999))
    }
}
