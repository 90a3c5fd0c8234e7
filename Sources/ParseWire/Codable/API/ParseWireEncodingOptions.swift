/// How a ``ParseWireEncoder`` writes; every option has the canonical Parse behaviour as its default.
public struct ParseWireEncodingOptions: Sendable {
    /// What an optional property that is `nil` becomes.
    public enum NilPolicy: Sendable, Hashable {
        /// Leave the key out, as the Parse SDKs do. Sending nothing never clears a field.
        case omit
        /// Write `null`, which stores null in the field.
        case null
        /// In an update body, write `{"__op":"Delete"}` for a `nil` top-level field, which removes
        /// the field; elsewhere (nested values, other modes) `nil` is left out, because an
        /// operation is legal only as a top-level value of a save body. A `nil` `ACL` is always
        /// left out: parse-server stores a deleted ACL as an empty one (`"ACL":{}`, readable and
        /// writable with the master key only), which should never follow from an unset property.
        case delete
    }

    /// How a Foundation `Data` property is written.
    public enum DataEncoding: Sendable, Hashable {
        /// `{"__type":"Bytes","base64":"…"}`, which parse-server stores as binary.
        case bytes
        /// A plain base64 string, as Parse-Swift sends `Data`; the server then infers a String column.
        case base64String
    }

    /// What `nil` optional properties become. Default ``NilPolicy/omit``.
    public var nilPolicy = NilPolicy.omit
    /// How `Data` is written. Default ``DataEncoding/bytes``: the Parse wire type for binary data.
    public var dataEncoding = DataEncoding.bytes
    /// How deeply containers may nest: a value nested deeper fails with a `depth-limit` error
    /// instead of writing text the decoder would refuse. Default 512, the decoder's default.
    public var maximumDepth = 512
    /// Values handed to every `Encodable` implementation as `encoder.userInfo`. Default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Canonical encoding: `nil` left out, `Data` as Bytes.
    public init() {}
}
