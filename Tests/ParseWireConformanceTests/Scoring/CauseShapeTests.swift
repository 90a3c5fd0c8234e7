import Foundation
import ParseWire
@testable import ParseWireConformance
import Testing

/// The four behaviours a first run of real SDKs showed, each spread over the whole corpus by a
/// scripted adapter (the reference's answers, one behaviour changed): each is exactly one cause.
@Suite("causes: four shapes of real SDKs")
struct CauseShapeTests {
    /// The reference's written answer to a roundtrip or encode, changed by `change`; `nil` when unchanged.
    static func rewritten(_ request: AdapterRequest, _ change: (JSONNode, JSONNode?) -> JSONNode) -> AdapterAnswer? {
        guard case .wire(let text) = CauseFixtures.reference.answer(request), let written = try? JSONNode.parse(text) else { return nil }
        var input: JSONNode?
        if case .wire(let wire) = request.payload, let bytes = wire.bytes { input = try? JSONNode.parse(bytes) }
        let changed = change(written, input)
        return changed == written ? nil : .wire(changed.compactText)
    }

    static func causes(_ script: @escaping ScriptedAdapter.Script) throws -> (causes: Set<String>, checks: Int, areas: Int) {
        let result = try CauseFixtures.run(try CorpusLocation.corpus.get(), script: script)
        return (Set(result.unexpected.compactMap(\.cause)), result.unexpected.count, Set(result.unexpected.map(\.area)).count)
    }

    static func arrays(_ node: JSONNode) -> JSONNode {
        switch node {
        case .object(let members) where members.isEmpty: return .array([])
        case .object(let members): return .object(members.map { JSONMember(key: $0.key, value: Self.arrays($0.value)) })
        case .array(let elements): return .array(elements.map(Self.arrays))
        default: return node
        }
    }

    @Test("{} read back as []: one cause")
    func emptyObjectAsArray() throws {
        let found = try Self.causes { request, _ in request.operation == .roundtrip ? Self.rewritten(request) { written, _ in Self.arrays(written) } : nil }
        #expect(found.causes == ["roundtrip: expected map, got array"])
        #expect(found.checks >= 10 && found.areas >= 2)
    }

    /// The written document with each Date whose input spelled an offset written as that wall time in UTC.
    static func wallTime(_ written: JSONNode, _ input: JSONNode?) -> JSONNode {
        switch (written, input) {
        case let (.object(members), .object(source)?):
            if WireWalk.type(written) == "Date", case .string(let iso)? = source.first(where: { $0.key == "iso" })?.value,
               let wall = Self.wallClock(iso) {
                return .object(members.map { $0.key == "iso" ? JSONMember(key: "iso", value: .string(wall)) : $0 })
            }
            return .object(members.map { member in JSONMember(key: member.key, value: Self.wallTime(member.value, source.first { $0.key == member.key }?.value)) })
        case let (.array(elements), .array(source)?) where elements.count == source.count:
            return .array(zip(elements, source).map { Self.wallTime($0, $1) })
        default: return written
        }
    }

    @Test("dates with an offset re-sent as wall time: one cause")
    func offsetAsWallTime() throws {
        let found = try Self.causes { request, _ in request.operation == .roundtrip ? Self.rewritten(request, Self.wallTime) : nil }
        #expect(found.causes == ["roundtrip: Date.iso differs"])
        #expect(found.checks >= 5)
    }

    /// `2020-01-01T10:00:00.5+09:00` → `2020-01-01T10:00:00.500Z`; `nil` without an offset.
    static func wallClock(_ iso: String) -> String? {
        guard iso.count > 6, !iso.hasSuffix("Z"), !iso.hasSuffix("z") else { return nil }
        let offset = iso.suffix(6)
        guard offset.first == "+" || offset.first == "-", offset.dropFirst(3).first == ":" else { return nil }
        var wall = String(iso.dropLast(6))
        guard wall.count >= 19 else { return nil }
        let seconds = String(wall.prefix(19))
        var fraction = wall.count > 20 ? String(wall.dropFirst(20)) : ""
        fraction = String((fraction + "000").prefix(3))
        wall = seconds + "." + fraction + "Z"
        return wall
    }

    /// The written document with the `objects` of every operation named in `operations` in another
    /// order: rotated by one, as a hash set may order them (not reversed, so no listed equivalent holds it).
    static func rotated(_ node: JSONNode, _ operations: Set<String>) -> JSONNode {
        switch node {
        case .object(let members):
            let rotates = operations.contains(WireWalk.type(node))
            return .object(members.map { member in
                if rotates, member.key == "objects", case .array(let elements) = member.value, elements.count > 1 {
                    return JSONMember(key: "objects", value: .array(Array(elements.dropFirst()) + [elements[0]]))
                }
                return JSONMember(key: member.key, value: Self.rotated(member.value, operations))
            })
        case .array(let elements): return .array(elements.map { Self.rotated($0, operations) })
        default: return node
        }
    }

    @Test("relation and Remove members written in any order fail nothing: the server applies them one at a time (OP-10)")
    func relationOrder() throws {
        let found = try Self.causes { request, _ in
            request.operation == .decode ? nil
                : Self.rewritten(request) { written, _ in Self.rotated(written, ["AddRelation", "RemoveRelation", "Remove"]) }
        }
        #expect(found.causes.isEmpty, "\(found.causes)")
    }

    @Test("Add elements written in another order (which the server stores as written): one cause per operation")
    func addOrder() throws {
        let found = try Self.causes { request, _ in
            request.operation == .decode ? nil : Self.rewritten(request) { written, _ in Self.rotated(written, ["Add"]) }
        }
        #expect(found.causes == ["encode: Add.objects in another order", "roundtrip: Add.objects in another order"])
        #expect(found.checks >= 3)
    }
}

/// TYSY75: an embedded Object written as its Pointer (allowed) came first and hid the real defect.
@Suite("causes: the difference a writer may not make")
struct WrittenFormCauseTests {
    /// Every File written with an empty `url` when it has none.
    static func emptyURLs(_ node: JSONNode) -> JSONNode {
        switch node {
        case .object(let members):
            var rebuilt = members.map { JSONMember(key: $0.key, value: emptyURLs($0.value)) }
            if WireWalk.type(node) == "File", !members.contains(where: { $0.key == "url" }) { rebuilt.append(JSONMember(key: "url", value: .string(""))) }
            return .object(rebuilt)
        case .array(let elements): return .array(elements.map(emptyURLs))
        default: return node
        }
    }

    @Test("TYSY75 written with Pointers for its Objects and a File with \"url\":\"\" reports the File, not the Pointer")
    func tysy75() throws {
        let result = try CauseFixtures.run(try CorpusLocation.corpus.get(), options: { $0.filter.ids = ["TYSY75"] }, script: { request, _ in
            guard request.operation == .encode else { return nil }
            return CauseShapeTests.rewritten(request) { written, _ in Self.emptyURLs(WireComparison.writtenForm(written)) }
        })
        let encode = try #require(result.records.first { $0.name == "TYSY75 encode value" })
        #expect(encode.outcome == .fail)
        #expect(encode.cause == "encode: extra File.url")
        #expect(encode.message.contains(".url: expected nothing, got \"\""), "\(encode.message)")
        #expect(!encode.message.contains("Pointer"))
    }
}
