/// Reading the geo operators of a query. Their arrays of coordinates are **longitude first**
/// (`[lng, lat]`, MongoDB's order), the opposite of a Polygon field value; a Polygon object in
/// `$geoWithin.$polygon` is read that way too, as parse-server reads it (`Vectors/spec/query.md`, QUERY-14).
extension TapeWalker {
    /// A GeoPoint operand; out-of-range coordinates earn code 1, as parse-server's validation
    /// throws a plain `TypeError` there.
    /// - Parameter parseCode: The code parse-server answers for an operand that is not a GeoPoint
    ///   (107 where it checks the shape; `nil` where MongoDB fails on it later).
    func geoPoint(at index: Int, what: String, parseCode: Int?) throws(ParseWireError) -> GeoPoint {
        guard entries[index].kind == .object else {
            throw error(.wrongFieldType, parseCode: parseCode, at: index, "\(what) must be a GeoPoint, not \(describe(index))")
        }
        guard case .geoPoint(let point) = try decodeValue(at: index, placement: .nested) else {
            throw error(.wrongFieldType, parseCode: parseCode, at: index, "\(what) must be a GeoPoint")
        }
        return point
    }

    func nonNegativeNumber(at index: Int, what: String) throws(ParseWireError) -> ParseNumber {
        guard entries[index].kind == .number else {
            throw error(.wrongFieldType, parseCode: 107, at: index, "\(what) must be a number, not \(describe(index))")
        }
        let number = try self.number(at: index)
        guard let value = number.doubleValue, value >= 0, !number.isNegativeZero else {
            throw error(.outOfRange, parseCode: 107, at: index, "\(what) must be a distance of zero or more, not \(describe(index))")
        }
        return number
    }

    /// `{"$box": [<GeoPoint>, <GeoPoint>]}`: the south-west and north-east corners (QUERY-13).
    func decodeWithin(at index: Int) throws(ParseWireError) -> ParseMap {
        guard entries[index].kind == .object, members(of: index).map(\.key) == ["$box"],
              entries[index + 2].kind == .array, entries[index + 2].length == 2 else {
            throw error(.wrongFieldType, parseCode: 107, at: index, "$within must be {\"$box\": [<GeoPoint>, <GeoPoint>]} (malformatted $within arg)")
        }
        var corners: [ParseValue] = []
        for (position, element) in elements(of: index + 2).enumerated() {
            do throws(ParseWireError) {
                corners.append(.geoPoint(try geoPoint(at: element, what: "a corner of $box", parseCode: nil)))
            } catch {
                throw error.prefixed(index: position).prefixed(key: "$box")
            }
        }
        return ["$box": .array(corners)]
    }

    /// `{"$polygon": …}` or `{"$centerSphere": [<center>, <radians>]}`, exactly one of them.
    func decodeGeoWithin(at index: Int) throws(ParseWireError) -> ParseMap {
        let operands = entries[index].kind == .object ? members(of: index) : []
        guard operands.count == 1, let operand = operands.first, operand.key == "$polygon" || operand.key == "$centerSphere" else {
            throw error(.invalidOperation, at: index,
                        "$geoWithin must hold exactly one of $polygon and $centerSphere; parse-server ignores anything else silently")
        }
        do throws(ParseWireError) {
            if operand.key == "$polygon" { return ["$polygon": try decodeQueryPolygon(at: operand.valueIndex)] }
            return ["$centerSphere": try decodeCenterSphere(at: operand.valueIndex)]
        } catch {
            throw error.prefixed(key: operand.key)
        }
    }

    /// A Polygon object whose coordinates are `[lng, lat]`, or an array of at least three GeoPoints,
    /// or an array of at least three `[lng, lat]` pairs.
    private func decodeQueryPolygon(at index: Int) throws(ParseWireError) -> ParseValue {
        switch entries[index].kind {
        case .object:
            let keys = members(of: index).map(\.key)
            guard Set(keys) == ["__type", "coordinates"], keys.count == 2, let typeIndex = members(of: index).first(where: { $0.key == "__type" })?.valueIndex,
                  entries[typeIndex].kind == .string, string(at: typeIndex) == "Polygon" else {
                throw error(.wrongFieldType, parseCode: 107, at: index,
                            "$polygon must be a Polygon object or an array of GeoPoints or [longitude, latitude] pairs")
            }
            let coordinates = members(of: index).first { $0.key == "coordinates" }!.valueIndex
            do throws(ParseWireError) {
                let points = try pairs(at: coordinates)
                do throws(ParseWireError) {
                    return .polygon(try ParsePolygon(points: points))
                } catch {
                    throw error.located(offset: offset(coordinates), path: "$")
                }
            } catch {
                throw error.prefixed(key: "coordinates")
            }
        case .array:
            let list = elements(of: index)
            if list.allSatisfy({ entries[$0].kind == .array }) {
                _ = try pairs(at: index)
                var points: [ParseValue] = []
                for element in list { points.append(try exactPair(at: element)) }
                return .array(points)
            }
            guard list.allSatisfy({ entries[$0].kind == .object }) else {
                throw error(.wrongFieldType, parseCode: 107, at: index, "$polygon lists GeoPoints or [longitude, latitude] pairs, not a mix")
            }
            guard list.count >= 3 else {
                throw error(.invalidPolygon, parseCode: 107, at: index, "$polygon needs at least 3 points; this one has \(list.count)")
            }
            var points: [ParseValue] = []
            for (position, element) in list.enumerated() {
                do throws(ParseWireError) {
                    points.append(.geoPoint(try geoPoint(at: element, what: "a point of $polygon", parseCode: 107)))
                } catch {
                    throw error.prefixed(index: position)
                }
            }
            return .array(points)
        default:
            throw error(.wrongFieldType, parseCode: 107, at: index,
                        "$polygon must be a Polygon object or an array of GeoPoints or [longitude, latitude] pairs, not \(describe(index))")
        }
    }

    /// At least three `[longitude, latitude]` pairs.
    private func pairs(at index: Int) throws(ParseWireError) -> [GeoPoint] {
        guard entries[index].kind == .array else {
            throw error(.wrongFieldType, parseCode: 107, at: index, "the coordinates must be an array of [longitude, latitude] pairs, not \(describe(index))")
        }
        let list = elements(of: index)
        guard list.count >= 3 else {
            throw error(.invalidPolygon, parseCode: 107, at: index, "a polygon in a query needs at least 3 points; this one has \(list.count)")
        }
        var points: [GeoPoint] = []
        for (position, element) in list.enumerated() {
            do throws(ParseWireError) {
                points.append(try pair(at: element))
            } catch {
                throw error.prefixed(index: position)
            }
        }
        return points
    }

    /// One `[longitude, latitude]` pair.
    func pair(at index: Int) throws(ParseWireError) -> GeoPoint {
        let parts = entries[index].kind == .array ? elements(of: index) : []
        guard parts.count == 2, parts.allSatisfy({ entries[$0].kind == .number }) else {
            throw error(.wrongFieldType, parseCode: 107, at: index, "a point in a query is a [longitude, latitude] pair of two numbers")
        }
        guard let longitude = try number(at: parts[0]).doubleValue, let latitude = try number(at: parts[1]).doubleValue else {
            throw error(.outOfRange, parseCode: 1, at: index, "a coordinate is beyond the range of a double")
        }
        do throws(ParseWireError) {
            return try GeoPoint(latitude: latitude, longitude: longitude)
        } catch {
            throw ParseWireError(.outOfRange, parseCode: 1, offset: offset(index),
                                 message: "[\(longitude), \(latitude)] is [longitude, latitude] in a query: \(error.message)")
        }
    }

    /// A validated `[longitude, latitude]` pair as written, its numbers exact.
    private func exactPair(at index: Int) throws(ParseWireError) -> ParseValue {
        let parts = elements(of: index)
        return .array([.number(try number(at: parts[0])), .number(try number(at: parts[1]))])
    }

    /// `[[lng, lat], radians]` (the canonical form, as the JS SDK writes it) or `[<GeoPoint>, radians]` (QUERY-15).
    private func decodeCenterSphere(at index: Int) throws(ParseWireError) -> ParseValue {
        guard entries[index].kind == .array, entries[index].length == 2 else {
            throw error(.wrongFieldType, parseCode: 107, at: index, "$centerSphere must be [<center>, <distance in radians>], not \(describe(index))")
        }
        let parts = elements(of: index)
        let center: ParseValue
        do throws(ParseWireError) {
            if entries[parts[0]].kind == .array {
                _ = try pair(at: parts[0])
                center = try exactPair(at: parts[0])
            } else {
                center = .geoPoint(try geoPoint(at: parts[0], what: "the center of $centerSphere", parseCode: 107))
            }
        } catch {
            throw error.prefixed(index: 0)
        }
        do throws(ParseWireError) {
            return .array([center, .number(try nonNegativeNumber(at: parts[1], what: "the distance of $centerSphere"))])
        } catch {
            throw error.prefixed(index: 1)
        }
    }
}
