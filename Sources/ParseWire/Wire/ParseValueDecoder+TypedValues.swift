/// Typed values: `{"__type":…}` objects.
extension TapeWalker {
    /// The known `__type` names, for messages.
    static var typeNames: String { WireTypeName.list }

    func decodeTyped(at index: Int, typeValue: Int, placement: ValuePlacement) throws(ParseWireError) -> ParseValue {
        switch try startTyped(at: index, typeValue: typeValue, placement: placement) {
        case .value(let value): return value
        case .frame(let frame): return try build(frame)
        }
    }

    /// A typed value: whole for the fixed shapes; an embedded Object or a kept unknown type as a
    /// frame whose members are still to decode. TYPE-1: `__type` is a string naming one of the types.
    func startTyped(at index: Int, typeValue: Int, placement: ValuePlacement) throws(ParseWireError) -> TreeStart {
        guard entries[typeValue].kind == .string else {
            throw error(.wrongFieldType, at: typeValue, "\"__type\" must be a string naming a type (\(Self.typeNames)), not \(describe(typeValue))")
                .prefixed(key: "__type")
        }
        let type = string(at: typeValue)
        // The name is open input: an unknown one is refused, or kept nested under UnknownType.
        guard let known = WireTypeName(rawValue: type) else {
            guard options.preservesUnknownTypes, placement == .nested else {
                let rule = options.preservesUnknownTypes
                    ? "; as a field value Parse Server answers 111, so UnknownType keeps one only nested inside a value" : ""
                throw error(.unknownType, at: typeValue, "unknown __type \(JSONStrings.quoted(type)); the known types are \(Self.typeNames)\(rule)")
                    .prefixed(key: "__type")
            }
            return .frame(TreeFrame(.unknownType, at: index, count: Int(entries[index].length)))
        }
        switch known {
        case .date: return .value(.date(try decodeDate(at: index)))
        case .bytes: return .value(.bytes(try decodeBytes(at: index)))
        case .pointer: return .value(.pointer(try decodePointer(at: index)))
        case .relation: return .value(.relation(try decodeRelation(at: index)))
        case .geoPoint: return .value(.geoPoint(try decodeGeoPoint(at: index)))
        case .file: return .value(.file(try decodeFile(at: index)))
        case .polygon: return .value(.polygon(try decodePolygon(at: index)))
        case .object:
            if isUpdateBody {  // OBJ-2: an embedded Object is not a written field value
                throw error(.unknownType, at: typeValue, "an embedded Object (\"__type\":\"Object\") cannot be saved; send a Pointer instead (Parse Server answers 111 \"This is not a valid Object\")")
                    .prefixed(key: "__type")
            }
            let header = ObjectHeader(className: try embeddedClassName(at: index), skippingTypeKeys: true)
            return .frame(TreeFrame(.object, at: index, count: Int(entries[index].length), header: header))
        }
    }

    /// The value entries of a typed value's keys, in the order of `names`; `__type` is skipped.
    /// An unknown key is an error unless extra keys are ignored (TYPE-2: exactly their members).
    func typedMembers(at index: Int, type: String, names: [StaticString]) throws(ParseWireError) -> [Int?] {
        var found = [Int?](repeating: nil, count: names.count)
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            defer { child = Int(entries[child + 1].next) }
            if keyEquals(child, "__type") { continue }
            guard let slot = names.firstIndex(where: { keyEquals(child, $0) }) else {
                if options.ignoresExtraKeysOnTypedValues { continue }
                let key = string(at: child)
                let known = names.map { "\"\($0)\"" }.joined(separator: ", ")
                throw error(.unexpectedField, at: child, "a \(type) has no key \(JSONStrings.quoted(key)); its keys are \"__type\", \(known)")
                    .prefixed(key: key)
            }
            found[slot] = child + 1
        }
        return found
    }

    func require(_ slot: Int?, _ key: String, of type: String, at index: Int) throws(ParseWireError) -> Int {
        guard let slot else {
            throw error(.missingField, at: index, "a \(type) needs the key \"\(key)\" (Parse Server answers 111 \"This is not a valid \(type)\")")
        }
        return slot
    }

    func requireString(_ slot: Int?, _ key: String, of type: String, at index: Int) throws(ParseWireError) -> String {
        let valueIndex = try require(slot, key, of: type, at: index)
        guard entries[valueIndex].kind == .string else {
            throw error(.wrongFieldType, at: valueIndex, "\"\(key)\" of a \(type) must be a string, not \(describe(valueIndex))").prefixed(key: key)
        }
        return string(at: valueIndex)
    }

    func requireDouble(_ slot: Int?, _ key: String, of type: String, at index: Int) throws(ParseWireError) -> Double {
        let valueIndex = try require(slot, key, of: type, at: index)
        return try double(at: valueIndex, what: "\"\(key)\" of a \(type)").prefixingError(key: key)
    }

    func double(at valueIndex: Int, what: String) -> Result<Double, ParseWireError> {
        guard entries[valueIndex].kind == .number else {
            return .failure(error(.wrongFieldType, at: valueIndex, "\(what) must be a number, not \(describe(valueIndex))"))
        }
        do throws(ParseWireError) {
            guard let value = try number(at: valueIndex).doubleValue else {
                return .failure(error(.outOfRange, at: valueIndex, "\(what) is \(describe(valueIndex)), beyond the range of a double"))
            }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Each type

    /// DATE-2: exactly an `iso` string.
    func decodeDate(at index: Int) throws(ParseWireError) -> ParseDate {
        let slots = try typedMembers(at: index, type: "Date", names: ["iso"])
        let isoIndex = try require(slots[0], "iso", of: "Date", at: index)
        do throws(ParseWireError) {
            return try isoDate(at: isoIndex, what: "\"iso\" of a Date")
        } catch {
            throw error.prefixed(key: "iso")
        }
    }

    /// Parses an ISO date string entry (a Date's `iso`, or a fetched object's `createdAt`).
    func isoDate(at valueIndex: Int, what: String) throws(ParseWireError) -> ParseDate {
        let entry = entries[valueIndex]
        guard entry.kind == .string else {
            throw error(.wrongFieldType, at: valueIndex, "\(what) must be an ISO 8601 string, not \(describe(valueIndex))")
        }
        do throws(ParseWireError) {
            if entry.flags & JSONTape.stringHasEscapes == 0 {
                let raw = UnsafeBufferPointer(rebasing: input[Int(entry.offset)..<Int(entry.offset) + Int(entry.length)])
                return try ParseDate(epochMilliseconds: ISO8601.parse(raw, leniency: options.dateLeniency))
            }
            let bytes = JSONStrings.unescapedBytes(of: entry, in: input)
            let milliseconds = try bytes.withUnsafeBufferPointer { (raw) throws(ParseWireError) -> Int64 in
                try ISO8601.parse(raw, leniency: options.dateLeniency)
            }
            return try ParseDate(epochMilliseconds: milliseconds)
        } catch {
            throw error.located(offset: offset(valueIndex), path: "$")
        }
    }

    /// BYTES-3: exactly a `base64` string.
    func decodeBytes(at index: Int) throws(ParseWireError) -> ParseBytes {
        let slots = try typedMembers(at: index, type: "Bytes", names: ["base64"])
        let valueIndex = try require(slots[0], "base64", of: "Bytes", at: index)
        let entry = entries[valueIndex]
        guard entry.kind == .string else {
            throw error(.wrongFieldType, at: valueIndex, "\"base64\" of a Bytes must be a string, not \(describe(valueIndex))").prefixed(key: "base64")
        }
        do throws(ParseWireError) {
            let text = JSONStrings.unescapedBytes(of: entry, in: input)
            let bytes = try text.withUnsafeBufferPointer { (raw) throws(ParseWireError) -> [UInt8] in
                try Base64.decode(raw, leniency: options.base64Leniency)
            }
            return ParseBytes(bytes)
        } catch {
            throw error.located(offset: offset(valueIndex), path: "$").prefixed(key: "base64")
        }
    }

    /// PTR-2: exactly a `className` and an `objectId`, both strings.
    func decodePointer(at index: Int) throws(ParseWireError) -> ParsePointer {
        let slots = try typedMembers(at: index, type: "Pointer", names: ["className", "objectId"])
        let className = try requireString(slots[0], "className", of: "Pointer", at: index)
        let objectId = try requireString(slots[1], "objectId", of: "Pointer", at: index)
        do throws(ParseWireError) {
            return try ParsePointer(className: className, objectId: objectId)
        } catch {
            let key = error.kind == .invalidClassName ? "className" : "objectId"
            throw error.located(offset: offset(key == "className" ? slots[0]! : slots[1]!), path: "$").prefixed(key: key)
        }
    }

    /// REL-2: exactly a `className` string that names a class.
    func decodeRelation(at index: Int) throws(ParseWireError) -> ParseRelation {
        let slots = try typedMembers(at: index, type: "Relation", names: ["className"])
        let className = try requireString(slots[0], "className", of: "Relation", at: index)
        do throws(ParseWireError) {
            return try ParseRelation(className: className)
        } catch {
            throw error.located(offset: offset(slots[0]!), path: "$").prefixed(key: "className")
        }
    }

    /// GEO-3: exactly a `latitude` and a `longitude`, both numbers.
    func decodeGeoPoint(at index: Int) throws(ParseWireError) -> GeoPoint {
        let slots = try typedMembers(at: index, type: "GeoPoint", names: ["latitude", "longitude"])
        let latitude = try requireDouble(slots[0], "latitude", of: "GeoPoint", at: index)
        let longitude = try requireDouble(slots[1], "longitude", of: "GeoPoint", at: index)
        do throws(ParseWireError) {
            return try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            let key = (-90...90).contains(latitude) ? "longitude" : "latitude"
            throw error.located(offset: offset(key == "latitude" ? slots[0]! : slots[1]!), path: "$").prefixed(key: key)
        }
    }

    /// FILE-1: a `name` string and optionally a `url` string.
    func decodeFile(at index: Int) throws(ParseWireError) -> ParseFile {
        let slots = try typedMembers(at: index, type: "File", names: ["name", "url"])
        let name = try requireString(slots[0], "name", of: "File", at: index)
        var url: String?
        if slots[1] != nil { url = try requireString(slots[1], "url", of: "File", at: index) }
        do throws(ParseWireError) {
            return try ParseFile(name: name, url: url)
        } catch {
            throw error.located(offset: offset(slots[0]!), path: "$").prefixed(key: "name")
        }
    }

    /// POLY-1: a `coordinates` array of `[latitude, longitude]` pairs.
    func decodePolygon(at index: Int) throws(ParseWireError) -> ParsePolygon {
        let slots = try typedMembers(at: index, type: "Polygon", names: ["coordinates"])
        let listIndex = try require(slots[0], "coordinates", of: "Polygon", at: index)
        do throws(ParseWireError) {
            guard entries[listIndex].kind == .array else {
                throw error(.wrongFieldType, at: listIndex, "\"coordinates\" of a Polygon must be an array of [latitude, longitude] pairs, not \(describe(listIndex))")
            }
            var points: [GeoPoint] = []
            var child = listIndex + 1
            for position in 0..<Int(entries[listIndex].length) {
                do throws(ParseWireError) {
                    points.append(try polygonPoint(at: child))
                } catch {
                    throw error.prefixed(index: position)
                }
                child = Int(entries[child].next)
            }
            do throws(ParseWireError) {
                return try ParsePolygon(points: points)
            } catch {
                throw error.located(offset: offset(listIndex), path: "$")
            }
        } catch {
            throw error.prefixed(key: "coordinates")
        }
    }

    /// POLY-4: a vertex is a pair of numbers within the GeoPoint ranges.
    private func polygonPoint(at index: Int) throws(ParseWireError) -> GeoPoint {
        guard entries[index].kind == .array, entries[index].length == 2 else {
            throw error(.wrongFieldType, at: index, "a Polygon point must be a [latitude, longitude] pair, not \(describe(index))")
        }
        let latitude = try double(at: index + 1, what: "a Polygon latitude").prefixingError(index: 0)
        let longitude = try double(at: index + 2, what: "a Polygon longitude").prefixingError(index: 1)
        do throws(ParseWireError) {
            return try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            let position = (-90...90).contains(latitude) ? 1 : 0
            throw error.located(offset: offset(index + 1 + position), path: "$").prefixed(index: position)
        }
    }
}

extension Result where Failure == ParseWireError {
    /// The success value, or the failure one level further from the root.
    func prefixingError(key: String) throws(ParseWireError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw error.prefixed(key: key)
        }
    }

    func prefixingError(index: Int) throws(ParseWireError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw error.prefixed(index: index)
        }
    }
}
