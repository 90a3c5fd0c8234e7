import Foundation
import PropertyTestingSupport
import Testing
@testable import ParseWire

/// The encoder and the strict decoder agree, our scanner agrees with Foundation, and documents
/// with one defect are rejected with the defect's kind.
@Suite("Agreement properties")
struct AgreementProperties {
    /// Values that may break placement and naming rules: keys from anywhere (with `$`, `.`,
    /// `__type`, denylisted words), operations and ACLs nested where they may not be, values of
    /// unknown type.
    static func wildValue(depth: Int) -> Generator<ParseValue> {
        let wildKey = Gen.oneOf([
            Gen.string, Gen.fieldName,
            Gen.element(of: ["a.b", "$gt", "__type", "__op", "myconstructor", "__proto__", "_bsontype", "objectId", "ACL", "1x", ""]),
        ])
        let leaf = Gen.oneOf([
            Gen.parseValue(depth: 0),
            Gen.operation.map(ParseValue.operation),
            Gen.acl.map(ParseValue.acl),
            Gen.constant(ParseValue.unknownType(["__type": "Money", "amount": 1])),
            Gen.constant(ParseValue.string("Code")),
        ])
        return Gen.recursive(maximumDepth: depth, leaf: leaf) { inner in
            Gen.oneOf([
                Gen.array(of: inner, maximum: 4, average: 2).map(ParseValue.array),
                Gen.map(keys: wildKey, values: inner, maximum: 4).map(ParseValue.map),
                Gen.embeddedObject(fields: inner).map(ParseValue.object),
            ])
        }
    }

    @Test("whatever the encoder writes, the strict decoder reads back as the same value", arguments: [
        WireContext.value, .update, .object(className: "Recipe"), .query, .liveQuery(.server),
    ])
    func encoderNeverWritesWhatTheDecoderRejects(context: WireContext) {
        let values: Generator<ParseValue>
        switch context {
        case .value: values = Self.wildValue(depth: 3)
        case .update: values = Gen.map(keys: Gen.oneOf([Gen.fieldName, Gen.string]), values: Self.wildValue(depth: 2)).map(ParseValue.map)
        case .query:
            values = Gen.map(keys: Gen.fieldName, values: Self.wildValue(depth: 1)).map { .map(["where": .map($0)]) }
        case .message:
            Issue.record("messages have typed tests of their own (MessageTests); no generator here")
            return
        case .liveQuery(.client):
            Issue.record("client messages have typed tests of their own (LiveQueryMessageTests); no generator here")
            return
        case .liveQuery(.server):
            // An event: the object and its original are where a LiveQuery message holds values.
            values = Gen.embeddedObject(fields: Self.wildValue(depth: 2)).map { object in
                .map(["op": "update", "clientId": "c1", "requestId": 1, "object": .object(object), "original": .object(object)])
            }
        case .object(let className):
            values = Gen.map(keys: Gen.fieldName, values: Self.wildValue(depth: 2)).map {
                .object(try! ParseObjectValue(className: className, fields: $0))
            }
        }
        var tried = 0
        var written = 0
        property("encoder agrees with decoder (\(context))", count: 300, values, describe: { String(describing: $0) }) { value in
            tried += 1
            guard let wire = try? ParseValueEncoder().encode(value, context: context) else { return }
            written += 1
            let text = String(decoding: wire, as: UTF8.self)
            do {
                let back = try ParseValueDecoder().decode(wire, context: context)
                try ensure(back == value, "\(text) read back as a different value")
            } catch let error as ParseWireError {
                throw PropertyViolation("the encoder wrote \(text), which the strict decoder rejects: \(error)")
            }
        }
        // A generator whose values the encoder always refused would make this property vacuous.
        #expect(written * 5 >= tried, "only \(written) of \(tried) generated values could be encoded")
    }

    /// Plain JSON whose keys Parse accepts in a value (no `__type`, `__op`, `$` or `.`), so that our
    /// decoder reads it as plain JSON too. Strings hold no U+FEFF: Foundation on Linux drops it at
    /// the start of a string and after an escape, where JSON keeps it (RFC 8259 §7).
    static var plainJSON: Generator<ParseValue> {
        let withoutBOM = { (text: String) in !text.unicodeScalars.contains("\u{FEFF}") }
        let key = Gen.nestedKey.filter(withoutBOM)
        let leaf = Gen.oneOf([
            Gen.constant(ParseValue.null), Gen.bool.map(ParseValue.bool), Gen.string.filter(withoutBOM).map(ParseValue.string),
            Gen.int64.map { .number(ParseNumber($0)) }, Gen.double.map { .number(ParseNumber($0)!) },
        ])
        return Gen.recursive(maximumDepth: 4, leaf: leaf) { inner in
            Gen.oneOf([Gen.array(of: inner).map(ParseValue.array), Gen.map(keys: key, values: inner).map(ParseValue.map)])
        }
    }

    @Test("our scanner and Foundation's JSONSerialization read valid JSON alike")
    func agreesWithFoundation() {
        let documents = Self.plainJSON.flatMap { WireText.respellings(of: try! ParseValueEncoder().encodeString($0)) }
        property("scanner agrees with Foundation", count: 300, documents) { text in
            let ours = try ParseValueDecoder().decode(text)
            let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            if let difference = Self.difference(ours, theirs) { throw PropertyViolation("Foundation differs at \(difference)") }
        }
    }

    /// Where our reading and Foundation's differ, or `nil` when they agree.
    static func difference(_ ours: ParseValue, _ theirs: Any, at path: String = "$") -> String? {
        let agrees: Bool
        switch ours {
        case .null: agrees = theirs is NSNull
        case .bool(let flag): agrees = (theirs as? Bool) == flag
        case .string(let text):
            agrees = (theirs as? String).map { $0.unicodeScalars.elementsEqual(text.unicodeScalars) } ?? false
        case .number(let number):
            // Foundation on Linux reads some numbers through Decimal, whose conversion to Double can
            // miss the correctly rounded value by an ulp or two; ours is checked exactly elsewhere.
            guard let other = theirs as? NSNumber, let double = number.doubleValue else { return "\(path): \(theirs) for \(number)" }
            agrees = other.doubleValue == double || abs(other.doubleValue - double) <= abs(double) * 1e-14
        case .array(let elements):
            guard let others = theirs as? [Any], others.count == elements.count else { return "\(path): \(theirs) for an array" }
            for (position, pair) in zip(elements, others).enumerated() {
                if let difference = difference(pair.0, pair.1, at: "\(path)[\(position)]") { return difference }
            }
            return nil
        case .map(let map):
            guard let others = theirs as? [String: Any], others.count == map.count else {
                return "\(path): \((theirs as? [String: Any])?.count ?? -1) keys for \(map.count)"
            }
            for member in map {
                guard let other = others[member.key] else { return "\(path): no key \(member.key.debugDescription)" }
                if let difference = difference(member.value, other, at: "\(path)[\(member.key.debugDescription)]") { return difference }
            }
            return nil
        default:
            agrees = false
        }
        return agrees ? nil : "\(path): \(theirs) for \(ours)"
    }
}
