import ParseWire

/// Generators of every `ParseValue` shape, valid for the context they are meant for: a field
/// value, a save body, a fetched object.
extension Gen {
    /// Dates over years 0001–9999, with the range ends, the epoch, leap days and the last
    /// millisecond of a second, a day and a year as edges.
    public static var parseDate: Generator<ParseDate> {
        let minimum = UInt64(bitPattern: ParseDate.minimum.epochMilliseconds)
        let span = UInt64(ParseDate.maximum.epochMilliseconds - ParseDate.minimum.epochMilliseconds)
        let plain = Generator<Int64> { (testCase) throws(TestCase.Stop) in
            Int64(bitPattern: minimum &+ (try testCase.choice(upTo: span)))
        }
        let edges: [Int64] = [
            0, -1, 1, 999, 1_000, ParseDate.minimum.epochMilliseconds, ParseDate.maximum.epochMilliseconds,
            951_782_400_000, 951_868_799_999, 946_684_799_999, 1_641_039_825_678, -62_135_596_800_001 + 1,
        ]
        return biased(plain, edges: edges).map { try! ParseDate(epochMilliseconds: $0) }
    }

    /// Byte strings of 0–64 bytes.
    public static var parseBytes: Generator<ParseBytes> {
        array(of: int(in: 0...255).map { UInt8($0) }, maximum: 64, average: 8).map(ParseBytes.init)
    }

    /// Valid class names: identifiers and the system classes.
    public static var className: Generator<String> {
        frequency([
            (6, identifier(maximum: 10).filter { NameRules.checkClassName($0) == nil }),
            (1, element(of: ["_User", "_Role", "_Session", "_Installation", "_Join:users:_Role"])),
        ])
    }

    /// Non-empty objectIds without `$`: server-style ten alphanumerics, or any custom string.
    public static var objectId: Generator<String> {
        let alphanumerics = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return oneOf([
            array(of: element(of: alphanumerics), minimum: 10, maximum: 10).map { String($0) },
            string.filter { NameRules.checkObjectId($0) == nil },
        ])
    }

    /// Field names Parse accepts at the top of an object or save body, other than the keys an
    /// object holds itself (`objectId`, `createdAt`, `updatedAt`, `ACL`).
    public static var fieldName: Generator<String> {
        identifier().filter { name in
            NameRules.checkFieldName(name) == nil && !["objectId", "createdAt", "updatedAt", "ACL"].contains(name)
        }
    }

    /// Keys of a nested map: any string without `$` or `.`, not on the keyword denylist, and not a
    /// key that would turn the map into a typed value or an operation.
    public static var nestedKey: Generator<String> {
        string.filter { key in
            NameRules.checkNestedKey(key) == nil && key != "__type" && key != "__op"
                && !key.contains("constructor") && !key.contains("__proto__") && !key.contains("_bsontype")
        }
    }

    public static var pointer: Generator<ParsePointer> {
        className.flatMap { name in objectId.map { try! ParsePointer(className: name, objectId: $0) } }
    }

    public static var relation: Generator<ParseRelation> {
        className.map { try! ParseRelation(className: $0) }
    }

    /// Points with latitudes in −90…90 and longitudes in −180…180, poles and antimeridian included.
    public static var geoPoint: Generator<GeoPoint> {
        let latitude = biased(double.map { $0.truncatingRemainder(dividingBy: 90) }, edges: [0, 90, -90, 45.5])
        let longitude = biased(double.map { $0.truncatingRemainder(dividingBy: 180) }, edges: [0, 180, -180, -73.25])
        return latitude.flatMap { lat in longitude.map { try! GeoPoint(latitude: lat, longitude: $0) } }
    }

    public static var file: Generator<ParseFile> {
        string.filter { !$0.isEmpty }.flatMap { name in
            optional(string).map { try! ParseFile(name: name, url: $0.map { "https://files.example/" + $0 }) }
        }
    }

    /// Polygons of 3–8 points with at least 3 distinct.
    public static var polygon: Generator<ParsePolygon> {
        array(of: geoPoint, minimum: 3, maximum: 8, average: 2).map { try? ParsePolygon(points: $0) }
            .filter { $0 != nil }.map { $0! }
    }

    /// ACLs over the public, user ids and roles, each with a non-empty grant. User ids hold no `$` or
    /// `.` (a mapped draw, so the choices keep their meaning): parse-server refuses such a principal in a
    /// save body (121), and these ACLs are written in save bodies too.
    public static var acl: Generator<ParseACL> {
        let userId = objectId.map { String($0.unicodeScalars.map { $0 == "$" || $0 == "." ? "_" : Character($0) }) }
        let principal = oneOf([constant("*"), userId, identifier().map { "role:" + $0 }])
        let grant = int(in: 1...3).map { ParseACL.Grant(read: $0 & 1 != 0, write: $0 & 2 != 0) }
        let entry = principal.flatMap { name in grant.map { (principal: name, grant: $0) } }
        return array(of: entry, maximum: 5, average: 2).map { entries in
            var acl = ParseACL()
            for entry in entries { try? acl.setGrant(entry.grant, for: entry.principal) }
            return acl
        }
    }

    /// Numbers: integers, Doubles, and exact decimals no `Double` holds.
    public static var parseNumber: Generator<ParseNumber> {
        oneOf([
            int64.map { ParseNumber($0) },
            double.map { ParseNumber($0)! },
            element(of: ["9007199254740993", "18446744073709551616", "-0", "1e400", "0.1000000000000000055511151231257827",
                         "123456789012345678901234567890"]).map { ParseNumber($0)! },
        ])
    }

    /// Field values of nested arrays and maps up to `depth` levels, with every typed value and,
    /// when `embedsObjects`, embedded objects (which a save body may not hold); no operations and
    /// no ACLs (those belong to save bodies and objects).
    public static func parseValue(depth: Int = 3, embedsObjects: Bool = true) -> Generator<ParseValue> {
        let leaf: Generator<ParseValue> = oneOf([
            constant(ParseValue.null),
            bool.map(ParseValue.bool),
            parseNumber.map(ParseValue.number),
            string.map(ParseValue.string),
            parseDate.map(ParseValue.date),
            parseBytes.map(ParseValue.bytes),
            pointer.map(ParseValue.pointer),
            relation.map(ParseValue.relation),
            geoPoint.map(ParseValue.geoPoint),
            file.map(ParseValue.file),
            polygon.map(ParseValue.polygon),
        ])
        return recursive(maximumDepth: depth, leaf: leaf) { inner in
            var containers = [
                array(of: inner, maximum: 6, average: 3).map(ParseValue.array),
                map(keys: nestedKey, values: inner).map(ParseValue.map),
            ]
            if embedsObjects { containers.append(embeddedObject(fields: inner).map(ParseValue.object)) }
            return oneOf(containers)
        }
    }

    /// Maps with distinct keys from `keys`.
    public static func map(keys: Generator<String>, values: Generator<ParseValue>, maximum: Int = 6) -> Generator<ParseMap> {
        array(of: keys.flatMap { key in values.map { (key, $0) } }, maximum: maximum, average: 3).map { pairs in
            var map = ParseMap()
            for (key, value) in pairs where map[key] == nil { map[key] = value }
            return map
        }
    }

    /// Objects with a class, optional server-owned keys and ACL, and fields of `fields`.
    public static func embeddedObject(fields: Generator<ParseValue>) -> Generator<ParseObjectValue> {
        className.flatMap { name in
            optional(objectId).flatMap { id in
                optional(parseDate).flatMap { created in
                    optional(parseDate).flatMap { updated in
                        optional(acl).flatMap { acl in
                            map(keys: fieldName, values: fields).map { fields in
                                try! ParseObjectValue(className: name, objectId: id, createdAt: created, updatedAt: updated,
                                                      acl: acl, fields: fields)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Field operations as a save body holds them: numbers for Increment, values for the array
    /// operations, pointers of one class for the relation operations and relation Batches.
    public static var operation: Generator<FieldOperation> {
        let values = array(of: parseValue(depth: 1, embedsObjects: false), maximum: 4, average: 2)
        let pointers = className.flatMap { name in
            array(of: objectId.map { try! ParsePointer(className: name, objectId: $0) }, minimum: 1, maximum: 4, average: 1)
        }
        return oneOf([
            constant(FieldOperation.delete),
            parseNumber.map(FieldOperation.increment),
            values.map(FieldOperation.add),
            values.map(FieldOperation.addUnique),
            values.map(FieldOperation.remove),
            pointers.map(FieldOperation.addRelation),
            pointers.map(FieldOperation.removeRelation),
            pointers.map { [.addRelation($0), .removeRelation($0)] }.map(FieldOperation.batch),
        ])
    }

    /// Save bodies: field names to values or operations, and sometimes an ACL. At most one top-level
    /// field is a GeoPoint (GEO-4: parse-server answers 111 at the second): a later GeoPoint field is
    /// left out, so every body the strict decoder reads.
    public static var updateBody: Generator<ParseMap> {
        let fieldValue = oneOf([parseValue(depth: 2, embedsObjects: false), operation.map(ParseValue.operation)])
            .filter { value in
                if case .bytes(let bytes) = value { return !bytes.bytes.isEmpty }
                return true
            }
        return map(keys: fieldName, values: fieldValue).flatMap { body in
            optional(acl).map { acl in
                var body = withOneGeoPointField(body)
                if let acl { body["ACL"] = .acl(acl) }
                return body
            }
        }
    }

    /// `body` without the top-level GeoPoint fields after the first.
    static func withOneGeoPointField(_ body: ParseMap) -> ParseMap {
        var result = ParseMap()
        var seenGeoPoint = false
        for (key, value) in body {
            if case .geoPoint = value {
                if seenGeoPoint { continue }
                seenGeoPoint = true
            }
            result[key] = value
        }
        return result
    }

    /// Fetched objects of class `className`.
    public static func fetchedObject(className: String) -> Generator<ParseObjectValue> {
        embeddedObject(fields: parseValue(depth: 2)).map { object in
            try! ParseObjectValue(className: className, objectId: object.objectId, createdAt: object.createdAt,
                                  updatedAt: object.updatedAt, acl: object.acl, fields: object.fields)
        }
    }
}
