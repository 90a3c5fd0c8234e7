/// An output the typed values' wire text is written to: the wire encoder's ``JSONWriter`` and the
/// Codable encoder's ``OutputBuffer``. The writers below are generic over it, so that each typed
/// value's literal (its `__type`, its reserved keys and their order) is spelled once, for both
/// encoders, and each output gets the writers specialised.
protocol TypedValueOutput: JSONOutput {
    /// Appends `count` bytes that `body` writes at the pointer it is given.
    mutating func append(count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void)

    /// Appends the canonical base64 of `bytes`, without quotes; by default through
    /// ``append(count:_:)``, which writes in place.
    mutating func writeBase64(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension JSONWriter: TypedValueOutput {
    mutating func append(count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { text in
            body(text.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    /// Straight into the array: Bytes can be large, and ``append(count:_:)`` goes through a
    /// temporary buffer.
    mutating func writeBase64(_ bytes: UnsafeBufferPointer<UInt8>) {
        Base64.append(bytes, to: &self.bytes)
    }
}

extension OutputBuffer: TypedValueOutput {}

/// The typed values' wire literals, each with its fixed key order.
extension TypedValueOutput {
    /// `{"__type":"Date","iso":"…"}` for an instant in years 0001–9999.
    mutating func writeDate(epochMilliseconds: Int64) {
        write(ascii: #"{"__type":"Date","iso":""#)
        append(count: ISO8601.canonicalByteCount) { ISO8601.write(epochMilliseconds: epochMilliseconds, to: $0) }
        write(ascii: #""}"#)
    }

    /// A fetched object's `createdAt`/`updatedAt`: a plain ISO string.
    mutating func writeISOString(epochMilliseconds: Int64) {
        write(UInt8(ascii: "\""))
        append(count: ISO8601.canonicalByteCount) { ISO8601.write(epochMilliseconds: epochMilliseconds, to: $0) }
        write(UInt8(ascii: "\""))
    }

    /// `{"__type":"Pointer","className":…,"objectId":…}` for a class name and id already validated.
    mutating func writePointer(className: String, objectId: String) {
        write(ascii: #"{"__type":"Pointer","className":"#)
        writeString(className)
        write(ascii: #","objectId":"#)
        writeString(objectId)
        write(UInt8(ascii: "}"))
    }

    /// `{"__type":"Relation","className":…}`.
    mutating func writeRelation(className: String) {
        write(ascii: #"{"__type":"Relation","className":"#)
        writeString(className)
        write(UInt8(ascii: "}"))
    }

    /// DATE-1: exactly three fraction digits and `Z`.
    mutating func writeDate(_ date: ParseDate) {
        writeDate(epochMilliseconds: date.epochMilliseconds)
    }

    /// A fetched object's `createdAt`/`updatedAt`: a plain ISO string (DATE-9).
    mutating func writeISOString(_ date: ParseDate) {
        writeISOString(epochMilliseconds: date.epochMilliseconds)
    }

    /// `{"__type":"Bytes","base64":"…"}`.
    mutating func writeBytes(_ bytes: ParseBytes) {
        bytes.bytes.withUnsafeBufferPointer { writeBytes($0) }
    }

    /// `{"__type":"Bytes","base64":"…"}` for bytes in memory, such as a `Data`'s.
    mutating func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        write(ascii: #"{"__type":"Bytes","base64":""#)
        writeBase64(bytes)
        write(ascii: #""}"#)
    }

    /// The canonical base64 of `bytes`, without quotes.
    mutating func writeBase64(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(count: Base64.encodedCount(bytes.count)) { Base64.write(bytes, to: $0) }
    }

    mutating func writePointer(_ pointer: ParsePointer) {
        writePointer(className: pointer.className, objectId: pointer.objectId)
    }

    mutating func writeRelation(_ relation: ParseRelation) {
        writeRelation(className: relation.className)
    }

    mutating func writeGeoPoint(_ point: GeoPoint) {
        write(ascii: #"{"__type":"GeoPoint","latitude":"#)
        NumberFormatting.appendDouble(point.latitude, to: &self)
        write(ascii: #","longitude":"#)
        NumberFormatting.appendDouble(point.longitude, to: &self)
        write(UInt8(ascii: "}"))
    }

    mutating func writeFile(_ file: ParseFile) {
        write(ascii: #"{"__type":"File","name":"#)
        writeString(file.name)
        if let url = file.url {
            write(ascii: #","url":"#)
            writeString(url)
        }
        write(UInt8(ascii: "}"))
    }

    mutating func writePolygon(_ polygon: ParsePolygon) {
        write(ascii: #"{"__type":"Polygon","coordinates":["#)
        for (position, point) in polygon.points.enumerated() {
            if position > 0 { write(UInt8(ascii: ",")) }
            write(UInt8(ascii: "["))
            NumberFormatting.appendDouble(point.latitude, to: &self)
            write(UInt8(ascii: ","))
            NumberFormatting.appendDouble(point.longitude, to: &self)
            write(UInt8(ascii: "]"))
        }
        write(ascii: "]}")
    }

    /// The first members of an included object, `"__type":"Object","className":…`, without the brace.
    mutating func writeObjectType(className: String) {
        write(ascii: #""__type":"Object","className":"#)
        writeString(className)
    }
}

/// Objects, save bodies, ACLs and operations, each with its fixed key order; the typed values are
/// the generic writers above, reached through ``json``.
extension ValueWriter {
    mutating func writeUpdateBody(_ body: ParseMap) throws(ParseWireError) {
        json.write(UInt8(ascii: "{"))
        var seenGeoPoint = false
        for (order, position) in memberOrder(body).enumerated() {
            let key = body.key(at: position)
            let value = body.value(at: position)
            do throws(ParseWireError) {
                if key == "objectId" || key == "createdAt" || key == "updatedAt" {
                    throw ParseWireError(.reservedKey, parseCode: key == "objectId" ? 105 : 111,
                                         message: "\"\(key)\" is set by the server and cannot be sent in a save body")
                }
                if let failure = KeywordDenylist.check(key: key) { throw failure }
                if case .string(let text) = value, KeywordDenylist.isBSONTypeCode(key: key, value: text) {
                    throw KeywordDenylist.bsonTypeCodeError()
                }
                if order > 0 { json.write(UInt8(ascii: ",")) }
                json.writeKey(key)
                if key == "ACL" {
                    switch value {
                    case .acl(let acl):
                        if let failure = acl.entries.lazy.compactMap({ ParseACL.checkSaveBodyPrincipal($0.principal) }).first { throw failure }
                        try writeACL(acl).get()
                    case .operation(.delete): try writeValue(.operation(.delete), placement: .saveBodyField)
                    default:
                        throw ParseWireError(.invalidACL, message: "\"ACL\" in a save body must be an ACL or the Delete operation, not \(value.kindDescription)")
                    }
                    continue
                }
                if let failure = NameRules.checkSaveBodyKey(key) { throw failure }
                if let failure = SaveBodyRules.checkFieldValue(value) { throw failure }
                if let failure = SaveBodyRules.checkGeoPointField(value, seenGeoPoint: &seenGeoPoint) { throw failure }
                try writeValue(value, placement: .saveBodyField)
            } catch {
                throw error.prefixed(key: key)
            }
        }
        json.write(UInt8(ascii: "}"))
    }

    /// Only granted permissions are written, `read` before `write`, as parse-server emits them (ACL-3).
    mutating func writeACL(_ acl: ParseACL) -> Result<Void, ParseWireError> {
        // The ACL's object is one level below the enclosing container, its grants two.
        do throws(ParseWireError) {
            try checkDepth(acl.entries.isEmpty ? 1 : 2)
        } catch {
            return .failure(error)
        }
        json.write(UInt8(ascii: "{"))
        for (position, entry) in acl.entries.enumerated() {
            if let failure = KeywordDenylist.check(key: entry.principal) { return .failure(failure.prefixed(key: entry.principal)) }
            if position > 0 { json.write(UInt8(ascii: ",")) }
            json.writeKey(entry.principal)
            switch (entry.grant.read, entry.grant.write) {
            case (true, true): json.write(ascii: #"{"read":true,"write":true}"#)
            case (true, false): json.write(ascii: #"{"read":true}"#)
            case (false, true): json.write(ascii: #"{"write":true}"#)
            case (false, false): json.write(ascii: "{}")
            }
        }
        json.write(UInt8(ascii: "}"))
        return .success(())
    }

    /// Writes an operation; ``depth`` already counts the operation's own object.
    mutating func writeOperation(_ operation: FieldOperation) throws(ParseWireError) {
        try operation.validate()
        json.write(ascii: #"{"__op":"#)
        json.writeString(operation.name)
        switch operation {
        case .increment(let amount):
            json.write(ascii: #","amount":"#)
            amount.append(to: &json.bytes)
        case .add(let objects), .addUnique(let objects), .remove(let objects):
            json.write(ascii: #","objects":"#)
            do throws(ParseWireError) {
                try writeValue(.array(objects), placement: .nested)
            } catch {
                throw error.prefixed(key: "objects")
            }
        case .addRelation(let pointers), .removeRelation(let pointers):
            try checkDepth(pointers.isEmpty ? 1 : 2)
            json.write(ascii: #","objects":["#)
            for (position, pointer) in pointers.enumerated() {
                if position > 0 { json.write(UInt8(ascii: ",")) }
                json.writePointer(pointer)
            }
            json.write(UInt8(ascii: "]"))
        case .delete:
            break
        case .batch(let operations):
            try checkDepth(operations.isEmpty ? 1 : 2)
            json.write(ascii: #","ops":["#)
            // Each inner operation's object sits two levels below this one (the ops array between).
            depth += 2
            defer { depth -= 2 }
            for (position, inner) in operations.enumerated() {
                if position > 0 { json.write(UInt8(ascii: ",")) }
                do throws(ParseWireError) {
                    try writeOperation(inner)
                } catch {
                    throw error.prefixed(index: position).prefixed(key: "ops")
                }
            }
            json.write(UInt8(ascii: "]"))
        }
        json.write(UInt8(ascii: "}"))
    }
}
