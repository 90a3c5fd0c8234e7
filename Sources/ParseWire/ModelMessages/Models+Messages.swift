import Foundation

extension ParseBatchRequest.Item {
    /// A request whose body is a model or any `Encodable`, written as the method needs it: a save
    /// body for `POST` (a create), an update body for `PUT` (operations allowed). (A
    /// ``ParseValue`` body is given as it is, with ``init(method:path:body:)``.)
    ///
    /// - Parameters:
    ///   - method: `POST` or `PUT` (a `GET` or `DELETE` takes a ``ParseValue`` body or none).
    ///   - path: The request's path, with the server's mount point (`/parse/classes/Recipe`).
    ///   - body: The model or the update.
    ///   - encoder: The encoder, for its options (nil policy, `Data` as Bytes or base64).
    /// - Throws: `EncodingError` for a body the mode refuses (an `objectId` in a save body, an
    ///   operation in a create), or for a `GET` or `DELETE`.
    public init<Body: Encodable>(method: Method, path: String, encoding body: Body, encoder: ParseWireEncoder = ParseWireEncoder()) throws {
        let mode: ParseWireMode
        switch method {
        case .post: mode = .saveBody
        case .put: mode = .updateBody
        case .get, .delete:
            throw EncodingError.invalidValue(body, .init(codingPath: [], debugDescription: "a model is the body of a POST or a PUT, not of a \(method.rawValue)"))
        }
        let bytes = try encoder.encodeBytes(body, as: mode)
        // The save-body context reads both bodies: the encoder has already refused what the mode forbids.
        let value: ParseValue
        do throws(ParseWireError) {
            value = try ParseValueDecoder().decode(bytes, context: .update)
        } catch {
            throw EncodingError.invalidValue(body, .init(codingPath: [], debugDescription: error.description, underlyingError: error))
        }
        self.init(method: method, path: path, body: value)
    }
}

extension ParseSaveResponse {
    /// The save response a batch's `{"success": …}` item holds for a create or an update of
    /// `className`.
    ///
    /// - Throws: ``ParseWireError`` as reading the same body does.
    public init(className: String, batchSuccess: ParseMap) throws(ParseWireError) {
        let bytes = try ParseValueEncoder().encode(.map(batchSuccess))
        try self.init(className: className, decoding: bytes)
    }

    /// Merges the response into the model that was saved: a create's `objectId` and `createdAt`
    /// (and `updatedAt`, which equals it right after a create), an update's `updatedAt`, and the
    /// values the server computed (the results of `Increment`, `Add`, … and fields a `beforeSave`
    /// trigger changed), each into the property of that name.
    ///
    /// The model is changed only when everything merges: a computed value the model cannot hold
    /// throws and leaves it as it was.
    ///
    /// - Parameters:
    ///   - model: The object saved.
    ///   - encoder: The encoder whose options wrote the model.
    ///   - decoder: The decoder whose options read it back.
    /// - Throws: `DecodingError` for a value the model's property cannot hold.
    public func merge<Model: ParseObject>(into model: inout Model, encoder: ParseWireEncoder = ParseWireEncoder(),
                                          decoder: ParseWireDecoder = ParseWireDecoder()) throws {
        var merged = model
        if !fields.isEmpty {
            // Through the fetched form, the one form that holds every property of the model.
            let bytes = try encoder.encodeBytes(model, as: .fetchedObject)
            let object: ParseObjectValue
            do throws(ParseWireError) {
                guard case .object(let read) = try ParseValueDecoder(options: decoder.options.wire).decode(bytes, context: .object(className: Model.className)) else {
                    throw ParseWireError(.wrongFieldType, message: "\(Model.self) does not encode as an object")
                }
                object = read
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.description, underlyingError: error))
            }
            var fieldsNow = object.fields
            for (key, value) in fields { fieldsNow[key] = value }
            let text: [UInt8]
            do throws(ParseWireError) {
                let updated = try ParseObjectValue(className: object.className, objectId: object.objectId, createdAt: object.createdAt,
                                                   updatedAt: object.updatedAt, acl: object.acl, fields: fieldsNow)
                text = try ParseValueEncoder().encode(.object(updated), context: .object(className: Model.className))
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.description, underlyingError: error))
            }
            merged = try decoder.decode(Model.self, from: text, as: .fetchedObject)
        }
        switch kind {
        case .create:
            merged.objectId = objectId
            merged.createdAt = createdAt?.date
            merged.updatedAt = createdAt?.date
        case .update:
            merged.updatedAt = updatedAt?.date
        }
        model = merged
    }
}
