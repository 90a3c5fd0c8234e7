@testable import ParseWire

/// Decodes text strictly (or with `options`) in a context.
func decode(_ text: String, _ context: WireContext = .value, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) -> ParseValue {
    try ParseValueDecoder(options: options).decode(text, context: context)
}

/// Decodes then re-encodes text: its canonical form.
func canonical(_ text: String, _ context: WireContext = .value, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) -> String {
    var encoding = ParseValueEncodingOptions()
    encoding.writesUnknownTypes = options.preservesUnknownTypes
    return try ParseValueEncoder(options: encoding).encodeString(decode(text, context, options: options), context: context)
}

/// The error decoding `text` throws, or `nil` when it decodes.
func rejection(_ text: String, _ context: WireContext = .value, options: ParseValueDecodingOptions = .strict) -> ParseWireError? {
    rejection(bytes: Array(text.utf8), context, options: options)
}

func rejection(bytes: [UInt8], _ context: WireContext = .value, options: ParseValueDecodingOptions = .strict) -> ParseWireError? {
    do {
        _ = try ParseValueDecoder(options: options).decode(bytes, context: context)
        return nil
    } catch {
        return error
    }
}

/// The error encoding `value` throws, or `nil` when it encodes.
func encodingRejection(_ value: ParseValue, _ context: WireContext = .value) -> ParseWireError? {
    do {
        _ = try ParseValueEncoder().encode(value, context: context)
        return nil
    } catch {
        return error
    }
}

/// Scans text into a tape.
func scan(_ text: String, limits: JSONLimits = JSONLimits()) throws(ParseWireError) -> JSONTape {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) -> JSONTape in
        try JSONScanner.scan(buffer, limits: limits)
    }
}

func scanRejection(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) -> ParseWireError? {
    do {
        _ = try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) -> JSONTape in
            try JSONScanner.scan(buffer, limits: limits)
        }
        return nil
    } catch {
        return error
    }
}

extension JSONTape {
    /// The entries as an array, copied while the tape is alive (its `entries` point into memory
    /// the tape frees when it goes).
    var entryList: [Entry] { Array(entries) }
}
