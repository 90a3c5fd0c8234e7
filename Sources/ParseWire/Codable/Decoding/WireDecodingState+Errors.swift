/// Decoding errors: `DecodingError`s whose underlying error is a located ``ParseWireError``.
///
/// The makers return `any Error` and are never inlined: `DecodingError` is a resilient type, and
/// a function that holds one asks for its metadata on entry, even on its success path.
extension WireDecodingState {
    /// An error about the value at `valueIndex`, whose key below the current path is `key`.
    @inline(never)
    func failure(_ kind: ParseWireError.Kind, at valueIndex: Int, key: some CodingKey, type: Any.Type, _ message: String) -> any Error {
        let codingPath = path(appending: key)
        let error = ParseWireError(kind, offset: walker.offset(valueIndex), path: CodingPath.wirePath(codingPath), message: message)
        return decodingError(error, codingPath: codingPath, type: type, isNull: entries[valueIndex].kind == .null)
    }

    /// An error the wire decoder's walk or a value type threw, placed below the current path;
    /// a relative path it has (`$.iso`) is kept below that position.
    @inline(never)
    func relocated(_ error: ParseWireError, at valueIndex: Int, key: some CodingKey, type: Any.Type) -> any Error {
        let codingPath = path(appending: key)
        let located = ParseWireError(error.kind, parseCode: error.parseCode, offset: error.offset ?? walker.offset(valueIndex),
                                     path: CodingPath.joined(codingPath, error.path), message: error.message)
        return decodingError(located, codingPath: codingPath, type: type, isNull: false)
    }

    /// A member the type requires is missing from the object at `object`.
    @inline(never)
    func missingKey(_ key: some CodingKey, in object: Int) -> any Error {
        let path = codingPath
        if let className = pointerClassName(object) {
            return failure(.wrongFieldType, at: object, key: NoKey(), type: [String: Any].self,
                           "found a Pointer to \(className), which holds only an objectId, and the type read from it needs the key "
                           + "\(JSONStrings.quoted(key.stringValue)): include the key in the query (include=…) to get the whole object, "
                           + "make the type's properties other than objectId optional, or declare the property as TypedPointer<\(className)>")
        }
        let error = ParseWireError(.missingField, offset: walker.offset(object), path: CodingPath.wirePath(path + [key]),
                                   message: "the object has no key \(JSONStrings.quoted(key.stringValue)), which is not optional")
        return DecodingError.keyNotFound(key, .init(codingPath: path, debugDescription: error.description, underlyingError: error))
    }

    /// The class of the Pointer at `object`, if it is one; a type read from a Pointer lacks
    /// every key but `objectId`.
    private func pointerClassName(_ object: Int) -> String? {
        guard entries[object].kind == .object, let typeIndex = memberValue(named: WireTypeName.key, in: object),
              entries[typeIndex].kind == .string, walker.keyEquals(typeIndex, WireTypeName.pointer.staticName),
              let classIndex = memberValue(named: "className", in: object), entries[classIndex].kind == .string else { return nil }
        return walker.string(at: classIndex)
    }

    private func decodingError(_ error: ParseWireError, codingPath: [any CodingKey], type: Any.Type, isNull: Bool) -> DecodingError {
        let context = DecodingError.Context(codingPath: codingPath, debugDescription: error.description, underlyingError: error)
        switch error.kind {
        case .wrongFieldType: return isNull ? .valueNotFound(type, context) : .typeMismatch(type, context)
        default: return .dataCorrupted(context)
        }
    }

    /// A `DecodingError` thrown by a type's own `init(from:)` (an enum's unknown raw value, say)
    /// gets a ``ParseWireError`` with the offset of the value being decoded; one that has a
    /// ``ParseWireError`` already is passed on.
    @inline(never)
    func located(_ error: any Error, at valueIndex: Int) -> any Error {
        guard let error = error as? DecodingError else { return error }
        let kind: ParseWireError.Kind
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found): (kind, context) = (.wrongFieldType, found)
        case .valueNotFound(_, let found): (kind, context) = (.wrongFieldType, found)
        case .keyNotFound(_, let found): (kind, context) = (.missingField, found)
        case .dataCorrupted(let found): (kind, context) = (.outOfRange, found)
        @unknown default: return error
        }
        guard !(context.underlyingError is ParseWireError) else { return error }
        let wireError = ParseWireError(kind, offset: walker.offset(valueIndex), path: CodingPath.wirePath(context.codingPath),
                                       message: context.debugDescription)
        let rewritten = DecodingError.Context(codingPath: context.codingPath, debugDescription: context.debugDescription, underlyingError: wireError)
        switch error {
        case .typeMismatch(let type, _): return DecodingError.typeMismatch(type, rewritten)
        case .valueNotFound(let type, _): return DecodingError.valueNotFound(type, rewritten)
        case .keyNotFound(let key, _): return DecodingError.keyNotFound(key, rewritten)
        default: return DecodingError.dataCorrupted(rewritten)
        }
    }
}
