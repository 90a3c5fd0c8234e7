import Foundation

/// Encodes any `Encodable` value as Parse wire JSON, streaming straight into a byte buffer.
///
/// Use it as you would `JSONEncoder`; the differences are the Parse ones. `Date` becomes
/// `{"__type":"Date","iso":"…"}` with exactly three millisecond digits; ``TypedPointer``, ``TypedRelation``,
/// ``ParseBytes``, ``GeoPoint``, ``ParseFile``, ``ParsePolygon``, ``ParseACL``, ``ParseValue`` and
/// ``FieldOperation`` properties encode as their wire types; `Data` becomes Bytes (or a base64
/// string, see ``ParseWireEncodingOptions/dataEncoding``); a nested saved ``ParseObject`` becomes a
/// Pointer. `Float` is written in its own shortest form, integers exactly, keys in declaration
/// order. The output is what the strict ``ParseValueDecoder`` accepts in the matching ``WireContext``.
///
///     let body = try ParseWireEncoder().encode(recipe, as: .saveBody)
public struct ParseWireEncoder: Sendable {
    /// How the encoder writes.
    public var options: ParseWireEncodingOptions

    /// Creates an encoder.
    ///
    /// - Parameter options: How to write; canonical by default.
    public init(options: ParseWireEncodingOptions = ParseWireEncodingOptions()) {
        self.options = options
    }

    /// How the text is laid out (pretty printed, sorted keys); compact by default. Applied in a
    /// second pass over the written text, so the default path pays nothing for it.
    public var outputFormatting: OutputFormatting = []

    /// Values handed to every `Encodable` implementation as `encoder.userInfo`
    /// (``ParseWireEncodingOptions/userInfo``).
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options.userInfo }
        set { options.userInfo = newValue }
    }

    /// Encodes a value as UTF-8 JSON bytes.
    ///
    /// - Parameters:
    ///   - value: The value; in every mode but ``ParseWireMode/value`` it must encode as an object.
    ///   - mode: Which document to write; ``ParseWireMode/value`` by default.
    /// - Returns: The JSON text.
    /// - Throws: `EncodingError.invalidValue` whose underlying error is a ``ParseWireError`` with
    ///   the kind and the path of the value that cannot be written (an unsaved nested object, a
    ///   reference cycle, NaN, a date outside years 0001–9999, a key Parse forbids, …).
    public func encodeBytes<T: Encodable>(_ value: T, as mode: ParseWireMode = .value) throws -> [UInt8] {
        if let bytes = GeneratedFastPath.encode(value, mode: mode, options: options) {
            return outputFormatting.isEmpty ? bytes : OutputFormatter.format(bytes, outputFormatting)
        }
        var state = StateStore.shared.checkOut(options: options, mode: mode)
        defer { StateStore.shared.checkIn(&state) }
        let bytes = try state.encodeDocument(value)
        return outputFormatting.isEmpty ? bytes : OutputFormatter.format(bytes, outputFormatting)
    }

    /// Encodes a value as UTF-8 JSON `Data`, like `JSONEncoder.encode(_:)`.
    ///
    /// - Parameters:
    ///   - value: The value; in every mode but ``ParseWireMode/value`` it must encode as an object.
    ///   - mode: Which document to write; ``ParseWireMode/value`` by default.
    /// - Returns: The JSON text.
    /// - Throws: `EncodingError.invalidValue` with a ``ParseWireError`` as its underlying error.
    public func encode<T: Encodable>(_ value: T, as mode: ParseWireMode = .value) throws -> Data {
        Data(try encodeBytes(value, as: mode))
    }

    /// Encodes a value as a JSON `String`.
    ///
    /// - Parameters:
    ///   - value: The value; in every mode but ``ParseWireMode/value`` it must encode as an object.
    ///   - mode: Which document to write; ``ParseWireMode/value`` by default.
    /// - Returns: The JSON text.
    /// - Throws: `EncodingError.invalidValue` with a ``ParseWireError`` as its underlying error.
    public func encodeString<T: Encodable>(_ value: T, as mode: ParseWireMode = .value) throws -> String {
        String(decoding: try encodeBytes(value, as: mode), as: UTF8.self)
    }
}
