/// Writing nested values without recursion.
///
/// A value nests as deep as the depth limit allows (512 by default). Writing it by recursion cost
/// kilobytes of stack per level, more than a 512 KB thread holds at the limit, so the containers
/// being written live on an explicit stack of ``WriteFrame``s and the machine stack stays flat.
/// Errors keep the paths recursion gave them: an error in a member is prefixed, innermost first,
/// by the key or index each enclosing frame is at.
extension ValueWriter {
    /// A container whose members are being written.
    struct WriteFrame {
        /// Which keys a map's members may have.
        enum KeyRule {
            /// A plain map inside a value: no `__type`/`__op`, nested-key rules, the denylist.
            case nestedMap
            /// An object's fields or a kept unknown type: the denylist only.
            case denylistOnly
        }

        /// An array's elements; empty for a map.
        let elements: [ParseValue]
        /// A map's members, and their writing order when it is not insertion order; empty for an array.
        let map: ParseMap
        let order: [Int]?
        /// Whether this is an array.
        let isArray: Bool
        let rule: KeyRule
        /// Where the members sit.
        let placement: ValuePlacement
        /// The position in the writing order of the next member.
        var next = 0
        /// Whether a member was already written (an object's own keys count).
        var hasWritten: Bool

        init(elements: [ParseValue]) {
            self.elements = elements
            map = ParseMap()
            order = nil
            isArray = true
            rule = .denylistOnly
            placement = .nested
            hasWritten = false
        }

        init(map: ParseMap, order: [Int]?, rule: KeyRule, placement: ValuePlacement, hasWritten: Bool = false) {
            elements = []
            self.map = map
            self.order = order
            isArray = false
            self.rule = rule
            self.placement = placement
            self.hasWritten = hasWritten
        }

        /// The error one level further from the root: at this frame's current member.
        func prefixing(_ error: ParseWireError) -> ParseWireError {
            isArray ? error.prefixed(index: next - 1) : error.prefixed(key: map.key(at: position(next - 1)))
        }

        /// The map position of the member at `index` in writing order.
        func position(_ index: Int) -> Int {
            order?[index] ?? index
        }
    }

    /// Writes a value.
    mutating func writeValue(_ value: ParseValue, placement: ValuePlacement) throws(ParseWireError) {
        if let frame = try start(value, placement: placement) { try run(frame) }
    }

    /// Writes an object: embedded (`"__type":"Object","className":…` first) or in the fetched REST
    /// form. Then `objectId`, `createdAt`, `updatedAt`, `ACL`, and the fields in order.
    mutating func writeObject(_ object: ParseObjectValue, embedded: Bool) throws(ParseWireError) {
        try run(try openObject(object, embedded: embedded))
    }

    /// Writes `first` and everything inside it, with an explicit stack of frames.
    private mutating func run(_ first: WriteFrame) throws(ParseWireError) {
        var stack: [WriteFrame] = []
        stack.reserveCapacity(8)
        stack.append(first)
        var inner: WriteFrame?
        while let top = stack.indices.last {
            let wrote: Bool
            do throws(ParseWireError) {
                wrote = try writeNextMember(of: &stack[top], opening: &inner)
            } catch {
                var error = error
                for frame in stack.reversed() { error = frame.prefixing(error) }
                throw error
            }
            if let opened = inner.take() {
                stack.append(opened)
            } else if !wrote {
                json.write(stack[top].isArray ? UInt8(ascii: "]") : UInt8(ascii: "}"))
                depth -= 1
                stack.removeLast()
            }
        }
    }

    /// Writes the separator, key and value of the frame's next member; a container member is
    /// opened and its frame put in `opened`.
    /// - Returns: `false` when the frame has no member left.
    private mutating func writeNextMember(of frame: inout WriteFrame, opening opened: inout WriteFrame?) throws(ParseWireError) -> Bool {
        if frame.isArray {
            guard frame.next < frame.elements.count else { return false }
            if frame.hasWritten { json.write(UInt8(ascii: ",")) }
            frame.hasWritten = true
            frame.next += 1
            opened = try start(frame.elements[frame.next - 1], placement: .nested)
            return true
        }
        guard frame.next < frame.map.count else { return false }
        frame.next += 1
        let position = frame.position(frame.next - 1)
        let key = frame.map.key(at: position)
        if frame.rule == .nestedMap, key == "__type" || key == "__op" {
            throw ParseWireError(.reservedKey, message: "a plain map cannot have the key \"\(key)\"; Parse reserves it for typed values and operations")
        }
        if let failure = KeywordDenylist.check(key: key) { throw failure }
        if frame.rule == .nestedMap, let failure = NameRules.checkNestedKey(key) { throw failure }
        if case .string(let text) = frame.map.value(at: position), KeywordDenylist.isBSONTypeCode(key: key, value: text) {
            throw KeywordDenylist.bsonTypeCodeError()
        }
        if frame.hasWritten { json.write(UInt8(ascii: ",")) }
        frame.hasWritten = true
        json.writeKey(key)
        opened = try start(frame.map.value(at: position), placement: frame.placement)
        return true
    }

    /// Starts writing a value: scalars and fixed-shape typed values whole (returning `nil`),
    /// containers opened and returned as a frame whose members are still to write.
    private mutating func start(_ value: ParseValue, placement: ValuePlacement) throws(ParseWireError) -> WriteFrame? {
        switch value {
        case .array, .map, .date, .bytes, .pointer, .relation, .geoPoint, .file, .object, .operation, .unknownType:
            try checkDepth(1)
        case .polygon(let polygon):
            try checkDepth(polygon.points.isEmpty ? 2 : 3)
        default:
            break
        }
        switch value {
        case .null: json.write(ascii: "null")
        case .bool(let flag): flag ? json.write(ascii: "true") : json.write(ascii: "false")
        case .number(let number): number.append(to: &json.bytes)
        case .string(let string): json.writeString(string)
        case .array(let elements):
            json.write(UInt8(ascii: "["))
            depth += 1
            return WriteFrame(elements: elements.elements)
        case .map(let map):
            json.write(UInt8(ascii: "{"))
            depth += 1
            return WriteFrame(map: map, order: sortedOrder(map), rule: .nestedMap, placement: .nested)
        case .date(let date): json.writeDate(date)
        case .bytes(let bytes): json.writeBytes(bytes)
        case .pointer(let pointer): json.writePointer(pointer)
        case .relation(let relation): json.writeRelation(relation)
        case .geoPoint(let point): json.writeGeoPoint(point)
        case .file(let file): json.writeFile(file)
        case .polygon(let polygon): json.writePolygon(polygon)
        case .object(let object):
            if isUpdateBody {
                throw ParseWireError(.unknownType, message: "an embedded Object cannot be saved; send a Pointer instead (Parse Server answers 111 \"This is not a valid Object\")")
            }
            return try openObject(object, embedded: true)
        case .acl:
            throw ParseWireError(.invalidACL, message: "an ACL can only be the value of the \"ACL\" key of an object or save body")
        case .operation(let operation):
            guard placement == .saveBodyField else {
                throw ParseWireError(.invalidOperation, message: isUpdateBody
                    ? "a field operation may only be the value of a top-level field, not nested inside a value"
                    : "a field operation may only appear in a save body (the update context)")
            }
            depth += 1
            defer { depth -= 1 }
            try writeOperation(operation)
        case .unknownType(let map):
            guard options.writesUnknownTypes, placement == .nested else {
                throw ParseWireError(.unknownType, message: options.writesUnknownTypes
                    ? "a value of unknown __type is written only nested inside a value; as a field value Parse Server answers 111"
                    : "a value of unknown __type is written only with writesUnknownTypes")
            }
            json.write(UInt8(ascii: "{"))
            depth += 1
            return WriteFrame(map: map, order: sortedOrder(map), rule: .denylistOnly, placement: .nested)
        }
        return nil
    }

    /// The positions of a map's members sorted by their keys' UTF-8 bytes when the options ask
    /// for sorted keys; `nil` (insertion order, nothing to allocate) otherwise.
    private func sortedOrder(_ map: ParseMap) -> [Int]? {
        options.sortsKeys ? memberOrder(map) : nil
    }

    /// Opens an object and writes its own keys; its fields are the returned frame's members.
    private mutating func openObject(_ object: ParseObjectValue, embedded: Bool) throws(ParseWireError) -> WriteFrame {
        json.write(UInt8(ascii: "{"))
        depth += 1
        var hasWritten = false
        if embedded {
            json.writeObjectType(className: object.className)
            hasWritten = true
        }
        if let objectId = object.objectId {
            if hasWritten { json.write(UInt8(ascii: ",")) }
            json.write(ascii: #""objectId":"#)
            json.writeString(objectId)
            hasWritten = true
        }
        if let createdAt = object.createdAt {
            if hasWritten { json.write(UInt8(ascii: ",")) }
            json.write(ascii: #""createdAt":"#)
            json.writeISOString(createdAt)
            hasWritten = true
        }
        if let updatedAt = object.updatedAt {
            if hasWritten { json.write(UInt8(ascii: ",")) }
            json.write(ascii: #""updatedAt":"#)
            json.writeISOString(updatedAt)
            hasWritten = true
        }
        if let acl = object.acl {
            if hasWritten { json.write(UInt8(ascii: ",")) }
            json.write(ascii: #""ACL":"#)
            try writeACL(acl).prefixingError(key: "ACL")
            hasWritten = true
        }
        let fields = object.fields
        let placement: ValuePlacement = embedded ? .nested : .field
        return WriteFrame(map: fields, order: sortedOrder(fields), rule: .denylistOnly, placement: placement, hasWritten: hasWritten)
    }
}
