import ParseWire

/// Decodes text strictly (or with `options`) in a context.
package func decode(_ text: String, _ context: WireContext = .value, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) -> ParseValue {
    try ParseValueDecoder(options: options).decode(text, context: context)
}

/// Decodes then re-encodes text: its canonical form.
package func canonical(_ text: String, _ context: WireContext = .value, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) -> String {
    var encoding = ParseValueEncodingOptions()
    encoding.writesUnknownTypes = options.preservesUnknownTypes
    return try ParseValueEncoder(options: encoding).encodeString(decode(text, context, options: options), context: context)
}

/// The error decoding `text` throws, or `nil` when it decodes.
package func rejection(_ text: String, _ context: WireContext = .value, options: ParseValueDecodingOptions = .strict) -> ParseWireError? {
    rejection(bytes: Array(text.utf8), context, options: options)
}

package func rejection(bytes: [UInt8], _ context: WireContext = .value, options: ParseValueDecodingOptions = .strict) -> ParseWireError? {
    do {
        _ = try ParseValueDecoder(options: options).decode(bytes, context: context)
        return nil
    } catch {
        return error
    }
}

/// The error encoding `value` throws, or `nil` when it encodes.
package func encodingRejection(_ value: ParseValue, _ context: WireContext = .value) -> ParseWireError? {
    do {
        _ = try ParseValueEncoder().encode(value, context: context)
        return nil
    } catch {
        return error
    }
}
