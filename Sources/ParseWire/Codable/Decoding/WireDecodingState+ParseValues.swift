/// `ParseValue` containers read by the wire decoder's walk and moved straight into the result.
extension WireDecodingState {
    /// A `[ParseValue]`: each element read by the wire decoder's walk as ``ParseValue``'s
    /// `init(from:)` reads an array's element (placement `.nested`), with the same errors, and moved
    /// straight into the result, where the element-by-element path sent each one through a
    /// composite scope and an `init(from:)` of its own.
    func parseValues(at valueIndex: Int, key: some CodingKey) throws -> [ParseValue] {
        guard entries[valueIndex].kind == .array else {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: [Any].self, "expected an array, found \(walker.describe(valueIndex))")
        }
        let count = Int(entries[valueIndex].length)
        var result: [ParseValue] = []
        result.reserveCapacity(count)
        var child = valueIndex + 1
        for position in 0..<count {
            do throws(ParseWireError) {
                result.append(try walker.decodeValue(at: child, placement: .nested))
            } catch {
                let depth = self.depth
                pushIfKey(key)
                push(IndexKey(position))
                defer { self.depth = depth }
                throw relocated(error, at: child, key: NoKey(), type: ParseValue.self)
            }
            child = Int(entries[child].next)
        }
        // As after the composite path's elements.
        if count > 0 { memberRole = .plain }
        return result
    }

    /// A `[String: ParseValue]`: each member's value read by the wire decoder's walk as
    /// ``ParseValue``'s `init(from:)` reads a plain map's member (placement `.nested`), with the same
    /// errors, and moved straight into the result, where `Dictionary.init(from:)` sent each one
    /// through a keyed container's lookup, a composite scope and an `init(from:)` of its own.
    /// The caller has checked the keys as a plain map's.
    func parseValueMap(at valueIndex: Int) throws -> [String: ParseValue] {
        guard entries[valueIndex].kind == .object else {
            // As the keyed container reports it.
            throw failure(.wrongFieldType, at: valueIndex, key: NoKey(), type: [String: Any].self, "expected an object, found \(walker.describe(valueIndex))")
        }
        let count = Int(entries[valueIndex].length)
        var result = [String: ParseValue](minimumCapacity: count)
        var child = valueIndex + 1
        for _ in 0..<count {
            let name = JSONStrings.string(of: entries[child], in: input)
            do throws(ParseWireError) {
                result[name] = try walker.decodeValue(at: child + 1, placement: .nested)
            } catch {
                let depth = self.depth
                push(DictionaryKey(stringValue: name))
                defer { self.depth = depth }
                throw relocated(error, at: child + 1, key: NoKey(), type: ParseValue.self)
            }
            child = Int(entries[child + 1].next)
        }
        // As after the keyed container's members.
        if count > 0 { memberRole = .plain }
        return result
    }
}
