import Foundation

/// A wire value's JSON for coders other than ParseWire's (`JSONEncoder` caching models to disk,
/// a property-list coder): written through the coder's keyed, unkeyed and single-value
/// containers, so the keyed form has the wire's keys and values; read back the same way and then
/// checked by the wire decoder's rules.
struct ForeignJSON: Codable {
    let node: JSONNode

    init(_ node: JSONNode) {
        self.node = node
    }

    func encode(to encoder: any Encoder) throws {
        switch node {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let text):
            var container = encoder.singleValueContainer()
            // The most exact type the coder knows: an integer, a Double that is the number
            // exactly, a Decimal that is, or else the nearest Double.
            let number = ParseNumber(text) ?? ParseNumber(0)
            if let integer = number.int64Value, !number.isNegativeZero {
                try container.encode(integer)
            } else if number.isExactlyDouble, let double = number.doubleValue {
                try container.encode(double)
            } else if let decimal = number.decimalValue {
                try container.encode(decimal)
            } else {
                let error = ParseWireError(.unrepresentable, path: CodingPath.wirePath(encoder.codingPath),
                                           message: "\(text) is neither an Int64, a Double nor a Decimal exactly, which is all another encoder can write")
                throw EncodingError.invalidValue(text, .init(codingPath: encoder.codingPath, debugDescription: error.description, underlyingError: error))
            }
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(ForeignJSON(element)) }
        case .object(let members):
            var container = encoder.container(keyedBy: ForeignCoding.Key.self)
            for member in members { try container.encode(ForeignJSON(member.value), forKey: ForeignCoding.Key(member.key)) }
        }
    }

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() {
                node = .null
                return
            }
            if let flag = try? single.decode(Bool.self) {
                node = .bool(flag)
                return
            }
            // -0 first: read as an integer it would become 0.
            if let double = try? single.decode(Double.self), double == 0, double.sign == .minus {
                node = .number("-0")
                return
            }
            if let integer = try? single.decode(Int64.self) {
                node = .number(String(integer))
                return
            }
            if let decimal = try? single.decode(Decimal.self), let number = ParseNumber(decimal) {
                node = .number(number.description)
                return
            }
            if let double = try? single.decode(Double.self), let number = ParseNumber(double) {
                node = .number(number.description)
                return
            }
            if let string = try? single.decode(String.self) {
                node = .string(string)
                return
            }
        }
        if let keyed = try? decoder.container(keyedBy: ForeignCoding.Key.self) {
            node = .object(try keyed.allKeys.map { key in
                JSONMember(key: key.stringValue, value: try keyed.decode(ForeignJSON.self, forKey: key).node)
            })
            return
        }
        var unkeyed = try decoder.unkeyedContainer()
        var elements: [JSONNode] = []
        while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(ForeignJSON.self).node) }
        node = .array(elements)
    }

    /// The node as JSON text, numbers as they are kept.
    var bytes: [UInt8] {
        var writer = JSONWriter()
        Self.write(node, to: &writer)
        return writer.bytes
    }

    private static func write(_ node: JSONNode, to writer: inout JSONWriter) {
        switch node {
        case .null: writer.write(ascii: "null")
        case .bool(let flag): flag ? writer.write(ascii: "true") : writer.write(ascii: "false")
        case .number(let text): writer.bytes.append(contentsOf: text.utf8)
        case .string(let string): writer.writeString(string)
        case .array(let elements):
            writer.write(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { writer.write(UInt8(ascii: ",")) }
                write(element, to: &writer)
            }
            writer.write(UInt8(ascii: "]"))
        case .object(let members):
            writer.write(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { writer.write(UInt8(ascii: ",")) }
                writer.writeKey(member.key)
                write(member.value, to: &writer)
            }
            writer.write(UInt8(ascii: "}"))
        }
    }
}

extension ForeignCoding {
    /// Options for values read back from another coder: strict, but keeping unknown types, as
    /// ``ParseValueEncodingOptions/writesUnknownTypes`` writes them.
    private static let readOptions: ParseValueDecodingOptions = {
        var options = ParseValueDecodingOptions.strict
        options.preservesUnknownTypes = true
        return options
    }()

    /// Writes a wire value through another encoder's containers, in the keyed form of the wire.
    ///
    /// - Parameters:
    ///   - write: Writes the value's wire JSON.
    ///   - encoder: The other encoder.
    /// - Throws: `EncodingError` when the value cannot be written (a ``ParseWireError`` beneath).
    static func encode(to encoder: any Encoder, _ write: (inout ValueWriter) throws(ParseWireError) -> Void) throws {
        var options = ParseValueEncodingOptions()
        options.writesUnknownTypes = true
        var writer = ValueWriter(options: options, isUpdateBody: false)
        let node: JSONNode
        do throws(ParseWireError) {
            try write(&writer)
            node = try JSONNode.parse(writer.json.bytes)
        } catch {
            throw EncodingError.invalidValue(error, .init(codingPath: encoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
        try ForeignJSON(node).encode(to: encoder)
    }

    /// Reads a wire value through another decoder's containers and checks it with the wire
    /// decoder's rules.
    ///
    /// - Parameters:
    ///   - decoder: The other decoder.
    ///   - read: Reads the value from the walker of the value's JSON, at tape index 0.
    /// - Throws: `DecodingError` (a ``ParseWireError`` beneath) when the value breaks a wire rule.
    static func decode<T>(from decoder: any Decoder, _ read: (TapeWalker) throws(ParseWireError) -> T) throws -> T {
        let bytes = try ForeignJSON(from: decoder).bytes
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ParseWireError) -> T in
                let tape = try JSONScanner.scan(buffer, limits: readOptions.limits)
                return try read(TapeWalker(input: buffer, tape: tape, options: readOptions, context: .value))
            }
        }
        do throws(ParseWireError) {
            return try result.get()
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Reads a typed value of one `__type` through another decoder.
    static func decodeTyped<T>(_ type: WireTypeName, from decoder: any Decoder, _ extract: (ParseValue) -> T?) throws -> T {
        try decode(from: decoder) { (walker) throws(ParseWireError) -> T in
            let value = try walker.decodeValue(at: 0, placement: .nested)
            guard let typed = extract(value) else {
                throw walker.error(.wrongFieldType, at: 0, "expected a \(type.rawValue), found \(value.kindDescription)")
            }
            return typed
        }
    }
}
