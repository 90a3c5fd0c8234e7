import PropertyTestingSupport
import Testing
@testable import ParseWire

/// Every generator of valid values makes values the strict decoder accepts in the context they are
/// meant for, by construction: a property that draws from them never fails, or gives up, on an
/// input the rules refuse. Checked at a high count, as one generator breaking a rule once in a few
/// hundred draws (two top-level GeoPoints in a save body, GEO-4) is what this catches.
@Suite("Generator validity")
struct GeneratorValidityProperties {
    /// Cases per generator in a default run; `PBT_COUNT` overrides it.
    static let count = 5000

    /// Writes `value` in `context`, reads it back with the strict decoder, and requires the same value.
    static func strictlyValid(_ value: ParseValue, _ context: WireContext) throws {
        let wire = try ParseValueEncoder().encode(value, context: context)
        let back = try ParseValueDecoder(options: .strict).decode(wire, context: context)
        try ensure(back == value, "the strict decoder read back \(WireText.describe(back, context))")
    }

    @Test("field values")
    func fieldValues() {
        property("valid field values", count: Self.count, Gen.parseValue(), describe: { WireText.describe($0) }) {
            try Self.strictlyValid($0, .value)
        }
    }

    @Test("field values without embedded objects, as save bodies hold them")
    func fieldValuesWithoutObjects() {
        property("valid field values without objects", count: Self.count, Gen.parseValue(depth: 2, embedsObjects: false),
                 describe: { WireText.describe($0) }) { value in
            try Self.strictlyValid(value, .value)
            try Self.strictlyValid(.map(["f": .array([value])]), .update)
        }
    }

    @Test("save bodies")
    func saveBodies() {
        property("valid save bodies", count: Self.count, Gen.updateBody.map(ParseValue.map), describe: { WireText.describe($0, .update) }) {
            try Self.strictlyValid($0, .update)
        }
    }

    @Test("operations, each as the one field of a save body")
    func operations() {
        property("valid operations", count: Self.count, Gen.operation.map { ParseValue.map(["f": .operation($0)]) },
                 describe: { WireText.describe($0, .update) }) {
            try Self.strictlyValid($0, .update)
        }
    }

    @Test("fetched objects")
    func fetchedObjects() {
        let context = WireContext.object(className: "Recipe")
        property("valid fetched objects", count: Self.count, Gen.fetchedObject(className: "Recipe").map(ParseValue.object),
                 describe: { WireText.describe($0, context) }) {
            try Self.strictlyValid($0, context)
        }
    }

    @Test("typed values and ACLs")
    func typedValues() {
        let typed: Generator<ParseValue> = Gen.oneOf([
            Gen.pointer.map(ParseValue.pointer), Gen.relation.map(ParseValue.relation), Gen.geoPoint.map(ParseValue.geoPoint),
            Gen.file.map(ParseValue.file), Gen.polygon.map(ParseValue.polygon), Gen.parseDate.map(ParseValue.date),
            Gen.parseBytes.map(ParseValue.bytes), Gen.parseNumber.map(ParseValue.number),
        ])
        property("valid typed values", count: Self.count, typed, describe: { WireText.describe($0) }) {
            try Self.strictlyValid($0, .value)
        }
        property("valid ACLs in a save body", count: Self.count, Gen.acl.map { ParseValue.map(["ACL": .acl($0)]) },
                 describe: { WireText.describe($0, .update) }) {
            try Self.strictlyValid($0, .update)
        }
    }
}
