import Foundation

/// Readers for scalars, Foundation types and wire types at a tape index.
extension WireDecodingState {
    func string(at valueIndex: Int, key: some CodingKey) throws -> String {
        guard entries[valueIndex].kind == .string else {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: String.self, "expected a string, found \(walker.describe(valueIndex))")
        }
        return JSONStrings.string(of: entries[valueIndex], in: input)
    }

    func bool(at valueIndex: Int, key: some CodingKey) throws -> Bool {
        switch entries[valueIndex].kind {
        case .trueLiteral: return true
        case .falseLiteral: return false
        default: throw failure(.wrongFieldType, at: valueIndex, key: key, type: Bool.self, "expected true or false, found \(walker.describe(valueIndex))")
        }
    }

    private func numberText(at valueIndex: Int, key: some CodingKey, type: Any.Type) throws -> UnsafeBufferPointer<UInt8> {
        let entry = entries[valueIndex]
        guard entry.kind == .number else {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: type, "expected a number, found \(walker.describe(valueIndex))")
        }
        return UnsafeBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)])
    }

    /// An integer: the common plain form read here, specialised for `I` where this is inlined
    /// (the body below, generic over the key as well, would not be), anything else by
    /// ``integerOrFailure(_:at:key:)``.
    @inline(__always)
    func integer<I: FixedWidthInteger>(_ type: I.Type, at valueIndex: Int, key: some CodingKey) throws -> I {
        if let value = plainInteger(I.self, at: valueIndex) { return value }
        return try integerOrFailure(I.self, at: valueIndex, key: key)
    }

    /// A number of up to 18 integer digits that fits `I`, or `nil`.
    private func plainInteger<I: FixedWidthInteger>(_ type: I.Type, at valueIndex: Int) -> I? {
        let entry = entries[valueIndex]
        guard entry.kind == .number, entry.flags & JSONTape.numberIsInteger != 0, entry.length <= 18 else { return nil }
        let text = input.baseAddress! + Int(entry.offset)
        let isNegative = text[0] == UInt8(ascii: "-")
        var value: Int64 = 0
        for position in (isNegative ? 1 : 0)..<Int(entry.length) {
            value = value &* 10 &+ Int64(text[position] &- UInt8(ascii: "0"))
        }
        return I(exactly: isNegative ? -value : value)
    }

    @inline(never)
    private func integerOrFailure<I: FixedWidthInteger>(_ type: I.Type, at valueIndex: Int, key: some CodingKey) throws -> I {
        let text = try numberText(at: valueIndex, key: key, type: I.self)
        // Up to 18 digits of integer text always fit an Int64.
        if entries[valueIndex].flags & JSONTape.numberIsInteger != 0, text.count <= 18 {
            let isNegative = text[0] == UInt8(ascii: "-")
            var value: Int64 = 0
            for position in (isNegative ? 1 : 0)..<text.count {
                value = value &* 10 &+ Int64(text[position] &- UInt8(ascii: "0"))
            }
            if let exact = I(exactly: isNegative ? -value : value) { return exact }
        } else if let exact = Self.exactInteger(try parsedNumber(at: valueIndex, key: key, type: I.self), as: I.self) {
            return exact
        }
        throw failure(.outOfRange, at: valueIndex, key: key, type: I.self,
                      "\(walker.describe(valueIndex)) is not an integer in \(I.self)'s range \(I.min)...\(I.max)")
    }

    /// The number at `valueIndex`, parsed exactly. Apart from ``integerOrFailure(_:at:key:)``:
    /// inlined there, the optimizer of Swift 6.3.1 stops with an ownership error.
    @inline(never)
    private func parsedNumber(at valueIndex: Int, key: some CodingKey, type: Any.Type) throws -> ParseNumber {
        do throws(ParseWireError) {
            return try walker.number(at: valueIndex)
        } catch {
            throw relocated(error, at: valueIndex, key: key, type: type)
        }
    }

    /// `number` as an `I`, if it is an integer in `I`'s range.
    @inline(never)
    private static func exactInteger<I: FixedWidthInteger>(_ number: ParseNumber, as type: I.Type) -> I? {
        number.int64Value.flatMap(I.init(exactly:)) ?? (number.isInteger ? I(number.description) : nil)
    }

    func double(at valueIndex: Int, key: some CodingKey) throws -> Double {
        let value = NumberParsing.double(try numberText(at: valueIndex, key: key, type: Double.self))
        guard value.isFinite else {
            throw failure(.outOfRange, at: valueIndex, key: key, type: Double.self, "\(walker.describe(valueIndex)) is beyond the range of a Double")
        }
        return value
    }

    func float(at valueIndex: Int, key: some CodingKey) throws -> Float {
        let value = NumberParsing.float(try numberText(at: valueIndex, key: key, type: Float.self))
        guard value.isFinite else {
            throw failure(.outOfRange, at: valueIndex, key: key, type: Float.self, "\(walker.describe(valueIndex)) is beyond the range of a Float")
        }
        return value
    }

    /// `{"__type":"Date","iso":"…"}`; the common two-key shape is read directly, anything else
    /// through the wire decoder's checks and messages.
    func date(at valueIndex: Int, key: some CodingKey) throws -> Date {
        let entry = entries[valueIndex]
        if entry.kind == .object, entry.length == 2 {
            var isoIndex: Int?
            var isDate = false
            var child = valueIndex + 1
            for _ in 0..<2 {
                if walker.keyEquals(child, WireTypeName.key) {
                    isDate = entries[child + 1].kind == .string && walker.keyEquals(child + 1, WireTypeName.date.staticName)
                } else if walker.keyEquals(child, "iso") {
                    isoIndex = child + 1
                }
                child = Int(entries[child + 1].next)
            }
            if isDate, let isoIndex {
                return try timestamp(at: isoIndex, key: key, relative: "$.iso")
            }
        }
        guard case .date(let date) = try typedValue(at: valueIndex, type: .date, key: key, swiftType: Date.self) else {
            preconditionFailure("a Date typed value decodes as a date")
        }
        return date.date
    }

    /// A plain ISO 8601 string: a Date's `iso`, or an object's `createdAt`/`updatedAt`.
    func timestamp(at valueIndex: Int, key: some CodingKey, relative: String = "$") throws -> Date {
        do throws(ParseWireError) {
            return try walker.isoDate(at: valueIndex, what: relative == "$" ? "a timestamp" : "\"iso\" of a Date").date
        } catch {
            throw relocated(ParseWireError(error.kind, parseCode: error.parseCode, offset: error.offset, path: relative, message: error.message),
                            at: valueIndex, key: key, type: Date.self)
        }
    }

    func data(at valueIndex: Int, key: some CodingKey) throws -> Data {
        if options.dataEncoding == .bytes {
            guard case .bytes(let bytes) = try typedValue(at: valueIndex, type: .bytes, key: key, swiftType: Data.self) else {
                preconditionFailure("a Bytes typed value decodes as bytes")
            }
            return Data(bytes.bytes)
        }
        let text = Array(try string(at: valueIndex, key: key).utf8)
        do throws(ParseWireError) {
            return Data(try text.withUnsafeBufferPointer { (raw) throws(ParseWireError) in try Base64.decode(raw, leniency: options.wire.base64Leniency) })
        } catch {
            throw relocated(error, at: valueIndex, key: key, type: Data.self)
        }
    }

    func url(at valueIndex: Int, key: some CodingKey) throws -> URL {
        let text = try string(at: valueIndex, key: key)
        guard let url = URL(string: text) else {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: URL.self, "\(JSONStrings.quoted(text)) is not a URL")
        }
        return url
    }

    func strings(at valueIndex: Int, key: some CodingKey) throws -> [String] {
        guard entries[valueIndex].kind == .array else {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: [String].self, "expected an array, found \(walker.describe(valueIndex))")
        }
        var result: [String] = []
        result.reserveCapacity(Int(entries[valueIndex].length))
        var child = valueIndex + 1
        for position in 0..<Int(entries[valueIndex].length) {
            guard entries[child].kind == .string else {
                let depth = self.depth
                pushIfKey(key)
                defer { self.depth = depth }
                throw failure(.wrongFieldType, at: child, key: IndexKey(position), type: String.self, "expected a string, found \(walker.describe(child))")
            }
            result.append(JSONStrings.string(of: entries[child], in: input))
            child = Int(entries[child].next)
        }
        return result
    }

    func stringMap(at valueIndex: Int, key: some CodingKey) throws -> [String: String] {
        guard entries[valueIndex].kind == .object else {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: [String: String].self, "expected an object, found \(walker.describe(valueIndex))")
        }
        try checkPlainMap(at: valueIndex, key: key, type: [String: String].self)
        try checkDistinctStringKeys(at: valueIndex, key: key, type: [String: String].self)
        var result = [String: String](minimumCapacity: Int(entries[valueIndex].length))
        var child = valueIndex + 1
        for _ in 0..<Int(entries[valueIndex].length) {
            let name = JSONStrings.string(of: entries[child], in: input)
            guard entries[child + 1].kind == .string else {
                let depth = self.depth
                pushIfKey(key)
                defer { self.depth = depth }
                throw failure(.wrongFieldType, at: child + 1, key: StringKey(name), type: String.self, "expected a string, found \(walker.describe(child + 1))")
            }
            result[name] = JSONStrings.string(of: entries[child + 1], in: input)
            child = Int(entries[child + 1].next)
        }
        return result
    }

    /// Checks that the object at `valueIndex` is a plain map the encoder could have written: not
    /// a typed value (`__type`), no key with `$` or `.`, no `__op`, no denylisted word.
    @inline(never)
    func checkPlainMap(at valueIndex: Int, key: some CodingKey, type: Any.Type) throws {
        guard entries[valueIndex].kind == .object else { return }
        if memberValue(named: WireTypeName.key, in: valueIndex) != nil {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: type, "expected a map, found \(walker.describe(valueIndex))")
        }
        var child = valueIndex + 1
        for _ in 0..<Int(entries[valueIndex].length) {
            let name = JSONStrings.string(of: entries[child], in: input)
            if let problem = NameRules.plainKeyProblem(name) {
                let depth = self.depth
                pushIfKey(key)
                defer { self.depth = depth }
                throw relocated(problem, at: child, key: StringKey(name), type: type)
            }
            child = Int(entries[child + 1].next)
        }
    }

    // MARK: - Wire types

    /// The typed value `{"__type":<type>,…}` at `valueIndex`, checked by the wire decoder.
    func typedValue(at valueIndex: Int, type: WireTypeName, key: some CodingKey, swiftType: Any.Type) throws -> ParseValue {
        guard entries[valueIndex].kind == .object, let typeIndex = memberValue(named: WireTypeName.key, in: valueIndex),
              entries[typeIndex].kind == .string, walker.keyEquals(typeIndex, type.staticName) else {
            throw failure(.wrongFieldType, at: valueIndex, key: key, type: swiftType,
                          "expected a \(type.rawValue) ({\"__type\":\"\(type.rawValue)\",…}), found \(describeValue(valueIndex))")
        }
        let value: ParseValue
        do throws(ParseWireError) {
            // The type name was matched above, so placement cannot matter: only unknown types depend on it.
            value = try walker.decodeTyped(at: valueIndex, typeValue: typeIndex, placement: .nested)
        } catch {
            throw relocated(error, at: valueIndex, key: key, type: swiftType)
        }
        if memberRole == .body { try checkBodyField(value, at: valueIndex, key: key, type: swiftType) }
        return value
    }

    /// Applies the rules parse-server has for the top-level fields of a save or update body
    /// (``SaveBodyRules``: no empty Bytes, one GeoPoint) to a value read as one. Called only for a
    /// typed value read where ``memberRole`` is `.body`; the same field read twice counts once.
    @inline(never) func checkBodyField(_ value: ParseValue, at valueIndex: Int, key: some CodingKey, type: Any.Type) throws {
        if let error = SaveBodyRules.checkFieldValue(value) { throw relocated(error, at: valueIndex, key: key, type: type) }
        guard case .geoPoint = value, self.geoPointField != valueIndex else { return }
        var seen = self.geoPointField >= 0
        if let error = SaveBodyRules.checkGeoPointField(value, seenGeoPoint: &seen) { throw relocated(error, at: valueIndex, key: key, type: type) }
        self.geoPointField = valueIndex
    }

    /// The current value as a typed value, for a wire type's `init(from:)`.
    func decodeTyped<V>(_ type: WireTypeName, as swiftType: V.Type, _ extract: (ParseValue) -> V?) throws -> V {
        extract(try typedValue(at: index, type: type, key: NoKey(), swiftType: V.self))!
    }

    /// Runs one of the wire decoder's readers on the current value.
    func read<V>(_ swiftType: V.Type, _ body: (TapeWalker, Int) throws(ParseWireError) -> V) throws -> V {
        do throws(ParseWireError) {
            return try body(walker, index)
        } catch {
            throw relocated(error, at: index, key: NoKey(), type: V.self)
        }
    }

    /// The current value as a Pointer to `className`.
    /// REC-2: the Pointer must target the model's class, as the schema makes the server check.
    func decodePointer(className: String) throws -> ParsePointer {
        let pointer = try decodeTyped(.pointer, as: ParsePointer.self, ParsePointer.extract)
        guard pointer.className == className else {
            throw failure(.wrongFieldType, at: index, key: NoKey(), type: ParsePointer.self,
                          "expected a Pointer to \(className), found a Pointer to \(pointer.className); Parse Server answers 111 (schema mismatch)")
        }
        return pointer
    }

    /// The objectId of the current value when it is a Pointer to `className` in the common exact
    /// shape (`__type`, `className` and `objectId`, all plain strings), read in place; `nil` for
    /// anything else, which ``decodePointer(className:)`` checks and explains.
    func plainPointerObjectId(className: String) -> String? {
        let index = self.index
        guard entries[index].kind == .object, entries[index].length == 3,
              let objectId = plainPointerObjectId(at: index, className: className) else { return nil }
        return JSONStrings.string(of: entries[objectId], in: input)
    }

    /// Whether the current value is an included object: an object whose `__type` is `"Object"`.
    func isIncludedObject() -> Bool {
        let index = self.index
        guard entries[index].kind == .object, let typeIndex = memberValue(named: WireTypeName.key, in: index),
              entries[typeIndex].kind == .string else { return false }
        return walker.keyEquals(typeIndex, WireTypeName.object.staticName)
    }

    /// The index of the objectId of a Pointer to `className` at `index` that needs no check but
    /// the ones made here, or `nil`.
    private func plainPointerObjectId(at index: Int, className: String) -> Int? {
        var isPointer = false
        var isClass = false
        var objectId: Int?
        var child = index + 1
        for _ in 0..<3 {
            let value = child + 1
            guard entries[value].kind == .string, entries[value].flags & JSONTape.stringHasEscapes == 0 else { return nil }
            if walker.keyEquals(child, WireTypeName.key) {
                isPointer = walker.keyEquals(value, WireTypeName.pointer.staticName)
            } else if walker.keyEquals(child, "className") {
                isClass = bytesEqual(value, className)
            } else if walker.keyEquals(child, "objectId") {
                objectId = value
            }
            child = Int(entries[value].next)
        }
        guard isPointer, isClass, let objectId,
              NameRules.isValidObjectId(UnsafeBufferPointer(rebasing: input[Int(entries[objectId].offset)..<Int(entries[objectId].offset) + Int(entries[objectId].length)])),
              isValidClassName(className) else { return nil }
        return objectId
    }

    /// Whether `className` is a valid class name; the last one found valid is remembered, as a
    /// document's Pointers mostly point to the same few classes.
    private func isValidClassName(_ className: String) -> Bool {
        if self.validClassName == className { return true }
        guard NameRules.checkClassName(className) == nil else { return false }
        self.validClassName = className
        return true
    }

    /// Whether the unescaped string at `index` is `text`.
    private func bytesEqual(_ index: Int, _ text: String) -> Bool {
        let entry = entries[index]
        var text = text
        return text.withUTF8 { bytes in
            Int(entry.length) == bytes.count && (bytes.isEmpty || memcmp(input.baseAddress! + Int(entry.offset), bytes.baseAddress!, bytes.count) == 0)
        }
    }

    /// Checks that the current value is a Relation to `className`.
    /// REC-2: the Relation must target the model's class, as the schema makes the server check.
    func decodeRelation(className: String) throws {
        let relation = try decodeTyped(.relation, as: ParseRelation.self, ParseRelation.extract)
        guard relation.className == className else {
            throw failure(.wrongFieldType, at: index, key: NoKey(), type: ParseRelation.self,
                          "expected a Relation to \(className), found a Relation to \(relation.className); Parse Server answers 111 (schema mismatch)")
        }
    }

    /// `a Pointer`, `an object`, `the number 5`: what a value is, for messages.
    func describeValue(_ valueIndex: Int) -> String {
        if entries[valueIndex].kind == .object, let typeIndex = memberValue(named: WireTypeName.key, in: valueIndex), entries[typeIndex].kind == .string {
            return "a value of __type \(JSONStrings.quoted(walker.string(at: typeIndex)))"
        }
        return walker.describe(valueIndex)
    }
}
