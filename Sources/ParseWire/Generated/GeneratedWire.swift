/// The coding that `parse-wire generate swift` writes out for a model type, as direct code: it
/// appends wire JSON to one buffer and reads a document in one pass over the scanner's tape.
///
/// Generated code conforms its types to these protocols; an app does not. Generated coding covers
/// the common case only: whenever it meets something it does not handle itself (an error, a
/// leniency, an included object, an operation), it throws ``GeneratedWireFallback`` and
/// ``ParseWireEncoder``/``ParseWireDecoder`` code the same document through the Codable bridge,
/// which gives the result or the error, with its kind, Parse code, byte offset and path, exactly
/// as it would without generated code.

/// A value that generated code writes and reads directly: the scalars, `Date`, the wire types,
/// arrays and string-keyed maps of such values, and the generated structs and enums.
public protocol GeneratedWireValue {
    /// Appends the value's wire JSON.
    ///
    /// - Parameter writer: The document being written.
    /// - Throws: ``GeneratedWireFallback`` when the bridge must write the document instead.
    func writeWire(to writer: inout GeneratedWireWriter) throws(GeneratedWireFallback)

    /// Reads a value from the tape entry `index`.
    ///
    /// - Parameters:
    ///   - reader: The document being read.
    ///   - index: The value's tape entry.
    /// - Throws: ``GeneratedWireFallback`` when the bridge must read the document instead.
    static func readWire(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> Self

    /// Reads a value straight from the document's bytes, with no tape (``GeneratedDirectReader``).
    ///
    /// Types without a direct reading take the default, which refuses, and the document is read
    /// through the tape.
    ///
    /// - Parameter reader: The document being read.
    /// - Throws: ``GeneratedWireFallback`` when the value is not in the shape this reads; the
    ///   document is then read from scratch through the tape.
    static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> Self
}

extension GeneratedWireValue {
    /// Refuses: the document is read through the tape.
    public static func readDirect(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> Self {
        throw GeneratedWireFallback()
    }
}
