/// The response to `POST /batch`: one item per request, in order, `{"success": …}` or `{"error": …}` (MSG-5).
public struct ParseBatchResponse: Sendable, Hashable {
    /// The outcome of one request.
    public enum Item: Sendable, Hashable {
        /// What the request alone would have answered: a create or update response, `{}` for a
        /// delete, read as a map of plain values (`createdAt` stays an ISO string).
        case success(ParseMap)
        /// The request's error body (`{}` when the error was not a `Parse.Error`).
        case failure(ParseErrorResponse)
    }

    /// One outcome per request, in the order of the requests.
    public var items: [Item]

    /// Creates a response.
    public init(items: [Item]) {
        self.items = items
    }

    /// Reads a batch response.
    /// - Throws: ``ParseWireError`` for a shape other than an array of one-member objects.
    public init(decoding bytes: some Collection<UInt8>, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        self = try ParseValueDecoder(options: options).decodeMessage(bytes) { (walker: TapeWalker) throws(ParseWireError) -> ParseBatchResponse in
            try ParseBatchResponse(walker: walker)
        }
    }

    init(walker: TapeWalker) throws(ParseWireError) {
        guard walker.entries[0].kind == .array else {
            throw walker.error(.wrongFieldType, at: 0, "a batch response must be an array, not \(walker.describe(0))")
        }
        var items: [Item] = []
        for (position, element) in walker.elements(of: 0).enumerated() {
            do throws(ParseWireError) {
                let members = walker.entries[element].kind == .object ? walker.members(of: element) : []
                guard members.count == 1, let member = members.first else {
                    throw walker.error(.wrongFieldType, at: element, "a batch response item is {\"success\": …} or {\"error\": …}")
                }
                switch member.key {
                case "success":
                    guard walker.entries[member.valueIndex].kind == .object,
                          case .map(let map) = try walker.decodeValue(at: member.valueIndex, placement: .field) else {
                        throw walker.error(.wrongFieldType, at: member.valueIndex, "\"success\" must be an object").prefixed(key: "success")
                    }
                    items.append(.success(map))
                case "error":
                    do throws(ParseWireError) {
                        items.append(.failure(try ParseErrorResponse(walker: walker, at: member.valueIndex)))
                    } catch {
                        throw error.prefixed(key: "error")
                    }
                default:
                    throw walker.error(.unexpectedField, at: member.keyIndex, "a batch response item is {\"success\": …} or {\"error\": …}, not \(NameRules.quoted(member.key))")
                }
            } catch {
                throw error.prefixed(index: position)
            }
        }
        self.init(items: items)
    }

    /// Writes the response as parse-server does.
    public func encoded(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> [UInt8] {
        var out = MessageWriter(options: options)
        out.raw("[")
        for (position, item) in items.enumerated() {
            if position > 0 { out.raw(",") }
            switch item {
            case .success(let map):
                out.raw(#"{"success":"#)
                do throws(ParseWireError) {
                    try out.value(.map(map))
                } catch {
                    throw error.prefixed(key: "success").prefixed(index: position)
                }
            case .failure(let failure):
                out.raw(#"{"error":"#)
                failure.write(into: &out)
            }
            out.raw("}")
        }
        out.raw("]")
        return out.bytes
    }
}
