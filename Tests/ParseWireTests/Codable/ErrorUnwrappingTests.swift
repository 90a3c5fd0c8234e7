import Foundation
import Testing
@testable import ParseWire

/// The ParseWireError inside the bridge's `DecodingError`/`EncodingError`, and its localized text.
@Suite struct ErrorUnwrappingTests {
    struct Model: Codable {
        var count: Int
        var when: Date
    }

    @Test("DecodingError.parseWireError and ParseWireError(from:) return the located error")
    func decoding() throws {
        do {
            _ = try ParseWireDecoder().decode(Model.self, from: #"{"count":"x","when":1}"#)
            Issue.record("decoded")
        } catch let error as DecodingError {
            let wire = try #require(error.parseWireError)
            #expect(wire.kind == .wrongFieldType)
            #expect(wire.path == "$.count")
            #expect(ParseWireError(from: error) == wire)
        }
    }

    @Test("EncodingError.parseWireError and ParseWireError(from:) return the located error")
    func encoding() throws {
        do {
            _ = try ParseWireEncoder().encode(["x": Double.nan])
            Issue.record("encoded")
        } catch let error as EncodingError {
            let wire = try #require(error.parseWireError)
            #expect(wire.path == "$.x")
            #expect(ParseWireError(from: error) == wire)
        }
    }

    @Test("a syntax error from the Codable decoder unwraps too")
    func syntax() throws {
        do {
            _ = try ParseWireDecoder().decode(Model.self, from: #"{"count":1,"#)
            Issue.record("decoded")
        } catch {
            let wire = try #require(ParseWireError(from: error))
            #expect(wire.kind == .jsonSyntax)
            #expect(wire.message.contains("unexpected end of input"))
        }
    }

    @Test("ParseWireError(from:) passes a ParseWireError through and is nil for other errors")
    func otherErrors() {
        let wire = ParseWireError(.invalidDate, message: "bad")
        #expect(ParseWireError(from: wire) == wire)
        #expect(ParseWireError(from: CocoaError(.fileNoSuchFile)) == nil)
        #expect(ParseWireError(from: DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "x"))) == nil)
    }

    @Test("localizedDescription is the error's own sentence, with kind and path")
    func localized() {
        let wire = ParseWireError(.invalidDate, offset: 12, path: "$.when", message: "the date has no milliseconds")
        #expect(wire.localizedDescription.contains("the date has no milliseconds"))
        #expect(wire.localizedDescription.contains("$.when"))
        #expect((wire as any Error).localizedDescription == wire.localizedDescription)
        #expect(wire.errorDescription == wire.localizedDescription)
    }
}
