/// The response to a find: `{"results":[<fetched object>, …],"count":N}` (`count` only when asked; MSG-1).
///
/// Each result is a fetched object of the queried class, read with the object rules of the wire
/// codec (plain ISO `createdAt`/`updatedAt`, `ACL`, typed fields — a Date column of any class a typed
/// Date, MSG-7 — and included pointers as embedded Objects).
public struct ParseQueryResponse: Sendable, Hashable {
    /// The matching objects, in the server's order.
    public var results: [ParseObjectValue]
    /// The number of matching objects, when the request asked for it (`count`).
    public var count: Int?

    /// Creates a response.
    public init(results: [ParseObjectValue], count: Int? = nil) {
        self.results = results
        self.count = count
    }

    /// Reads a find response.
    /// - Parameters:
    ///   - className: The class queried (the response does not name it).
    ///   - bytes: UTF-8 JSON text.
    ///   - options: Decoding leniencies for the objects' values.
    /// - Throws: ``ParseWireError``: `missing-field` without `results`, `unexpected-field` for another
    ///   member, and any error of a result, with its path (`$.results[3].createdAt`).
    public init(className: String, decoding bytes: some Collection<UInt8>, options: ParseValueDecodingOptions = .strict) throws(ParseWireError) {
        if let failure = NameRules.checkClassName(className) { throw failure }
        self = try ParseValueDecoder(options: options).decodeMessage(bytes) { (walker: TapeWalker) throws(ParseWireError) -> ParseQueryResponse in
            try ParseQueryResponse(walker: walker, className: className)
        }
    }

    init(walker: TapeWalker, className: String) throws(ParseWireError) {
        var results: [ParseObjectValue]?
        var count: Int?
        for member in try walker.messageMembers("a find response") {
            switch member.key {
            case "results":
                guard walker.entries[member.valueIndex].kind == .array else {
                    throw walker.error(.wrongFieldType, at: member.valueIndex, "\"results\" must be an array of objects").prefixed(key: "results")
                }
                var objects: [ParseObjectValue] = []
                for (position, element) in walker.elements(of: member.valueIndex).enumerated() {
                    do throws(ParseWireError) {
                        guard walker.entries[element].kind == .object else {
                            throw walker.error(.wrongFieldType, at: element, "a result must be an object, not \(walker.describe(element))")
                        }
                        objects.append(try walker.decodeObjectBody(at: element, className: className, skippingTypeKeys: false))
                    } catch {
                        throw error.prefixed(index: position).prefixed(key: "results")
                    }
                }
                results = objects
            case "count":
                count = try walker.messageInteger(at: member.valueIndex, key: "count")
            default:
                throw walker.error(.unexpectedField, at: member.keyIndex, "a find response holds \"results\" and \"count\", not \(NameRules.quoted(member.key))")
            }
        }
        guard let results else { throw walker.error(.missingField, at: 0, "a find response has \"results\"") }
        self.init(results: results, count: count)
    }

    /// Writes the response as parse-server does.
    /// - Throws: ``ParseWireError`` for an object the encoder cannot write.
    public func encoded(options: ParseValueEncodingOptions = ParseValueEncodingOptions()) throws(ParseWireError) -> [UInt8] {
        var out = MessageWriter(options: options)
        out.raw(#"{"results":["#)
        for (position, object) in results.enumerated() {
            if position > 0 { out.raw(",") }
            do throws(ParseWireError) {
                try out.object(object)
            } catch {
                throw error.prefixed(index: position).prefixed(key: "results")
            }
        }
        out.raw("]")
        if let count {
            out.raw(#","count":"#)
            out.integer(count)
        }
        out.raw("}")
        return out.bytes
    }
}
