import PropertyTestingSupport
import Testing
@testable import ParseWire

/// Round trips, canonical fixed points and the encoder–decoder agreement, over generated values.
@Suite("Codec properties")
struct CodecProperties {
    @Test("decode(encode(v)) == v for field values")
    func valueRoundTrip() {
        property("value round trip", Gen.parseValue(), describe: { WireText.describe($0) }) { value in
            let wire = try ParseValueEncoder().encode(value)
            let back = try ParseValueDecoder().decode(wire)
            try ensure(back == value, "read back as \(WireText.describe(back))")
        }
    }

    @Test("decode(encode(body)) == body for save bodies")
    func updateRoundTrip() {
        property("update round trip", Gen.updateBody.map(ParseValue.map), describe: { WireText.describe($0, .update) }) { body in
            let wire = try ParseValueEncoder().encode(body, context: .update)
            let back = try ParseValueDecoder().decode(wire, context: .update)
            try ensure(back == body, "read back as \(WireText.describe(back, .update))")
        }
    }

    @Test("decode(encode(object)) == object for fetched objects")
    func fetchedObjectRoundTrip() {
        let context = WireContext.object(className: "Recipe")
        property("fetched object round trip", Gen.fetchedObject(className: "Recipe").map(ParseValue.object),
                 describe: { WireText.describe($0, context) }) { object in
            let wire = try ParseValueEncoder().encode(object, context: context)
            let back = try ParseValueDecoder().decode(wire, context: context)
            try ensure(back == object, "read back as \(WireText.describe(back, context))")
        }
    }

    @Test("any respelling of canonical text decodes to the same value, and canonical text is a fixed point")
    func canonicalFixedPoint() {
        let cases = Gen.parseValue().flatMap { value in
            let canonical = WireText.describe(value)
            return WireText.respellings(of: canonical).map { (canonical: canonical, respelled: $0) }
        }
        property("canonical fixed point", cases, describe: { $0.respelled }) { pair in
            let decoded = try ParseValueDecoder().decode(pair.respelled)
            let recoded = try ParseValueEncoder().encodeString(decoded)
            try ensure(recoded == pair.canonical, "re-encoded as \(recoded), not \(pair.canonical)")
            try ensure(try ParseValueEncoder().encodeString(ParseValueDecoder().decode(recoded)) == recoded, "canonical text is not a fixed point")
        }
    }

    @Test("sorted-key output decodes to the same value")
    func sortedKeys() {
        var options = ParseValueEncodingOptions()
        options.sortsKeys = true
        property("sorted keys", Gen.parseValue(), describe: { WireText.describe($0) }) { value in
            let back = try ParseValueDecoder().decode(try ParseValueEncoder(options: options).encode(value))
            try ensure(back == value, "read back as \(WireText.describe(back))")
        }
    }
}
