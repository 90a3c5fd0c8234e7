/// Writes a find request (context ``WireContext/query``) from its ``ParseValue`` map.
///
/// Constraint maps are written with their `$` keys; values and operands through the ordinary
/// value writer, except a Polygon that is the operand of `$geoWithin.$polygon`, whose coordinates
/// are written `[longitude, latitude]` as parse-server reads them there. The output is then read
/// back by the strict decoder, so the encoder never writes a request the decoder would refuse.
struct QueryWriter {
    let options: ParseValueEncodingOptions

    func encode(_ value: ParseValue) throws(ParseWireError) -> [UInt8] {
        guard case .map = value else {
            throw ParseWireError(.wrongFieldType, message: "the query context encodes a map of find parameters, not \(value.kindDescription)")
        }
        var writer = ValueWriter(options: options, isUpdateBody: false)
        try write(value, key: nil, into: &writer)
        let bytes = writer.json.bytes
        do throws(ParseWireError) {
            var reading = ParseValueDecodingOptions()
            reading.queryLeniency = options.queryLeniency
            _ = try ParseValueDecoder(options: reading).decode(bytes, context: .query)
        } catch {
            throw ParseWireError(error.kind, parseCode: error.parseCode, path: error.path,
                                 message: "the find request would be refused when read: \(error.message)")
        }
        return bytes
    }

    /// Writes a part of a find request (a `where` document for a URL parameter) without checking it;
    /// the caller has checked the whole request.
    func unchecked(_ value: ParseValue) -> [UInt8] {
        var writer = ValueWriter(options: options, isUpdateBody: false)
        do throws(ParseWireError) {
            try write(value, key: nil, into: &writer)
        } catch {
            preconditionFailure("a checked find request is written without error: \(error)")
        }
        return writer.json.bytes
    }

    /// Writes one value; `key` is the member it is the value of.
    func write(_ value: ParseValue, key: String?, into writer: inout ValueWriter) throws(ParseWireError) {
        switch value {
        case .map(let map):
            writer.json.write(UInt8(ascii: "{"))
            for (position, index) in writer.memberOrder(map).enumerated() {
                if position > 0 { writer.json.write(UInt8(ascii: ",")) }
                writer.json.writeKey(map.key(at: index))
                do throws(ParseWireError) {
                    try write(map.value(at: index), key: map.key(at: index), into: &writer)
                } catch {
                    throw error.prefixed(key: map.key(at: index))
                }
            }
            writer.json.write(UInt8(ascii: "}"))
        case .array(let elements):
            writer.json.write(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { writer.json.write(UInt8(ascii: ",")) }
                do throws(ParseWireError) {
                    try write(element, key: nil, into: &writer)
                } catch {
                    throw error.prefixed(index: position)
                }
            }
            writer.json.write(UInt8(ascii: "]"))
        case .polygon(let polygon) where key == "$polygon":
            writer.json.write(ascii: #"{"__type":"Polygon","coordinates":["#)
            for (position, point) in polygon.points.enumerated() {
                if position > 0 { writer.json.write(UInt8(ascii: ",")) }
                writer.json.write(UInt8(ascii: "["))
                NumberFormatting.appendDouble(point.longitude, to: &writer.json.bytes)
                writer.json.write(UInt8(ascii: ","))
                NumberFormatting.appendDouble(point.latitude, to: &writer.json.bytes)
                writer.json.write(UInt8(ascii: "]"))
            }
            writer.json.write(ascii: "]}")
        default:
            try writer.writeValue(value, placement: .nested)
        }
    }
}
