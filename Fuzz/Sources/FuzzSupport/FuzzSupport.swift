import ParseWire

// Shared by every fuzz target (one executable target each in this package), all built with
// `--sanitize fuzzer --sanitize address` against the ParseWire module (see README.md).

/// Stops the run with a message libFuzzer records beside the crashing input.
package func violated(_ message: String, input: UnsafeRawBufferPointer) -> Never {
    fatalError("\(message)\ninput: \(String(decoding: input, as: UTF8.self))")
}

/// Checks what every decoding error must be: placed inside the input, with a path from the root.
package func checkError(_ error: ParseWireError, input: UnsafeRawBufferPointer) {
    if let offset = error.offset, offset < 0 || offset > input.count {
        violated("error offset \(offset) outside the \(input.count)-byte input: \(error)", input: input)
    }
    if !error.path.hasPrefix("$") { violated("error path without the root: \(error)", input: input) }
}

/// Decodes `input` in `context`; on success, encodes the value canonically and checks that the
/// canonical text decodes under the same options to the same value and is a fixed point.
package func checkRoundTrip(_ input: UnsafeRawBufferPointer, context: WireContext, options: ParseValueDecodingOptions) {
    let decoder = ParseValueDecoder(options: options)
    let value: ParseValue
    do {
        value = try decoder.decode(input.bindMemory(to: UInt8.self), context: context)
    } catch {
        checkError(error, input: input)
        return
    }
    var encodingOptions = ParseValueEncodingOptions()
    encodingOptions.writesUnknownTypes = options.preservesUnknownTypes
    let encoder = ParseValueEncoder(options: encodingOptions)
    let canonical: [UInt8]
    do {
        canonical = try encoder.encode(value, context: context)
    } catch {
        // The encoder may refuse only what it cannot write in this context; a value the strict
        // decoder accepted is always writable.
        if options == .strict { violated("a decoded value does not encode: \(error)", input: input) }
        return
    }
    let reread: ParseValue
    do {
        reread = try decoder.decode(canonical, context: context)
    } catch {
        violated("canonical output \(String(decoding: canonical, as: UTF8.self)) does not decode: \(error)", input: input)
    }
    if reread != value {
        violated("canonical output \(String(decoding: canonical, as: UTF8.self)) decodes to another value", input: input)
    }
    guard let again = try? encoder.encode(reread, context: context), again == canonical else {
        violated("canonical output \(String(decoding: canonical, as: UTF8.self)) is not a fixed point", input: input)
    }
}
