/// Each message as the ``ParseValue`` that stands for it in the message context (see
/// ``ParseMessageKind``), and back.
func messageShapeError(_ what: String, _ value: ParseValue) -> ParseWireError {
    ParseWireError(.wrongFieldType, message: "\(what), not \(value.kindDescription)")
}

extension ParseQueryResponse {
    /// `{"results": [objects], "count": N}`.
    var value: ParseValue {
        var map: ParseMap = ["results": .array(results.map(ParseValue.object))]
        if let count { map["count"] = .number(ParseNumber(count)) }
        return .map(map)
    }

    init(value: ParseValue, className: String) throws(ParseWireError) {
        guard case .map(let map) = value, case .array(let elements)? = map["results"],
              map.keys.allSatisfy({ $0 == "results" || $0 == "count" }) else {
            throw messageShapeError("a find-response is a map of \"results\" (an array) and \"count\"", value)
        }
        var objects: [ParseObjectValue] = []
        for element in elements {
            guard case .object(let object) = element, object.className == className else {
                throw messageShapeError("each result is an object of class \(className)", element)
            }
            objects.append(object)
        }
        var count: Int?
        if let node = map["count"] {
            guard case .number(let number) = node, let exact = number.int64Value, let integer = Int(exactly: exact) else {
                throw messageShapeError("\"count\" is an integer", node)
            }
            count = integer
        }
        self.init(results: objects, count: count)
    }
}

extension ParseSaveResponse {
    /// The object of class `className` holding the response's members.
    func value(className: String) throws(ParseWireError) -> ParseValue {
        .object(try ParseObjectValue(className: className, objectId: objectId, createdAt: createdAt, updatedAt: updatedAt, fields: fields))
    }
}

extension ParseErrorResponse {
    /// `{"code": N, "error" | "message": text}`, or `{}`.
    var value: ParseValue {
        var map = ParseMap()
        if let code, form == .parseError || form == .internalError { map["code"] = .number(ParseNumber(code)) }
        switch form {
        case .parseError, .codeless: map["error"] = .string(message)
        case .internalError: map["message"] = .string(message)
        case .empty: break
        }
        return .map(map)
    }

    init(value: ParseValue) throws(ParseWireError) {
        guard case .map(let map) = value, map.keys.allSatisfy({ ["code", "error", "message"].contains($0) }) else {
            throw messageShapeError("an error body is a map of \"code\" and \"error\" or \"message\"", value)
        }
        var code: Int?
        if let node = map["code"] {
            guard case .number(let number) = node, let exact = number.int64Value, let integer = Int(exactly: exact) else {
                throw messageShapeError("\"code\" is an integer", node)
            }
            code = integer
        }
        switch (code, map["error"], map["message"]) {
        case (let code?, .string(let text)?, nil): self.init(code: code, message: text, form: .parseError)
        case (let code?, nil, .string(let text)?): self.init(code: code, message: text, form: .internalError)
        case (nil, .string(let text)?, nil): self.init(code: nil, message: text, form: .codeless)
        case (nil, nil, nil): self.init(code: nil, message: "", form: .empty)
        default: throw messageShapeError("an error body has a string \"error\", or a \"code\" with one of \"error\" and \"message\"", value)
        }
    }
}

extension ParseBatchRequest {
    /// `{"requests": [{"method", "path", "body"}], "transaction": flag}`.
    var value: ParseValue {
        var map: ParseMap = ["requests": .array(requests.map { item in
            var request: ParseMap = ["method": .string(item.method.rawValue), "path": .string(item.path)]
            if let body = item.body { request["body"] = body }
            return .map(request)
        })]
        if let transaction { map["transaction"] = .bool(transaction) }
        return .map(map)
    }

    init(value: ParseValue) throws(ParseWireError) {
        guard case .map(let map) = value, case .array(let elements)? = map["requests"],
              map.keys.allSatisfy({ $0 == "requests" || $0 == "transaction" }) else {
            throw messageShapeError("a batch-request is a map of \"requests\" (an array) and \"transaction\"", value)
        }
        var items: [Item] = []
        for element in elements {
            guard case .map(let request) = element, case .string(let methodName)? = request["method"],
                  let method = Item.Method(rawValue: methodName), case .string(let path)? = request["path"], path.hasPrefix("/"),
                  request.keys.allSatisfy({ ["method", "path", "body"].contains($0) }) else {
                throw messageShapeError("a batch item is a map of \"method\" (GET, POST, PUT, DELETE), \"path\" (from /) and \"body\"", element)
            }
            items.append(Item(method: method, path: path, body: request["body"]))
        }
        var transaction: Bool?
        if let node = map["transaction"] {
            guard case .bool(let flag) = node else { throw messageShapeError("\"transaction\" is a boolean", node) }
            transaction = flag
        }
        self.init(requests: items, transaction: transaction)
    }
}

extension ParseBatchResponse {
    /// `[{"success": map} | {"error": error map}]`.
    var value: ParseValue {
        .array(items.map { item in
            switch item {
            case .success(let map): return .map(["success": .map(map)])
            case .failure(let failure): return .map(["error": failure.value])
            }
        })
    }

    init(value: ParseValue) throws(ParseWireError) {
        guard case .array(let elements) = value else {
            throw messageShapeError("a batch-response is an array", value)
        }
        var items: [Item] = []
        for element in elements {
            switch element {
            case .map(let map) where map.count == 1 && map.keys[0] == "success":
                guard case .map(let success) = map.values[0] else { throw messageShapeError("\"success\" is a map", map.values[0]) }
                items.append(.success(success))
            case .map(let map) where map.count == 1 && map.keys[0] == "error":
                items.append(.failure(try ParseErrorResponse(value: map.values[0])))
            default:
                throw messageShapeError("a batch-response item is {\"success\": …} or {\"error\": …}", element)
            }
        }
        self.init(items: items)
    }
}

extension ParseFunctionResponse {
    /// `{"result": value}`.
    var value: ParseValue { .map(["result": result]) }
}
