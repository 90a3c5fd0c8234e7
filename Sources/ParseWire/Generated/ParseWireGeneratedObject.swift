/// A generated Parse object type: the documents ``ParseWireEncoder`` and ``ParseWireDecoder``
/// code through generated code when a type conforms.
public protocol ParseWireGeneratedObject: ParseObject, GeneratedWireValue {
    /// Reads an array of objects of this type (a query's results) from the tape entry `index`.
    ///
    /// Generated types take the default, the array's own reading. It is a requirement so that the
    /// loop over the elements is compiled for the type, in the type's module: reached from
    /// ParseWire's decoder through `Array`'s generic code, each element was read into a temporary
    /// and appended through the type's value witnesses (about 100 instructions a Recipe).
    ///
    /// - Parameters:
    ///   - reader: The document being read.
    ///   - index: The array's tape entry.
    /// - Throws: ``GeneratedWireFallback`` when the bridge must read the document instead.
    static func readWireArray(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> [Self]

    /// Reads an array of objects of this type straight from the document's bytes; a requirement
    /// for the reason ``readWireArray(from:at:)`` is.
    ///
    /// - Parameter reader: The document being read.
    /// - Throws: ``GeneratedWireFallback`` when the document must be read through the tape instead.
    static func readDirectArray(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> [Self]
}

extension ParseWireGeneratedObject {
    /// Reads the array as `[Self]` does.
    @inlinable
    public static func readWireArray(from reader: inout GeneratedWireReader, at index: Int) throws(GeneratedWireFallback) -> [Self] {
        try [Self].readWire(from: &reader, at: index)
    }

    /// Reads the array as `[Self]` does.
    @inlinable
    public static func readDirectArray(from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> [Self] {
        try [Self].readDirect(from: &reader)
    }
}
