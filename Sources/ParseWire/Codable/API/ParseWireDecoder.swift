import Foundation

/// Decodes any `Decodable` type from Parse wire JSON, reading the scanner's tape directly.
///
/// The counterpart of ``ParseWireEncoder``, and strict like ``ParseValueDecoder``: the JSON is
/// validated in full (UTF-8, escapes, duplicate keys, depth), dates must be canonical unless
/// ``ParseWireDecodingOptions/wire`` allows more, a ``TypedPointer`` must point to its class, a
/// GeoPoint must be in range. Keys the type does not ask for are ignored, as `JSONDecoder` does.
///
///     let recipe = try ParseWireDecoder().decode(Recipe.self, from: data, as: .fetchedObject)
public struct ParseWireDecoder: Sendable {
    /// What the decoder accepts.
    public var options: ParseWireDecodingOptions

    /// Creates a decoder.
    ///
    /// - Parameter options: What to accept; strict by default.
    public init(options: ParseWireDecodingOptions = ParseWireDecodingOptions()) {
        self.options = options
    }

    /// Decodes a value from UTF-8 JSON bytes.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - bytes: The JSON text.
    ///   - mode: Which document the text is; ``ParseWireMode/value`` by default.
    /// - Returns: The value.
    /// - Throws: `DecodingError` whose underlying error is a ``ParseWireError`` with the kind, the
    ///   byte offset and the path (`$.ingredients[2].quantity`) of the offending value.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], as mode: ParseWireMode = .value) throws -> T {
        try bytes.withUnsafeBufferPointer { try decode(T.self, buffer: $0, mode: mode) }
    }

    /// Decodes a value from UTF-8 JSON `Data`, like `JSONDecoder.decode(_:from:)`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - data: The JSON text.
    ///   - mode: Which document the text is; ``ParseWireMode/value`` by default.
    /// - Returns: The value.
    /// - Throws: `DecodingError` with a ``ParseWireError`` as its underlying error.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data, as mode: ParseWireMode = .value) throws -> T {
        try data.withUnsafeBytes { try decode(T.self, buffer: $0.assumingMemoryBound(to: UInt8.self), mode: mode) }
    }

    /// Decodes a value from a JSON `String`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - text: The JSON text.
    ///   - mode: Which document the text is; ``ParseWireMode/value`` by default.
    /// - Returns: The value.
    /// - Throws: `DecodingError` with a ``ParseWireError`` as its underlying error.
    public func decode<T: Decodable>(_ type: T.Type, from text: String, as mode: ParseWireMode = .value) throws -> T {
        try decode(T.self, from: Array(text.utf8), as: mode)
    }

    private func decode<T: Decodable>(_ type: T.Type, buffer: UnsafeBufferPointer<UInt8>, mode: ParseWireMode) throws -> T {
        // Generated code reads the document straight from its bytes, or else through the tape; the
        // bridge reads whatever it refuses, and reports every error.
        let kind = GeneratedFastPath.kind(of: T.self)
        let isGenerated = GeneratedFastPath.decodes(kind, options: options)
        if isGenerated {
            do throws(GeneratedWireFallback) {
                return try GeneratedFastPath.decodeDirect(T.self, kind: kind, input: buffer, options: options, mode: mode)
            } catch {
                // Scanned below.
            }
        }
        let tape: JSONTape
        do throws(ParseWireError) {
            tape = try JSONScanner.scan(buffer, limits: options.wire.limits)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.description, underlyingError: error))
        }
        if isGenerated {
            do throws(GeneratedWireFallback) {
                return try GeneratedFastPath.decode(T.self, kind: kind, input: buffer, tape: tape, options: options, mode: mode)
            } catch {
                // The bridge reads the document below.
            }
        }
        var state = WireDecodingState(input: buffer, tape: tape, options: options, mode: mode)
        defer {
            state.releaseContainers()
            // Something the value kept holds the state: it must not read the caller's buffer,
            // which may be freed as soon as this call returns.
            // Nothing else holds it: its table of per-type facts goes to the next decode.
            if !isKnownUniquelyReferenced(&state) { state.adoptInput() } else { DecodingTraitsStore.shared.checkIn(state.traitsTable) }
        }
        // A fetched-object document may also be an array of objects, as a query's results are.
        if mode != .value, tape.entries[0].kind != .object, mode != .fetchedObject || tape.entries[0].kind != .array {
            throw state.failure(.wrongFieldType, at: 0, key: NoKey(), type: T.self,
                                "the \(mode) mode reads a JSON object\(mode == .fetchedObject ? " or array" : ""), not \(state.walker.describe(0))")
        }
        return try state.decodeValue(T.self, at: 0, key: NoKey())
    }
}
