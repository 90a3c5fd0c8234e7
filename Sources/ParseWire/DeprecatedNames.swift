// The names the codec's types had before they said which is which: the value-tree codec is
// `ParseValueEncoder`/`ParseValueDecoder` (a ``ParseValue`` to and from wire bytes), the Codable
// bridge `ParseWireEncoder`/`ParseWireDecoder`, and the bridge's typed references are
// `TypedPointer`/`TypedRelation` beside the values `ParsePointer`/`ParseRelation`. The old names
// still compile, with a warning that offers the fix.

/// The value-tree encoder's former name.
@available(*, deprecated, renamed: "ParseValueEncoder")
public typealias WireEncoder = ParseValueEncoder

/// The value-tree decoder's former name.
@available(*, deprecated, renamed: "ParseValueDecoder")
public typealias WireDecoder = ParseValueDecoder

/// The value-tree encoder's options' former name.
@available(*, deprecated, renamed: "ParseValueEncodingOptions")
public typealias WireEncodingOptions = ParseValueEncodingOptions

/// The value-tree decoder's options' former name.
@available(*, deprecated, renamed: "ParseValueDecodingOptions")
public typealias WireDecodingOptions = ParseValueDecodingOptions

/// The typed pointer's former name.
@available(*, deprecated, renamed: "TypedPointer")
public typealias Pointer<Target: ParseObject> = TypedPointer<Target>

/// The typed relation's former name.
@available(*, deprecated, renamed: "TypedRelation")
public typealias Relation<Target: ParseObject> = TypedRelation<Target>
