import ParseWire

/// A small, hand-checked set of wire documents with their expected outcome, one or more for every
/// Parse type and operation, run against the reference codec by `parse-wire conformance` until
/// the vector corpus (`Vectors/`) takes over. Each sample names the WIRE-FORMAT.md section that
/// grounds it.
public struct ReferenceSample: Sendable {
    /// What must happen to the input.
    public enum Expectation: Sendable {
        /// Decodes, and re-encodes to exactly `canonical` (the input itself when `nil`).
        case canonical(String?)
        /// Is rejected with this error kind.
        case rejected(ParseWireError.Kind)
    }

    public let name: String
    public let context: WireContext
    /// Leniency flags turned on for this sample (`WireDecodingOptions.enable(flag:)`).
    public let leniencies: [String]
    public let input: String
    public let expectation: Expectation
    /// Where the rule comes from.
    public let source: String

    init(_ name: String, lenient leniencies: [String] = [], _ input: String,
         _ expectation: Expectation = .canonical(nil), source: String) {
        self.init(name, .value, lenient: leniencies, input, expectation, source: source)
    }

    init(_ name: String, _ context: WireContext, lenient leniencies: [String] = [], _ input: String,
         _ expectation: Expectation = .canonical(nil), source: String) {
        self.name = name
        self.context = context
        self.leniencies = leniencies
        self.input = input
        self.expectation = expectation
        self.source = source
    }

    /// The outcome of running one sample.
    public struct Outcome: Sendable {
        public let passed: Bool
        /// What happened, in words.
        public let detail: String
    }

    /// Runs the sample through the reference codec.
    public func run() -> Outcome {
        var options = WireDecodingOptions()
        for flag in leniencies where !options.enable(flag: flag) {
            return Outcome(passed: false, detail: "unknown leniency flag \(flag)")
        }
        let result: Result<String, ParseWireError> = Result { () throws(ParseWireError) -> String in
            let value = try WireDecoder(options: options).decode(input, context: context)
            var encoding = WireEncodingOptions()
            encoding.writesUnknownTypes = options.preservesUnknownTypes
            return try WireEncoder(options: encoding).encodeString(value, context: context)
        }
        switch (expectation, result) {
        case let (.canonical(expected), .success(output)):
            let wanted = expected ?? input
            return output == wanted
                ? Outcome(passed: true, detail: "canonical")
                : Outcome(passed: false, detail: "encoded as \(output), expected \(wanted)")
        case let (.canonical, .failure(error)):
            return Outcome(passed: false, detail: "rejected: \(error)")
        case let (.rejected(kind), .failure(error)):
            return error.kind == kind
                ? Outcome(passed: true, detail: "rejected: \(error)")
                : Outcome(passed: false, detail: "rejected with \(error.kind), expected \(kind): \(error)")
        case let (.rejected(kind), .success(output)):
            return Outcome(passed: false, detail: "accepted as \(output), expected rejection with \(kind)")
        }
    }
}

extension ReferenceSample {
    /// Every sample.
    public static let all: [ReferenceSample] = typedValues + objects + operations + names + json

    static let typedValues: [ReferenceSample] = [
        .init("date, canonical", #"{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"}"#, source: "WIRE-FORMAT §1.2"),
        .init("date without milliseconds, strict", #"{"__type":"Date","iso":"2022-01-01T12:23:45Z"}"#, .rejected(.invalidDate), source: "WIRE-FORMAT §1.2, §6.2"),
        .init("date without milliseconds, lenient", lenient: ["DateWithoutMillis"], #"{"__type":"Date","iso":"2022-01-01T12:23:45Z"}"#,
              .canonical(#"{"__type":"Date","iso":"2022-01-01T12:23:45.000Z"}"#), source: "WIRE-FORMAT §7 row 2"),
        .init("date with an offset, lenient", lenient: ["DateOffset"], #"{"__type":"Date","iso":"2020-01-02T05:04:05.678+02:00"}"#,
              .canonical(#"{"__type":"Date","iso":"2020-01-02T03:04:05.678Z"}"#), source: "WIRE-FORMAT §7 row 4"),
        .init("date with six fraction digits, lenient", lenient: ["DateFractionDigits"], #"{"__type":"Date","iso":"2020-01-02T03:04:05.123456Z"}"#,
              .canonical(#"{"__type":"Date","iso":"2020-01-02T03:04:05.123Z"}"#), source: "WIRE-FORMAT §7 row 3"),
        .init("date iso as a number", #"{"__type":"Date","iso":1577836800000}"#, .rejected(.wrongFieldType), source: "WIRE-FORMAT §7 row 9 (strict: reject)"),
        .init("date without iso", #"{"__type":"Date"}"#, .rejected(.missingField), source: "WIRE-FORMAT §7 row 7"),
        .init("bytes, canonical", #"{"__type":"Bytes","base64":"aGVsbG8="}"#, source: "WIRE-FORMAT §1.3"),
        .init("bytes unpadded, strict", #"{"__type":"Bytes","base64":"aGVsbG8"}"#, .rejected(.invalidBase64), source: "WIRE-FORMAT §7 row 23 (strict: reject)"),
        .init("bytes unpadded, lenient", lenient: ["Base64Unpadded"], #"{"__type":"Bytes","base64":"aGVsbG8"}"#,
              .canonical(#"{"__type":"Bytes","base64":"aGVsbG8="}"#), source: "WIRE-FORMAT §7 row 23"),
        .init("bytes URL-safe, lenient", lenient: ["Base64URLSafe"], #"{"__type":"Bytes","base64":"-_8="}"#,
              .canonical(#"{"__type":"Bytes","base64":"+/8="}"#), source: "WIRE-FORMAT §7 row 24"),
        .init("pointer, canonical", #"{"__type":"Pointer","className":"Author","objectId":"a1B2c3D4e5"}"#, source: "WIRE-FORMAT §1.4"),
        .init("pointer with an extra key", #"{"__type":"Pointer","className":"Foo","objectId":"abc","x":1}"#, .rejected(.unexpectedField), source: "WIRE-FORMAT §7 row 31"),
        .init("pointer extra key, lenient", lenient: ["TypedValueExtraKeys"], #"{"__type":"Pointer","className":"Foo","objectId":"abc","x":1}"#,
              .canonical(#"{"__type":"Pointer","className":"Foo","objectId":"abc"}"#), source: "WIRE-FORMAT §7 row 31"),
        .init("pointer without objectId", #"{"__type":"Pointer","className":"Foo"}"#, .rejected(.missingField), source: "WIRE-FORMAT §7 row 33"),
        .init("pointer objectId with $", #"{"__type":"Pointer","className":"Foo","objectId":"a$b"}"#, .rejected(.invalidObjectId), source: "WIRE-FORMAT §7 row 34"),
        .init("relation, canonical", #"{"__type":"Relation","className":"Book"}"#, source: "WIRE-FORMAT §1.5"),
        .init("relation without className", #"{"__type":"Relation"}"#, .rejected(.missingField), source: "WIRE-FORMAT §7 row 39"),
        .init("geopoint, canonical", #"{"__type":"GeoPoint","latitude":40.5,"longitude":-30}"#, source: "WIRE-FORMAT §1.6"),
        .init("geopoint at the limits", #"{"__type":"GeoPoint","latitude":90,"longitude":180}"#, source: "WIRE-FORMAT §7 row 75"),
        .init("geopoint latitude 91", #"{"__type":"GeoPoint","latitude":91,"longitude":0}"#, .rejected(.outOfRange), source: "WIRE-FORMAT §7 row 76"),
        .init("geopoint string coordinates", #"{"__type":"GeoPoint","latitude":"10","longitude":"20"}"#, .rejected(.wrongFieldType), source: "WIRE-FORMAT §7 row 77"),
        .init("file, canonical", #"{"__type":"File","name":"a.png","url":"https://files.example/a.png"}"#, source: "WIRE-FORMAT §1.7"),
        .init("file without name", #"{"__type":"File"}"#, .rejected(.missingField), source: "WIRE-FORMAT §7 row 88"),
        .init("polygon, canonical", #"{"__type":"Polygon","coordinates":[[0,0],[0,1],[1,1],[1,0]]}"#, source: "WIRE-FORMAT §1.8"),
        .init("polygon with one point", #"{"__type":"Polygon","coordinates":[[0,0]]}"#, .rejected(.invalidPolygon), source: "WIRE-FORMAT §7 row 83"),
        .init("polygon with two distinct points", #"{"__type":"Polygon","coordinates":[[0,0],[0,1],[0,0]]}"#, .rejected(.invalidPolygon), source: "WIRE-FORMAT §7 row 84"),
        .init("unknown __type", #"{"__type":"Money","amount":1}"#, .rejected(.unknownType), source: "WIRE-FORMAT §1.1"),
        .init("unknown __type, preserved", lenient: ["UnknownType"], #"{"__type":"Money","amount":1}"#, source: "WIRE-FORMAT §1.1"),
    ]

    static let objects: [ReferenceSample] = [
        .init("embedded object", #"{"__type":"Object","className":"Author","objectId":"x1","createdAt":"2022-01-01T00:00:00.000Z","name":"Ann"}"#, source: "WIRE-FORMAT §1.9"),
        .init("fetched object", .object(className: "Recipe"),
              #"{"objectId":"r1","createdAt":"2022-01-01T00:00:00.000Z","updatedAt":"2022-01-02T00:00:00.000Z","ACL":{"*":{"read":true}},"name":"Soup","releaseDate":{"__type":"Date","iso":"2022-03-04T05:06:07.089Z"}}"#,
              source: "WIRE-FORMAT §1.2 (top-level timestamps are plain strings), §1.10"),
        .init("fetched object with a typed createdAt", .object(className: "Recipe"), #"{"createdAt":{"__type":"Date","iso":"2022-01-01T00:00:00.000Z"}}"#,
              .rejected(.wrongFieldType), source: "WIRE-FORMAT §1.2"),
        .init("ACL write:false is dropped", .object(className: "Note"), #"{"ACL":{"*":{"read":true,"write":false},"u1":{"write":true}}}"#,
              .canonical(#"{"ACL":{"*":{"read":true},"u1":{"write":true}}}"#), source: "WIRE-FORMAT §7 row 91"),
        .init("ACL *unresolved", .object(className: "Note"), #"{"ACL":{"*unresolved":{"read":true}}}"#, .rejected(.invalidACL), source: "WIRE-FORMAT §7 row 93"),
        .init("ACL truthy string", .object(className: "Note"), #"{"ACL":{"*":{"read":"yes"}}}"#, .rejected(.invalidACL), source: "WIRE-FORMAT §7 row 94 (strict: reject)"),
        .init("embedded object in a save body", .update, #"{"o":{"__type":"Object","className":"Foo","objectId":"x"}}"#, .rejected(.unknownType), source: "WIRE-FORMAT §7 row 37"),
    ]

    static let operations: [ReferenceSample] = [
        .init("increment", .update, #"{"n":{"__op":"Increment","amount":1}}"#, source: "WIRE-FORMAT §2"),
        .init("increment by a string", .update, #"{"n":{"__op":"Increment","amount":"1"}}"#, .rejected(.invalidOperation), source: "WIRE-FORMAT §7 row 47"),
        .init("add, addUnique, remove", .update, #"{"a":{"__op":"Add","objects":["x"]},"b":{"__op":"AddUnique","objects":[1,1]},"c":{"__op":"Remove","objects":[]}}"#, source: "WIRE-FORMAT §2"),
        .init("add with a non-array", .update, #"{"a":{"__op":"Add","objects":"x"}}"#, .rejected(.invalidOperation), source: "WIRE-FORMAT §7 row 52"),
        .init("delete", .update, #"{"a":{"__op":"Delete"},"ACL":{"__op":"Delete"}}"#, source: "WIRE-FORMAT §2, §7 row 96"),
        .init("add relation", .update, #"{"r":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Foo","objectId":"a"}]}}"#, source: "WIRE-FORMAT §7 row 40"),
        .init("add relation, empty", .update, #"{"r":{"__op":"AddRelation","objects":[]}}"#, .rejected(.invalidOperation), source: "WIRE-FORMAT §7 row 41"),
        .init("relation batch", .update,
              #"{"r":{"__op":"Batch","ops":[{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Foo","objectId":"a"}]},{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Foo","objectId":"b"}]}]}}"#,
              source: "WIRE-FORMAT §7 row 43"),
        .init("batch of Add and Remove", .update, #"{"t":{"__op":"Batch","ops":[{"__op":"Add","objects":["x"]},{"__op":"Remove","objects":["y"]}]}}"#,
              .rejected(.invalidOperation), source: "WIRE-FORMAT §7 row 44"),
        .init("unknown operation", .update, #"{"a":{"__op":"SetOnInsert","amount":1}}"#, .rejected(.invalidOperation), source: "WIRE-FORMAT §7 row 57"),
        .init("operation in a field value", #"{"__op":"Delete"}"#, .rejected(.invalidOperation), source: "WIRE-FORMAT §2 (ops are update-body values)"),
        .init("dot path update", .update, #"{"o.k":"v"}"#, source: "WIRE-FORMAT §7 row 58"),
    ]

    static let names: [ReferenceSample] = [
        .init("objectId in a save body", .update, #"{"objectId":"abc"}"#, .rejected(.reservedKey), source: "WIRE-FORMAT §7 row 62"),
        .init("createdAt in a save body", .update, #"{"createdAt":"2020-01-01T00:00:00.000Z"}"#, .rejected(.reservedKey), source: "WIRE-FORMAT §7 row 11"),
        .init("field name starting with a digit", .update, #"{"1abc":1}"#, .rejected(.invalidFieldName), source: "WIRE-FORMAT §7 row 60"),
        .init("field name className", .update, #"{"className":"X"}"#, .rejected(.invalidFieldName), source: "WIRE-FORMAT §7 row 61"),
        .init("nested key with $", .update, #"{"o":{"$x":1}}"#, .rejected(.invalidNestedKey), source: "WIRE-FORMAT §7 row 66"),
        .init("nested key with a dot, deep", .update, #"{"o":{"a":{"b.c":1}}}"#, .rejected(.invalidNestedKey), source: "WIRE-FORMAT §7 row 66"),
        .init("prohibited keyword in a field name", .update, #"{"myconstructorField":1}"#, .rejected(.prohibitedKeyword), source: "WIRE-FORMAT §7 row 67"),
        .init("_bsontype Code", .update, #"{"x":{"_bsontype":"Code"}}"#, .rejected(.prohibitedKeyword), source: "WIRE-FORMAT §7 row 68"),
        .init("prohibited keyword in a second branch", .update, #"{"a":{"k":1},"b":{"constructor":1}}"#, .rejected(.prohibitedKeyword),
              source: "WIRE-FORMAT §7 row 69 (strict: reject)"),
        .init("pointer to an invalid class", #"{"__type":"Pointer","className":"Foo^bar","objectId":"a"}"#, .rejected(.invalidClassName), source: "WIRE-FORMAT §4"),
    ]

    static let json: [ReferenceSample] = [
        .init("big integer kept exactly", #"{"n":9007199254740993}"#, source: "WIRE-FORMAT §6.7 (the reference keeps integers beyond 2^53)"),
        .init("1e21 in JavaScript's spelling", #"[1e21,1E21,100000000000000000000,0.000001,1e-7,1.50]"#,
              .canonical(#"[1e+21,1e+21,100000000000000000000,0.000001,1e-7,1.5]"#), source: "WIRE-FORMAT §7 row 101; ECMAScript Number::toString"),
        .init("escapes written minimally", #"["\/","\u00e9","\u001F","\ud83d\ude00"]"#, .canonical(#"["/","é","\u001f","😀"]"#), source: "RFC 8259 §7; JSON.stringify escaping"),
        .init("duplicate keys", #"{"a":1,"a":2}"#, .rejected(.duplicateKey), source: "RFC 8259 §4; JSON.parse keeps the last (WIRE-FORMAT §2)"),
        .init("lone surrogate", #"["\ud800"]"#, .rejected(.invalidUTF8), source: "RFC 8259 §8.2"),
        .init("NaN", #"[NaN]"#, .rejected(.jsonSyntax), source: "RFC 8259 §6"),
        .init("leading zero", #"[01]"#, .rejected(.jsonSyntax), source: "RFC 8259 §6"),
        .init("trailing garbage", #"{} x"#, .rejected(.jsonSyntax), source: "RFC 8259 §2"),
        .init("trailing comma", #"[1,]"#, .rejected(.jsonSyntax), source: "RFC 8259 §5"),
    ]
}
