import ParseWire

/// What one column of a typed record holds in a document: nothing, `null`, a value of the column's
/// Swift type, or — at the top of a save or update body — a field operation that suits the column.
///
/// A plain optional property cannot tell these apart: the Codable bridge reads an absent key, a
/// `null` and a `{"__op":"Delete"}` all as `nil`, and writes `nil` one way only. The typed reference
/// must give back what the document said, so its records hold every column as a `Column`.
/// The keyed-container overloads below make a synthesized `Codable` conformance leave an absent
/// column out instead of failing on it (REC-4: the seed classes mark no field required).
enum Column<Value: ColumnValue> {
    /// The key is not in the document.
    case absent
    /// The key holds `null`.
    case null
    /// The key holds a value of the column's type.
    case value(Value)
    /// The key holds a field operation (save and update bodies only) that suits the column.
    case operation(FieldOperation)

    /// The value, when the column holds one.
    var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}

/// A column of any Swift type, asked for its schema type.
protocol SchemaColumn {
    var schemaType: SchemaType { get }
}

extension Column: SchemaColumn {
    var schemaType: SchemaType { Value.schemaType }
}

extension Column: Codable {
    /// Reads the column from the value the decoder is at; used when a `Column` is decoded other
    /// than as a member of a record (the record's members go through ``ColumnReading``).
    init(from decoder: any Decoder) throws {
        self = try ColumnReading<Value>(from: decoder).column
    }

    /// Writes the column's value, `null` or operation; an absent column writes `null` here, since
    /// only a keyed container can leave a key out (see the overload below).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .absent, .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        case .operation(let operation): try container.encode(operation)
        }
    }
}

/// Reads one column: an operation when the value is `{"__op":…}` (the bridge checks that an
/// operation stands at the top of a body), `null`, or a value of the column's type read by the
/// bridge. A distinct type so that the keyed-container overload can reach the bridge's own
/// `decode(_:forKey:)` without calling itself.
struct ColumnReading<Value: ColumnValue>: Decodable {
    let column: Column<Value>

    init(from decoder: any Decoder) throws {
        if let members = try? decoder.container(keyedBy: MemberKey.self), members.contains(MemberKey("__op")) {
            let operation = try FieldOperation(from: decoder)
            if let refusal = Value.schemaType.refusal(of: operation) {
                let path = decoder.codingPath.reduce("$") { path, key in
                    key.intValue.map { "\(path)[\($0)]" } ?? "\(path).\(key.stringValue)"
                }
                let problem = ParseWireError(refusal.kind, parseCode: refusal.parseCode, path: path, message: refusal.message)
                throw DecodingError.typeMismatch(Value.self, .init(codingPath: decoder.codingPath, debugDescription: problem.description,
                                                                   underlyingError: problem))
            }
            column = .operation(operation)
            return
        }
        let single = try decoder.singleValueContainer()
        column = single.decodeNil() ? .null : .value(try single.decode(Value.self))
    }
}

/// Any member name of a JSON object.
struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer {
    /// Reads a record's column: ``Column/absent`` when the key is missing, otherwise the column
    /// as ``ColumnReading`` reads it.
    func decode<Value>(_ type: Column<Value>.Type, forKey key: Key) throws -> Column<Value> {
        guard contains(key) else { return .absent }
        return try decode(ColumnReading<Value>.self, forKey: key).column
    }
}

extension KeyedEncodingContainer {
    /// Writes a record's column; an absent column leaves its key out.
    mutating func encode<Value>(_ column: Column<Value>, forKey key: Key) throws {
        switch column {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case .value(let value): try encode(value, forKey: key)
        case .operation(let operation): try encode(operation, forKey: key)
        }
    }
}
