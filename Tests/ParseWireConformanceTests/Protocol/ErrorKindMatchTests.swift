import ParseWireConformance
import Testing

/// When a check's record carries `errorKindMatch` (`Vectors/INTERPRETING.md` §6): the check asks for a
/// rejection, the answer is one, and its kind is not `other`.
@Suite("errorKindMatch")
struct ErrorKindMatchTests {
    func match(_ result: RunResult, _ name: String) throws -> Bool? {
        try #require(result.records.first { $0.name == name }).errorKindMatch
    }

    static func rejecting(_ kind: String) -> AdapterAnswer { .rejected(kind: kind, message: nil, parseCode: nil) }

    @Test("a rejection of a decode-error or encode-error case reports it; kind other does not")
    func errorCases() throws {
        let result = try ScriptedAdapter.run(script: { request, vector in
            switch vector.id {
            case "BBBB02": Self.rejecting("invalid-base64")
            case "BBBB03": Self.rejecting("other")
            case "BBBB08": Self.rejecting("invalid-date")
            default: nil
            }
        })
        #expect(try match(result, "BBBB02 decode wire") == false)
        #expect(try match(result, "BBBB03 decode wire") == nil)
        #expect(try match(result, "BBBB08 encode value") == true)
        #expect(try match(result, "BBBB04 decode wire") == true)
    }

    @Test("an implementation-defined decode reports it when rejected without a declared accept; never when accept was declared")
    func implementationDefined() throws {
        let result = try ScriptedAdapter.run(script: { request, vector in
            vector.kind == .implementationDefined && request.operation == .decode ? Self.rejecting("invalid-date") : nil
        })
        let undeclared = try #require(result.records.first { $0.name == "BBBB10 decode wire" })
        #expect(undeclared.outcome == .rejected)
        #expect(undeclared.errorKindMatch == true)
        let declared = try #require(result.records.first { $0.name == "BBBB05 decode wire" })
        #expect(declared.outcome == .fail)
        #expect(declared.errorKindMatch == nil)
    }

    @Test("no report for an answer that is not a rejection, a rejected valid case or roundtrip, or a tolerated check")
    func noReport() throws {
        let result = try ScriptedAdapter.run(hello: ScriptedAdapter.hello(#""profile":"client""#), script: { request, vector in
            if vector.id == "BBBB01" { return Self.rejecting("invalid-date") }
            if vector.id == "BBBB02" { return .value(.null) }
            return nil
        })
        #expect(try match(result, "BBBB01 decode canonical") == nil)
        #expect(try match(result, "BBBB01 roundtrip canonical") == nil)
        #expect(result.records.first { $0.name == "BBBB02 decode wire" }?.outcome == .tolerated)
        #expect(try match(result, "BBBB02 decode wire") == nil)
        #expect(try match(result, "BBBB07 decode canonical") == nil)
    }
}
