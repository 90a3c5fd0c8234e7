/// The response to a save: a create answers `{"objectId":…,"createdAt":"<iso>",…}` (HTTP 201), an
/// update `{"updatedAt":"<iso>",…}`; both add the values the server computed — the results of
/// `Increment`, `Add`, `AddUnique` and `Remove`, and fields a `beforeSave` trigger changed
/// (`Vectors/spec/messages.md`, MSG-2).
public struct ParseSaveResponse: Sendable, Hashable {
    /// Which save a response answers.
    public enum Kind: Sendable, Hashable {
        /// `POST /classes/C`: `objectId` and `createdAt`.
        case create
        /// `PUT /classes/C/id`: `updatedAt`.
        case update
    }

    /// Whether the response answers a create or an update.
    public let kind: Kind
    /// The new object's id (a create).
    public let objectId: String?
    /// When the object was created (a create).
    public let createdAt: ParseDate?
    /// When the object was updated (an update).
    public let updatedAt: ParseDate?
    /// The values the server computed, by field.
    public let fields: ParseMap

    /// A create response.
    public static func created(objectId: String, at createdAt: ParseDate, fields: ParseMap = ParseMap()) throws(ParseWireError) -> ParseSaveResponse {
        if let failure = NameRules.checkObjectId(objectId) { throw failure }
        return ParseSaveResponse(kind: .create, objectId: objectId, createdAt: createdAt, updatedAt: nil, fields: fields)
    }

    /// An update response.
    public static func updated(at updatedAt: ParseDate, fields: ParseMap = ParseMap()) -> ParseSaveResponse {
        ParseSaveResponse(kind: .update, objectId: nil, createdAt: nil, updatedAt: updatedAt, fields: fields)
    }

    private init(kind: Kind, objectId: String?, createdAt: ParseDate?, updatedAt: ParseDate?, fields: ParseMap) {
        self.kind = kind
        self.objectId = objectId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.fields = fields
    }

    /// Reads a save response with the object rules of the wire codec.
    /// - Parameters:
    ///   - className: The class saved (names no member; it checks the fields' names and types).
    ///   - bytes: UTF-8 JSON text.
    ///   - options: Decoding leniencies for the fields' values.
    /// - Throws: ``ParseWireError``: `missing-field` when the response is neither a create
    ///   (`objectId` and `createdAt`) nor an update (`updatedAt`), `unexpected-field` for a mix.
    public init(className: String, decoding bytes: some Collection<UInt8>, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        self = try ParseValueDecoder(options: options).decodeMessage(bytes) { (walker: TapeWalker) throws(ParseWireError) -> ParseSaveResponse in
            try ParseSaveResponse(walker: walker, className: className)
        }
    }

    init(walker: TapeWalker, className: String) throws(ParseWireError) {
        _ = try walker.messageMembers("a save response")
        do {
            try self.init(object: try walker.decodeObjectBody(at: 0, className: className, skippingTypeKeys: false))
        } catch let failure where failure.kind == .missingField {
            // An app's HTTP layer that reads every body as the success type meets this first.
            guard let error = try? ParseErrorResponse(walker: walker, at: 0) else { throw failure }
            throw ParseWireError(.missingField, message: "this is an error response (code \(error.code.map(String.init) ?? "none"): "
                + "\(NameRules.quoted(error.message))), not a save response; read it with ParseErrorResponse(decoding:)")
        }
    }

    /// A save response from the object holding its members.
    init(object: ParseObjectValue) throws(ParseWireError) {
        guard object.acl == nil else {
            throw ParseWireError(.unexpectedField, path: "$.ACL", message: "a save response does not carry the ACL")
        }
        switch (object.objectId, object.createdAt, object.updatedAt) {
        case (let objectId?, let createdAt?, nil):
            self.init(kind: .create, objectId: objectId, createdAt: createdAt, updatedAt: nil, fields: object.fields)
        case (nil, nil, let updatedAt?):
            self.init(kind: .update, objectId: nil, createdAt: nil, updatedAt: updatedAt, fields: object.fields)
        case (_, _, _?):
            throw ParseWireError(.unexpectedField, message: "an update response has \"updatedAt\" and no \"objectId\" or \"createdAt\"")
        default:
            throw ParseWireError(.missingField, message: "a create response has \"objectId\" and \"createdAt\"; an update response has \"updatedAt\"")
        }
    }

    /// Writes the response as parse-server does.
    public func encoded(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> [UInt8] {
        // The fetched form names no class, so any valid name serves to build the object.
        let object = try ParseObjectValue(className: "SaveResponse", objectId: objectId, createdAt: createdAt,
                                          updatedAt: updatedAt, fields: fields)
        var out = MessageWriter(options: options)
        try out.object(object)
        return out.bytes
    }
}
