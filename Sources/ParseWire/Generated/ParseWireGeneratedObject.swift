/// A generated Parse object type: the documents ``ParseWireEncoder`` and ``ParseWireDecoder``
/// code through generated code when a type conforms.
public protocol ParseWireGeneratedObject: ParseObject, GeneratedWireValue {}
