/// A Parse access control list: which principals may read and write an object.
///
/// On the wire: `{"*":{"read":true},"u1":{"read":true,"write":true},"role:Admins":{"write":true}}`.
/// A principal is `*` (the public), a user's objectId, or `role:<Name>`. Only granted permissions
/// are kept, as Parse Server only ever emits `true` flags: a principal whose grant is empty is
/// dropped (ACL-3). An ACL with no entries is valid and makes the object master-key-only (ACL-4).
///
/// Principals compare by their exact UTF-8 bytes (a precomposed and a decomposed "é" are different
/// users, as they are different JSON keys). Equality ignores entry order.
public struct ParseACL: Sendable, Hashable, CustomStringConvertible {
    /// The permissions one principal holds.
    public struct Grant: Sendable, Hashable {
        /// Whether the principal may read the object.
        public var read: Bool
        /// Whether the principal may write (update or delete) the object.
        public var write: Bool

        /// Creates a grant.
        ///
        /// - Parameters:
        ///   - read: Whether reading is granted.
        ///   - write: Whether writing is granted.
        public init(read: Bool = false, write: Bool = false) {
            self.read = read
            self.write = write
        }

        /// A grant of nothing; such a principal is not kept in an ACL.
        var isEmpty: Bool { !read && !write }
    }

    /// The principals and their grants, in insertion order; each principal appears once and has a non-empty grant.
    public private(set) var entries: [(principal: String, grant: Grant)] = []

    /// Above this many entries, lookups go through a hash table instead of a linear scan.
    private static let linearLimit = 16

    /// An empty ACL: the object is readable and writable with the master key only.
    public init() {}

    /// Creates an ACL from principals and grants, keeping their order and dropping empty grants.
    ///
    /// - Parameter entries: The principals and their grants.
    /// - Throws: `invalid-acl` (Parse code 123) for a principal ``checkPrincipal(_:)`` refuses, or for
    ///   a principal that appears twice (even when one of its grants is empty).
    public init(_ entries: [(principal: String, grant: Grant)]) throws(ParseWireError) {
        for entry in entries {
            if let error = Self.checkPrincipal(entry.principal) { throw error }
        }
        if let duplicate = Self.firstDuplicate(in: entries.map(\.principal)) {
            throw ParseWireError(.invalidACL,
                                 message: "the ACL names the principal \(NameRules.quoted(duplicate)) twice; give each principal one grant")
        }
        self.entries = entries.filter { !$0.grant.isEmpty }
    }

    private init(unchecked entries: [(principal: String, grant: Grant)]) {
        self.entries = entries
    }

    /// The ACL `{"*":{"read":true}}`: anyone may read, only the master key may write.
    public static var publicRead: ParseACL {
        ParseACL(unchecked: [(principal: "*", grant: Grant(read: true))])
    }

    /// The grant a principal holds directly.
    ///
    /// Role membership and the public `*` entry are not taken into account: this is the ACL's data,
    /// not an access decision.
    /// - Parameter principal: `*`, a user's objectId, or `role:<Name>`.
    /// - Returns: The principal's grant; an empty grant when the ACL does not name it.
    public func grant(for principal: String) -> Grant {
        guard let index = index(of: principal) else { return Grant() }
        return entries[index].grant
    }

    /// Sets the grant of a principal, replacing its grant in place or appending it; an empty grant removes it.
    ///
    /// - Parameters:
    ///   - grant: The new grant.
    ///   - principal: `*`, a user's objectId, or `role:<Name>`.
    /// - Throws: `invalid-acl` (Parse code 123) for a principal ``checkPrincipal(_:)`` refuses.
    public mutating func setGrant(_ grant: Grant, for principal: String) throws(ParseWireError) {
        if let error = Self.checkPrincipal(principal) { throw error }
        let existing = index(of: principal)
        switch (existing, grant.isEmpty) {
        case let (index?, true): entries.remove(at: index)
        case let (index?, false): entries[index].grant = grant
        case (nil, false): entries.append((principal: principal, grant: grant))
        case (nil, true): break
        }
    }

    /// Checks one principal string; used by the initialisers and by the wire decoder.
    ///
    /// Any non-empty string is a possible user objectId, except `*unresolved`, the placeholder some
    /// SDKs (Android) write for a user not yet saved, which Parse Server answers with 123 `Invalid ACL.`.
    /// A `role:` principal needs a role name of ASCII letters, digits, `-`, `_` and spaces, the JS
    /// SDK's rule (`^[0-9a-zA-Z\-_ ]+$`); the server checks no role name here, so this is stricter.
    /// - Parameter principal: The principal, such as `*`, `u1` or `role:Admins` (ACL-2).
    /// - Returns: `nil` when the principal is valid; otherwise an `invalid-acl` error (Parse code 123).
    public static func checkPrincipal(_ principal: String) -> ParseWireError? {
        if principal.isEmpty {
            return ParseWireError(.invalidACL,
                                  message: "an ACL principal must not be empty; use \"*\" for the public, a user's objectId, or \"role:<name>\"")
        }
        let utf8 = principal.utf8
        if utf8.elementsEqual("*unresolved".utf8) {
            return ParseWireError(
                .invalidACL,
                message: "\"*unresolved\" is not a valid ACL principal: it stands for a user that is not saved yet, "
                    + "and Parse Server answers 123 \"Invalid ACL.\"; save the user and use its objectId")
        }
        guard utf8.starts(with: "role:".utf8) else { return nil }
        let roleName = principal.unicodeScalars.dropFirst(5)
        if roleName.isEmpty {
            return ParseWireError(.invalidACL,
                                  message: "\"role:\" is not a valid ACL principal: the role name after \"role:\" is empty")
        }
        var position = 0
        for scalar in roleName {
            position += 1
            if !isRoleNameScalar(scalar) {
                return ParseWireError(
                    .invalidACL,
                    message: "\(NameRules.quoted(principal)) is not a valid ACL principal: a role name holds only ASCII "
                        + "letters, digits, '-', '_' and spaces, and the character \(NameRules.describe(scalar)) at "
                        + "position \(position) of the name is not allowed")
            }
        }
        return nil
    }

    /// Checks a principal of an ACL sent in a save body, where parse-server also applies its nested-key
    /// rule to the ACL's keys on update.
    /// - Parameter principal: The principal.
    /// - Returns: `nil` when the principal may be saved; otherwise an `invalid-acl` error (Parse code 121)
    ///   for a principal holding `$` or `.`.
    public static func checkSaveBodyPrincipal(_ principal: String) -> ParseWireError? {
        guard principal.utf8.contains(UInt8(ascii: "$")) || principal.utf8.contains(UInt8(ascii: ".")) else { return nil }
        return ParseWireError(.invalidACL, parseCode: 121,
                              message: "\(NameRules.quoted(principal)) cannot be saved as an ACL principal: Parse Server applies its "
                                  + "nested-key rule to ACL keys on update and answers 121 for '$' or '.'")
    }

    private static func isRoleNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", " ": return true
        default: return false
        }
    }

    // MARK: - Lookup by exact bytes

    private func index(of principal: String) -> Int? {
        entries.firstIndex { $0.principal.utf8.elementsEqual(principal.utf8) }
    }

    private static func firstDuplicate(in principals: [String]) -> String? {
        if principals.count <= linearLimit {
            for (position, principal) in principals.enumerated() {
                if principals[..<position].contains(where: { $0.utf8.elementsEqual(principal.utf8) }) { return principal }
            }
            return nil
        }
        var seen = Set<PrincipalKey>(minimumCapacity: principals.count)
        for principal in principals where !seen.insert(PrincipalKey(principal)).inserted { return principal }
        return nil
    }

    // MARK: - Equality, hashing, description

    /// Two ACLs are equal when they grant the same permissions to the same principals, in any order.
    public static func == (lhs: ParseACL, rhs: ParseACL) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        if lhs.entries.count <= linearLimit {
            return lhs.entries.allSatisfy { rhs.grant(for: $0.principal) == $0.grant }
        }
        var table = [PrincipalKey: Grant](minimumCapacity: rhs.entries.count)
        for entry in rhs.entries { table[PrincipalKey(entry.principal)] = entry.grant }
        return lhs.entries.allSatisfy { table[PrincipalKey($0.principal)] == $0.grant }
    }

    /// Hashes the entries order-insensitively: each entry is hashed on its own and the results are summed.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for entry in entries {
            var entryHasher = Hasher()
            PrincipalKey(entry.principal).hash(into: &entryHasher)
            entryHasher.combine(entry.grant)
            sum &+= entryHasher.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(sum)
    }

    /// The entries in order, such as `ACL("*": read, "u1": read+write)`.
    public var description: String {
        if entries.isEmpty { return "ACL(empty: master key only)" }
        let parts = entries.map { entry in
            let grant = entry.grant.read && entry.grant.write ? "read+write" : entry.grant.read ? "read" : "write"
            return "\(NameRules.quoted(entry.principal)): \(grant)"
        }
        return "ACL(" + parts.joined(separator: ", ") + ")"
    }
}

/// A string key compared and hashed by its exact UTF-8 bytes, not by canonical equivalence.
private struct PrincipalKey: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: PrincipalKey, rhs: PrincipalKey) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

    func hash(into hasher: inout Hasher) {
        NameRules.withBytes(of: text) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(text.utf8.count)
    }
}
