import Foundation

/// Writers for scalars, Foundation types, wire types and nested Parse objects.
extension WireEncodingState {
    func writeBool(_ value: Bool) {
        value ? json.write(ascii: "true") : json.write(ascii: "false")
    }

    func writeDouble(_ value: Double, key: some CodingKey) throws {
        guard value.isFinite else {
            throw failure(.unrepresentable, value: value, key: key, "\(value) cannot be written: JSON has no NaN or infinity")
        }
        NumberFormatting.appendNumber(value, to: &json)
    }

    func writeFloat(_ value: Float, key: some CodingKey) throws {
        guard value.isFinite else {
            throw failure(.unrepresentable, value: value, key: key, "\(value) cannot be written: JSON has no NaN or infinity")
        }
        NumberFormatting.appendNumber(value, to: &json)
    }

    /// `{"__type":"Date","iso":"…"}`, rounded to the millisecond.
    func writeDate(_ date: Date, key: some CodingKey) throws {
        let milliseconds = try epochMilliseconds(date, key: key)
        json.writeDate(epochMilliseconds: milliseconds)
    }

    /// A fetched object's `createdAt`/`updatedAt`: a plain ISO string.
    func writeTimestamp(_ date: Date, key: some CodingKey) throws {
        let milliseconds = try epochMilliseconds(date, key: key)
        json.writeISOString(epochMilliseconds: milliseconds)
    }

    private func epochMilliseconds(_ date: Date, key: some CodingKey) throws -> Int64 {
        do throws(ParseWireError) {
            return try ParseDate(date).epochMilliseconds
        } catch {
            throw failure(error, value: date, key: key)
        }
    }

    @inline(never) func writeData(_ data: Data) throws {
        let isBytes = options.dataEncoding == .bytes
        if isBytes, data.isEmpty, memberRole == .body { try checkBodyField(.bytes(ParseBytes([]))) }
        data.withUnsafeBytes { raw in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            if isBytes {
                json.writeBytes(bytes)
            } else {
                json.write(UInt8(ascii: "\""))
                json.writeBase64(bytes)
                json.write(UInt8(ascii: "\""))
            }
        }
    }

    @inline(never) func writeIntegers(_ integers: [Int]) {
        json.write(UInt8(ascii: "["))
        for (position, integer) in integers.enumerated() {
            if position > 0 { json.write(UInt8(ascii: ",")) }
            NumberFormatting.appendInteger(Int64(integer), to: &json)
        }
        json.write(UInt8(ascii: "]"))
    }

    /// Writes an array of finite numbers and returns `true`; with a NaN or an infinity among
    /// them it writes nothing and returns `false`, and the caller encodes the array element by
    /// element, which reports the element's path.
    @inline(never) func writeDoubles(_ numbers: [Double]) -> Bool {
        let start = json.count
        json.write(UInt8(ascii: "["))
        for (position, number) in numbers.enumerated() {
            guard number.isFinite else {
                json.truncate(to: start)
                return false
            }
            if position > 0 { json.write(UInt8(ascii: ",")) }
            NumberFormatting.appendNumber(number, to: &json)
        }
        json.write(UInt8(ascii: "]"))
        return true
    }

    @inline(never) func writeStrings(_ strings: [String]) {
        json.write(UInt8(ascii: "["))
        for (position, string) in strings.enumerated() {
            if position > 0 { json.write(UInt8(ascii: ",")) }
            json.writeString(string)
        }
        json.write(UInt8(ascii: "]"))
    }

    @inline(never) func writeStringMap(_ map: [String: String], key: some CodingKey) throws {
        json.write(UInt8(ascii: "{"))
        var isFirst = true
        for (name, value) in map {
            if !isFirst { json.write(UInt8(ascii: ",")) }
            isFirst = false
            // A plain identifier is a valid plain-map key that needs no escaping: checked and
            // written in one pass. Any other key takes the full check.
            var name = name
            let isIdentifier = name.withUTF8 { utf8 in
                guard Self.identifierSlot(utf8, role: .plain) != nil else { return false }
                json.writeKey(unescaped: utf8)
                return true
            }
            if !isIdentifier {
                if let problem = NameRules.plainKeyProblem(name) {
                    throw failure(ParseWireError(problem.kind, parseCode: problem.parseCode, path: WirePath().appending(key: name).description,
                                                 message: problem.message), value: map, key: key)
                }
                json.writeKey(name)
            }
            json.writeString(value)
        }
        json.write(UInt8(ascii: "}"))
    }

    /// A nested Parse object: a Pointer to it, which needs it saved.
    func writePointer(to object: any ParseObject, of type: any ParseObject.Type, key: some CodingKey) throws {
        guard let objectId = object.objectId else {
            throw failure(.invalidObjectId, value: object, key: key,
                          "this nested \(type.className) is not saved (its objectId is nil), so it cannot be written as a Pointer; save it first")
        }
        let pointer: ParsePointer
        do throws(ParseWireError) {
            pointer = try ParsePointer(className: type.className, objectId: objectId)
        } catch {
            throw failure(error, value: object, key: key)
        }
        json.writePointer(pointer)
    }

    /// `{"__type":"Pointer","className":…,"objectId":…}` for a class name and id already
    /// validated, written straight into the document by the wire encoder's writer.
    func writePointer(className: String, objectId: String) {
        json.writePointer(className: className, objectId: objectId)
    }

    /// Runs one of the wire encoder's writers that need its depth and errors (ACLs, operations) on
    /// this document's bytes, at the current path.
    ///
    /// - Throws: `EncodingError` with the writer's ``ParseWireError`` placed at the current path.
    func writeTyped(_ body: (inout ValueWriter) throws(ParseWireError) -> Void) throws {
        var writer = borrowWriter()
        defer { returnWriter(&writer) }
        do throws(ParseWireError) {
            try body(&writer)
        } catch {
            throw failure(error, value: error, key: nil)
        }
    }

    /// Whether a field operation may be written here: as a top-level value of a save or update body.
    var allowsOperation: Bool { memberRole == .body }

    /// Applies the rules parse-server has for the top-level fields of a save or update body
    /// (``SaveBodyRules``: no empty Bytes, one GeoPoint) to a value written as one. Called by the
    /// wire types' own `encode(to:)` only when ``memberRole`` is `.body`, so nothing else pays for it.
    @inline(never) func checkBodyField(_ value: ParseValue) throws {
        var sawGeoPoint = self.sawGeoPointField
        if let error = SaveBodyRules.checkFieldValue(value) ?? SaveBodyRules.checkGeoPointField(value, seenGeoPoint: &sawGeoPoint) {
            throw failure(error, value: value, key: nil)
        }
        self.sawGeoPointField = sawGeoPoint
    }

    /// A wire writer whose buffer is the state's empty scratch buffer.
    private func borrowWriter() -> ValueWriter {
        var scratch = JSONWriter(capacity: 0)
        swap(&scratch, &self.scratch)
        return ValueWriter(options: ParseValueEncodingOptions(), isUpdateBody: mode.isBody, json: scratch)
    }

    /// Moves what the wire writer wrote to the output and takes the scratch buffer back.
    private func returnWriter(_ writer: inout ValueWriter) {
        writer.json.bytes.withUnsafeBufferPointer { json.append(bytes: $0) }
        writer.json.bytes.removeAll(keepingCapacity: true)
        swap(&writer.json, &self.scratch)
    }
}
