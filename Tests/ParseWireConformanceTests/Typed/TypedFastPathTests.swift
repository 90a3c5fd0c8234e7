import Foundation
import Testing
@testable import ParseWire
@testable import ParseWireConformance

/// The typed reference reads and writes the corpus's documents by the models' generated coding,
/// not by the Codable bridge it falls back to.
@Suite("The typed reference through generated coding")
struct TypedFastPathTests {
    /// Whether generated code reads `bytes` as a `T` without handing it to the bridge.
    static func generatedRead<T: CorpusModel>(_ type: T.Type, _ bytes: [UInt8], mode: ParseWireMode) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let tape = try? JSONScanner.scan(buffer) else { return false }
            do throws(GeneratedWireFallback) {
                _ = try GeneratedFastPath.decode(T.self, input: buffer, tape: tape, options: ParseWireDecodingOptions(), mode: mode)
                return true
            } catch {
                return false
            }
        }
    }

    /// Whether generated code writes `model` without handing it to the bridge.
    static func generatedWrite<T: CorpusModel>(_ model: T, mode: ParseWireMode) -> Bool {
        GeneratedFastPath.encode(model, mode: mode, options: ParseWireEncodingOptions()) != nil
    }

    @Test("every valid case's canonical document is read and written by generated code, but for an included object")
    func validCasesTakeTheGeneratedPath() throws {
        let corpus = try CorpusLocation.corpus.get()
        var generated = 0
        for vector in corpus.cases.map(\.vector) where vector.kind == .valid && TypedChecker.checks(vector) {
            let className = try #require(vector.classSchema)
            let codec = try #require(TypedReference.Codec(className: className, context: vector.context))
            let bytes = try #require(vector.canonical?.bytes)
            let record = try codec.decode(bytes).get()
            let rewritten = record.marks.contains { mark in
                guard case .operation(let operation) = mark.value else { return false }
                if case .delete = operation { return false }
                return true
            }
            // A document with an operation other than Delete is read without it (the model
            // cannot hold one); its written model is checked below all the same.
            let read = rewritten || Self.generatedRead(codec.schema.type, bytes, mode: codec.mode)
            let written = Self.generatedWrite(record.model, mode: codec.mode)
            let includes = String(decoding: bytes, as: UTF8.self).contains(#""__type":"Object""#)
            #expect(written, "\(vector.id): the model is written by the bridge")
            #expect(read || includes, "\(vector.id): the document is read by the bridge")
            if read && written { generated += 1 }
        }
        #expect(generated >= 150, "only \(generated) valid cases took the generated path")
    }
}
