import Testing
@testable import ParseWire

@Suite("ParseACL")
struct ParseACLTests {
    typealias Grant = ParseACL.Grant
    static let read = Grant(read: true)
    static let write = Grant(write: true)
    static let both = Grant(read: true, write: true)

    /// The `ParseWireError` a throwing body raised, or `nil` when it did not throw one.
    static func failure(_ body: () throws -> Void) -> ParseWireError? {
        do {
            try body()
            return nil
        } catch {
            return error as? ParseWireError
        }
    }

    static func principals(_ acl: ParseACL) -> [String] { acl.entries.map(\.principal) }

    // MARK: - Construction

    @Test("an empty ACL has no entries and grants nothing")
    func emptyACL() throws {
        let acl = ParseACL()
        #expect(acl.entries.isEmpty)
        #expect(acl.grant(for: "*") == Grant())
        #expect(acl == (try ParseACL([])))
        #expect(acl.description == "ACL(empty: master key only)")
    }

    @Test("entries keep their order and empty grants are dropped")
    func orderAndEmptyGrants() throws {
        let acl = try ParseACL([
            (principal: "u1", grant: Self.both),
            (principal: "*", grant: Grant()),
            (principal: "role:Admins", grant: Self.write),
            (principal: "*unresolvedX", grant: Self.read),
        ])
        #expect(Self.principals(acl) == ["u1", "role:Admins", "*unresolvedX"])
        #expect(acl.grant(for: "u1") == Self.both)
        #expect(acl.grant(for: "role:Admins") == Self.write)
        #expect(acl.grant(for: "*") == Grant())
        #expect(acl.grant(for: "nobody") == Grant())
    }

    @Test("publicRead grants reading to everyone and nothing else")
    func publicRead() throws {
        let acl = ParseACL.publicRead
        #expect(acl.entries.count == 1)
        #expect(acl.grant(for: "*") == Self.read)
        #expect(acl == (try ParseACL([(principal: "*", grant: Self.read)])))
    }

    // MARK: - Principal validation

    @Test("valid principals: the public, user ids and role names of letters, digits, '-', '_' and spaces",
          arguments: ["*", "u1", "xWMyZ4YEGZ", "role:Admins", "role:My Team-1_x", "role:0", "Role:x!", "role", "*unresolvedX", "é", "a$b"])
    func validPrincipals(principal: String) throws {
        #expect(ParseACL.checkPrincipal(principal) == nil)
        let acl = try ParseACL([(principal: principal, grant: Self.read)])
        #expect(acl.grant(for: principal) == Self.read)
    }

    @Test("invalid principals are rejected with invalid-acl and code 123", arguments: [
        ("", "an ACL principal must not be empty"),
        ("*unresolved", "\"*unresolved\" is not a valid ACL principal"),
        ("role:", "the role name after \"role:\" is empty"),
        ("role:Foo!", "the character \"!\" (U+0021) at position 4 of the name is not allowed"),
        ("role:Bad.Name", "the character \".\" (U+002E) at position 4 of the name is not allowed"),
        ("role:é", "the character U+00E9 at position 1 of the name is not allowed"),
        ("role:a\tb", "the character U+0009 at position 2 of the name is not allowed"),
    ])
    func invalidPrincipals(principal: String, fragment: String) throws {
        let checked = try #require(ParseACL.checkPrincipal(principal))
        #expect(checked.kind == .invalidACL)
        #expect(checked.parseCode == 123)
        #expect(checked.message.contains(fragment))
        let thrown = try #require(Self.failure { _ = try ParseACL([(principal: principal, grant: Self.read)]) })
        #expect(thrown == checked)
        var acl = ParseACL.publicRead
        let set = try #require(Self.failure { try acl.setGrant(Self.read, for: principal) })
        #expect(set == checked)
        #expect(acl == .publicRead, "a refused setGrant leaves the ACL unchanged")
    }

    @Test("an invalid principal is refused even with an empty grant")
    func invalidPrincipalWithEmptyGrant() throws {
        let error = try #require(Self.failure { _ = try ParseACL([(principal: "*unresolved", grant: Grant())]) })
        #expect(error.kind == .invalidACL)
    }

    @Test("a principal named twice is rejected, even when one grant is empty", arguments: [
        [("u1", both), ("u1", read)],
        [("*", read), ("u2", write), ("*", Grant())],
        (0..<40).map { ("u\($0)", read) } + [("u17", write)],
    ])
    func duplicatePrincipal(pairs: [(String, Grant)]) throws {
        let entries = pairs.map { (principal: $0.0, grant: $0.1) }
        let error = try #require(Self.failure { _ = try ParseACL(entries) })
        #expect(error.kind == .invalidACL)
        #expect(error.parseCode == 123)
        #expect(error.message.hasPrefix("the ACL names the principal \""))
        #expect(error.message.contains("twice"))
    }

    @Test("precomposed and decomposed é are different principals")
    func exactBytePrincipals() throws {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        let acl = try ParseACL([(principal: composed, grant: Self.read), (principal: decomposed, grant: Self.write)])
        #expect(acl.entries.count == 2)
        #expect(acl.grant(for: composed) == Self.read)
        #expect(acl.grant(for: decomposed) == Self.write)
        let onlyComposed = try ParseACL([(principal: composed, grant: Self.read)])
        let onlyDecomposed = try ParseACL([(principal: decomposed, grant: Self.read)])
        #expect(onlyComposed != onlyDecomposed)
        let many = (0..<30).map { (principal: "u\($0)", grant: Self.read) }
        #expect(throws: Never.self) { try ParseACL(many + [(principal: composed, grant: Self.read), (principal: decomposed, grant: Self.read)]) }
    }

    // MARK: - Equality and hashing

    @Test("equality ignores order and hashes agree")
    func orderInsensitiveEquality() throws {
        let a = try ParseACL([(principal: "*", grant: Self.read), (principal: "u1", grant: Self.both), (principal: "role:A", grant: Self.write)])
        let b = try ParseACL([(principal: "role:A", grant: Self.write), (principal: "*", grant: Self.read), (principal: "u1", grant: Self.both)])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
    }

    @Test("ACLs differing in one grant or one principal are unequal")
    func inequality() throws {
        let base = try ParseACL([(principal: "*", grant: Self.read), (principal: "u1", grant: Self.both)])
        let otherGrant = try ParseACL([(principal: "*", grant: Self.read), (principal: "u1", grant: Self.read)])
        let otherPrincipal = try ParseACL([(principal: "*", grant: Self.read), (principal: "u2", grant: Self.both)])
        let fewer = try ParseACL([(principal: "*", grant: Self.read)])
        #expect(base != otherGrant)
        #expect(base != otherPrincipal)
        #expect(base != fewer)
        #expect(fewer != base)
        #expect(Set([base, otherGrant, otherPrincipal, fewer]).count == 4)
    }

    @Test("large ACLs compare by content, in any order")
    func largeEquality() throws {
        let forward = (0..<50).map { (principal: "user\($0)", grant: $0 % 3 == 0 ? Self.both : Self.read) }
        let a = try ParseACL(forward)
        let b = try ParseACL(forward.reversed())
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        var changed = forward
        changed[49].grant = Self.write
        #expect(a != (try ParseACL(changed)))
        var renamed = forward
        renamed[0].principal = "someone"
        #expect(a != (try ParseACL(renamed)))
    }

    // MARK: - Mutation

    @Test("setGrant appends a new principal, replaces in place, and removes on an empty grant")
    func setGrant() throws {
        var acl = ParseACL()
        try acl.setGrant(Self.read, for: "*")
        try acl.setGrant(Self.both, for: "u1")
        try acl.setGrant(Self.write, for: "role:Admins")
        #expect(Self.principals(acl) == ["*", "u1", "role:Admins"])

        try acl.setGrant(Self.write, for: "*")
        #expect(Self.principals(acl) == ["*", "u1", "role:Admins"])
        #expect(acl.grant(for: "*") == Self.write)

        try acl.setGrant(Grant(), for: "u1")
        #expect(Self.principals(acl) == ["*", "role:Admins"])
        #expect(acl.grant(for: "u1") == Grant())

        try acl.setGrant(Grant(), for: "nobody")
        #expect(Self.principals(acl) == ["*", "role:Admins"])
        #expect(acl == (try ParseACL([(principal: "role:Admins", grant: Self.write), (principal: "*", grant: Self.write)])))
    }

    @Test("setGrant matches principals by exact bytes")
    func setGrantExactBytes() throws {
        var acl = try ParseACL([(principal: "\u{E9}", grant: Self.read)])
        try acl.setGrant(Self.write, for: "e\u{301}")
        #expect(acl.entries.count == 2)
        #expect(acl.grant(for: "\u{E9}") == Self.read)
    }

    // MARK: - Description

    @Test("the description lists each principal with its grant, in order")
    func description() throws {
        let acl = try ParseACL([(principal: "*", grant: Self.read), (principal: "u1", grant: Self.both), (principal: "role:A", grant: Self.write)])
        #expect(acl.description == "ACL(\"*\": read, \"u1\": read+write, \"role:A\": write)")
    }
}
