import ParseWire
import ParseWireConformance
import PropertyTestingSupport
import Testing

/// Typed value notation, the corpus's oracle, holds every value exactly.
@Suite("TVN properties")
struct TVNProperties {
    /// Field values, save-body operations and ACLs: everything TVN must express.
    static var values: Generator<ParseValue> {
        Gen.oneOf([
            Gen.parseValue(),
            Gen.updateBody.map(ParseValue.map),
            Gen.operation.map(ParseValue.operation),
            Gen.acl.map(ParseValue.acl),
        ])
    }

    @Test("ParseValue → TVN → ParseValue is the identity")
    func valueRoundTrip() {
        property("TVN value round trip", Self.values, describe: { TVNValue($0).jsonText }) { value in
            let back = try TVNValue(value).parseValue()
            try ensure(back == value, "came back as \(TVNValue(back).jsonText)")
        }
    }

    @Test("TVN text → TVN is the identity, comparing as values")
    func textRoundTrip() {
        property("TVN text round trip", Self.values, describe: { TVNValue($0).jsonText }) { value in
            let tvn = TVNValue(value)
            let reparsed = try TVNValue.parse(tvn.jsonText)
            try ensure(reparsed.isSameValue(as: tvn), "reparsed as \(reparsed.jsonText)")
            try ensure(try reparsed.parseValue() == value, "reparsed text names another value")
        }
    }
}
