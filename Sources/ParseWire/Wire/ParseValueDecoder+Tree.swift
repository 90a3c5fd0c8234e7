/// Building nested values without recursion.
///
/// Arrays, plain maps, kept unknown types and embedded Objects can nest as deep as the scanner's
/// limit (512 by default). Decoding them by recursion cost 1–4 KB of stack per level (a 512 KB
/// thread overflowed at 133 nested Objects), so the containers being built live on an explicit
/// stack of ``TreeFrame``s instead, and the machine stack stays flat whatever the depth. Leaves —
/// scalars and the fixed-shape typed values — are decoded by the ordinary non-recursive helpers.
///
/// Errors keep the paths recursion gave them: an error in a member is prefixed, innermost first,
/// by the key or index each enclosing frame is at.
extension TapeWalker {
    /// A container being decoded. Kept small (copies of it are the machine's main overhead):
    /// what only an object needs is in its ``ObjectHeader``.
    struct TreeFrame {
        enum Kind {
            /// An array: elements are `nested` values.
            case array
            /// A plain map inside a value: every key is a nested key.
            case map
            /// A value of unknown `__type`, kept whole (option `UnknownType`): read as a map.
            case unknownType
            /// An object's body: server-owned keys, `ACL`, and fields (``header``).
            case object
        }

        let kind: Kind
        /// The tape index of the container.
        let index: Int
        /// The tape index of the next member: an element, or a key.
        var child: Int
        /// Members not yet decoded.
        var remaining: Int
        /// Members decoded so far (an element's index in its array).
        var position = 0
        /// The key of the member being decoded (maps and objects).
        var key = ""
        /// The members read so far (maps and objects), in a map made at the first member with room
        /// for it and all that follow (the scanner already refused duplicate keys); made there, on
        /// the stack, so that no other copy of the frame shares it; `nil` before and for an array.
        var members: ParseMap?
        /// The elements read so far (arrays).
        var values: [ParseValue] = []
        /// The array's height (``ParseValue/height``), kept as elements are read so that the
        /// finished array need not scan them again (a map keeps its own).
        var height = 1
        /// An object's own keys; `nil` for the other kinds.
        let header: ObjectHeader?

        init(_ kind: Kind, at index: Int, count: Int, header: ObjectHeader? = nil) {
            self.kind = kind
            self.index = index
            self.child = index + 1
            self.remaining = count
            self.header = header
            if kind == .array { values.reserveCapacity(count) }
        }

        /// The members read, as a map; the frame is left without them.
        mutating func takeMembers() -> ParseMap {
            var map = members ?? ParseMap()
            members = nil
            map.indexIfLarge()
            return map
        }

        /// Whether members are key–value pairs.
        var isKeyed: Bool { kind != .array }

        /// The error one level further from the root: at this frame's current member.
        func prefixing(_ error: ParseWireError) -> ParseWireError {
            isKeyed ? error.prefixed(key: key) : error.prefixed(index: position)
        }
    }

    /// What an object frame reads besides its fields.
    final class ObjectHeader {
        let className: String
        /// Whether to skip the embedded form's `__type` and `className` keys.
        let skippingTypeKeys: Bool
        var objectId: String?
        var createdAt: ParseDate?
        var updatedAt: ParseDate?
        var acl: ParseACL?

        init(className: String, skippingTypeKeys: Bool) {
            self.className = className
            self.skippingTypeKeys = skippingTypeKeys
        }
    }

    /// What decoding a value starts with: the whole value, or a container to fill.
    enum TreeStart {
        case value(ParseValue)
        case frame(TreeFrame)
    }

    // MARK: - Entry points

    /// Decodes the value at `index`.
    func decodeValue(at index: Int, placement: ValuePlacement) throws(ParseWireError) -> ParseValue {
        switch try start(at: index, placement: placement) {
        case .value(let value): return value
        case .frame(let frame): return try build(frame)
        }
    }

    func decodeArray(at index: Int) throws(ParseWireError) -> [ParseValue] {
        guard case .array(let elements) = try build(TreeFrame(.array, at: index, count: Int(entries[index].length))) else {
            preconditionFailure("an array frame builds an array")
        }
        return elements.elements
    }

    /// The keys of an object (OBJ-5): `objectId`, `createdAt`, `updatedAt` (plain ISO strings, DATE-9), `ACL`,
    /// and fields. `skippingTypeKeys` skips the embedded form's `__type` and `className`.
    func decodeObjectBody(at index: Int, className: String, skippingTypeKeys: Bool) throws(ParseWireError) -> ParseObjectValue {
        let header = ObjectHeader(className: className, skippingTypeKeys: skippingTypeKeys)
        let frame = TreeFrame(.object, at: index, count: Int(entries[index].length), header: header)
        guard case .object(let object) = try build(frame) else {
            preconditionFailure("an object frame builds an object")
        }
        return object
    }

    // MARK: - The machine

    /// Decodes `first` and everything inside it, with an explicit stack of frames.
    func build(_ first: TreeFrame) throws(ParseWireError) -> ParseValue {
        var stack: [TreeFrame] = []
        stack.reserveCapacity(8)
        stack.append(first)
        while true {
            let top = stack.count - 1
            if stack[top].remaining == 0 {
                var frame = stack.removeLast()
                let value: ParseValue
                do throws(ParseWireError) {
                    value = try finish(&frame)
                } catch {
                    throw prefixed(error, by: stack[...])
                }
                if stack.isEmpty { return value }
                stack[top - 1].add(value, entries: entries)
                continue
            }
            do throws(ParseWireError) {
                if let inner = try step(&stack[top]) { stack.append(inner) }
            } catch {
                throw prefixed(error, by: stack[...top])
            }
        }
    }

    private func prefixed(_ error: ParseWireError, by frames: ArraySlice<TreeFrame>) -> ParseWireError {
        var error = error
        for frame in frames.reversed() { error = frame.prefixing(error) }
        return error
    }

    /// Decodes the frame's next member: a leaf at once, or a container, returned to be pushed.
    private func step(_ frame: inout TreeFrame) throws(ParseWireError) -> TreeFrame? {
        let child = frame.child
        let placement: ValuePlacement
        switch frame.kind {
        case .array:
            placement = .nested
            switch try start(at: child, placement: placement) {
            case .value(let value): frame.add(value, entries: entries)
            case .frame(let inner): return inner
            }
            return nil
        case .map, .unknownType:
            // OBJ-6: `objectId`, `createdAt`… below the top are ordinary keys, kept; NAME-3 and NAME-5 apply.
            frame.key = string(at: child)
            if !isPlainNestedKey(child) {
                try checkKeyword(key: frame.key, keyIndex: child, valueIndex: child + 1)
                if let failure = NameRules.checkNestedKey(frame.key) { throw failure.located(offset: keyOffset(child), path: "$") }
            }
            placement = .nested
        case .object:
            let header = frame.header!
            let skippingTypeKeys = header.skippingTypeKeys
            let valueIndex = child + 1
            if skippingTypeKeys, keyEquals(child, "__type") || keyEquals(child, "className") {
                frame.skip(entries: entries)
                return nil
            }
            frame.key = string(at: child)
            switch frame.key {
            case "objectId":
                guard entries[valueIndex].kind == .string else {
                    throw error(.wrongFieldType, at: valueIndex, "\"objectId\" must be a string, not \(describe(valueIndex))")
                }
                let id = string(at: valueIndex)
                if let failure = NameRules.checkObjectId(id) { throw failure.located(offset: offset(valueIndex), path: "$") }
                header.objectId = id
                frame.skip(entries: entries)
                return nil
            case "createdAt":  // DATE-9: a plain ISO string; a typed Date is refused
                header.createdAt = try isoDate(at: valueIndex, what: "\"createdAt\" of a fetched object")
                frame.skip(entries: entries)
                return nil
            case "updatedAt":
                header.updatedAt = try isoDate(at: valueIndex, what: "\"updatedAt\" of a fetched object")
                frame.skip(entries: entries)
                return nil
            case "ACL":
                header.acl = try decodeACL(at: valueIndex)
                frame.skip(entries: entries)
                return nil
            default:
                try checkFieldKey(frame.key, keyIndex: child, allowsDotPath: false)
                placement = skippingTypeKeys ? .nested : .field
            }
        }
        switch try start(at: child + 1, placement: placement) {
        case .value(let value): frame.add(value, entries: entries)
        case .frame(let inner): return inner
        }
        return nil
    }

    /// The finished value of a frame whose members are all decoded.
    private func finish(_ frame: inout TreeFrame) throws(ParseWireError) -> ParseValue {
        switch frame.kind {
        case .array: return .array(ParseArray(frame.values, height: frame.height))
        case .map: return .map(frame.takeMembers())
        case .unknownType: return .unknownType(frame.takeMembers())
        case .object:
            let header = frame.header!
            do throws(ParseWireError) {
                return .object(try ParseObjectValue(className: header.className, objectId: header.objectId, createdAt: header.createdAt,
                                                    updatedAt: header.updatedAt, acl: header.acl, fields: frame.takeMembers()))
            } catch {
                throw error.located(offset: offset(frame.index), path: "$")
            }
        }
    }

    /// Starts the value at `index`: scalars and fixed-shape typed values whole, containers as a frame.
    /// CONT-1: arrays and maps hold any value; TYPE-3: `null` is a value of its own.
    func start(at index: Int, placement: ValuePlacement) throws(ParseWireError) -> TreeStart {
        let entry = entries[index]
        switch entry.kind {
        case .null: return .value(.null)
        case .trueLiteral: return .value(.bool(true))
        case .falseLiteral: return .value(.bool(false))
        case .string: return .value(.string(string(at: index)))
        case .number: return .value(.number(try number(at: index)))
        case .array: return .frame(TreeFrame(.array, at: index, count: Int(entry.length)))
        case .object: return try startObject(at: index, placement: placement)
        }
    }

    private func startObject(at index: Int, placement: ValuePlacement) throws(ParseWireError) -> TreeStart {
        var typeValue: Int?
        var opValue: Int?
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            if keyEquals(child, "__type") { typeValue = child + 1 }
            if keyEquals(child, "__op") { opValue = child + 1 }
            child = Int(entries[child + 1].next)
        }
        if let typeValue {
            if opValue != nil {
                throw error(.invalidOperation, at: index, "an object cannot have both \"__type\" and \"__op\"")
            }
            return try startTyped(at: index, typeValue: typeValue, placement: placement)
        }
        if let opValue {
            // OP-1: an operation only as the value of a top-level field of a save body.
            guard placement == .saveBodyField else {
                throw error(.invalidOperation, at: index, isUpdateBody
                    ? "a field operation (\"__op\") may only be the value of a top-level field, not nested inside a value"
                    : "a field operation (\"__op\") may only appear in a save body (the update context)")
            }
            return .value(.operation(try decodeOperation(at: index, opValue: opValue)))
        }
        return .frame(TreeFrame(.map, at: index, count: Int(entries[index].length)))
    }
}

extension TapeWalker.TreeFrame {
    /// Records a decoded member and moves to the next.
    mutating func add(_ value: ParseValue, entries: UnsafeBufferPointer<JSONTape.Entry>) {
        if isKeyed {
            // An object's keys skipped before the first field (`objectId`…) take no room.
            if members == nil { members = ParseMap(capacity: remaining) }
            members!.appendWithRoom(key, value)
        } else {
            height = Swift.max(height, value.height + 1)
            values.append(value)
        }
        skip(entries: entries)
    }

    /// Moves to the next member.
    mutating func skip(entries: UnsafeBufferPointer<JSONTape.Entry>) {
        child = Int(entries[isKeyed ? child + 1 : child].next)
        position += 1
        remaining -= 1
    }
}
