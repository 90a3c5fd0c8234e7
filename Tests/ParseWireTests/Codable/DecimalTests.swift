import Foundation
import Testing
@testable import ParseWire

/// `Decimal` is an exact JSON number both ways, in every mode.
@Suite struct DecimalTests {
    struct Price: Codable, Equatable {
        var amount: Decimal
        var history: [Decimal]
        var discount: Decimal?
    }

    struct Product: ParseObject, Equatable {
        var objectId: String?
        var createdAt: Date?
        var updatedAt: Date?
        var ACL: ParseACL?
        var price: Decimal
    }

    @Test("a Decimal is written as its exact number, in the notation of every number", arguments: [
        ("19.99", "19.99"), ("0.1", "0.1"), ("-0.001", "-0.001"), ("0", "0"), ("1000", "1000"),
        ("123456789012345678901234567890", "1.2345678901234567890123456789e+29"), ("0.3000000000000000000000000000001", "0.3000000000000000000000000000001"),
        ("0.000000123", "1.23e-7"), ("-42", "-42"), ("1e30", "1e+30"),
    ])
    func encodes(text: String, expected: String) throws {
        let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(try ParseWireEncoder().encodeString(value) == expected)
        #expect(try ParseWireEncoder().encodeString(Price(amount: value, history: [value], discount: value))
            == #"{"amount":\#(expected),"history":[\#(expected)],"discount":\#(expected)}"#)
    }

    @Test("a JSON number is read into a Decimal exactly, not through a Double", arguments: [
        ("19.99", "19.99"), ("1e3", "1000"), ("1E+3", "1000"), ("42", "42"), ("-0.5", "-0.5"), ("0.1", "0.1"),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("0.30000000000000000000000000001", "0.30000000000000000000000000001"), ("-0", "0"), ("12.5e-3", "0.0125"),
        ("9007199254740993", "9007199254740993"),
    ])
    func decodes(text: String, expected: String) throws {
        let decoded = try ParseWireDecoder().decode(Decimal.self, from: text)
        let exact = try #require(Decimal(string: expected, locale: Locale(identifier: "en_US_POSIX")))
        #expect(decoded == exact)
        #expect(decoded.description == exact.description)
    }

    @Test("Decimals round-trip in every mode")
    func everyMode() throws {
        let price = Price(amount: Decimal(string: "19.99")!, history: [Decimal(string: "0.1")!, Decimal(string: "-3")!], discount: nil)
        let encoded = try ParseWireEncoder().encodeBytes(price)
        #expect(try ParseWireDecoder().decode(Price.self, from: encoded) == price)
        let product = Product(objectId: "p1", price: Decimal(string: "1234567890.0123456789")!)
        for mode in [ParseWireMode.fetchedObject, .saveBody, .updateBody, .value] {
            let body = try ParseWireEncoder().encodeBytes(product, as: mode)
            #expect(String(decoding: body, as: UTF8.self).contains(#""price":1234567890.0123456789"#), "\(mode)")
            let back = try ParseWireDecoder().decode(Product.self, from: body, as: mode)
            #expect(back.price == product.price, "\(mode)")
        }
    }

    @Test("NaN is refused with a clear error")
    func notANumber() throws {
        let error = try #require(encodingFailure(Price(amount: .nan, history: [], discount: nil)))
        let wire = try #require(ParseWireError(from: error))
        #expect(wire.kind == .unrepresentable)
        #expect(wire.path == "$.amount")
        #expect(wire.message.contains("NaN"))
    }

    @Test("a number a Decimal cannot hold exactly is refused, as is a non-number", arguments: [
        ("1234567890123456789012345678901234567890123", "unrepresentable"), ("1e400", "unrepresentable"),
        ("1e-400", "unrepresentable"), (#""19.99""#, "wrong-field-type"), ("null", "wrong-field-type"),
    ])
    func refused(text: String, kind: String) throws {
        let error = try #require(decodingFailure(Decimal.self, text))
        #expect(ParseWireError(from: error)?.kind.name == kind, "\(error)")
    }
}
