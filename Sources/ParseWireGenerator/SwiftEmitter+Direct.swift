/// The direct readings the emitter writes (`readDirect(from:)`): a type's members read straight
/// from the document's bytes with `GeneratedDirectReader`. A type gets one only when every member's
/// type reads directly; any other keeps the default, which refuses at once, so that its documents go
/// through the tape without a partial read first.
extension SwiftEmitter {
    /// Keys the seen-key mask of a direct reading holds.
    static let directKeyLimit = 64

    /// Whether `type` reads directly: the scalars, `Date`, Pointers, arrays, maps and optionals of
    /// such, and the class's enums and structs whose members all do.
    func readsDirectly(_ type: SwiftType, visiting: Set<String> = []) -> Bool {
        switch type {
        case .string, .int, .double, .float, .bool, .date, .pointer:
            return true
        case .array(let element), .map(let element), .optional(let element):
            return readsDirectly(element, visiting: visiting)
        case .named(let name):
            if model.enums.contains(where: { $0.name == name }) || visiting.contains(name) { return true }
            guard let nested = model.structs.first(where: { $0.name == name }), nested.members.count <= Self.directKeyLimit else { return false }
            return nested.members.allSatisfy { readsDirectly($0.type, visiting: visiting.union([name])) }
        case .file, .geoPoint, .polygon, .bytes, .acl, .value, .relation:
            return false
        }
    }

    /// How a member of `type` is read: `nil` for `null` when it is optional.
    private func directReading(_ type: SwiftType, optional: Bool) -> String {
        optional ? "try _reader.optional(\(self.type(type)).self)" : "try \(self.type(type)).readDirect(from: &_reader)"
    }

    /// The loop over an object's members, in `indent`; `cases` are the switch's cases.
    private mutating func emitMemberLoop(_ indent: String, hasMembers: String, cases: [String]) {
        line("\(indent)if \(hasMembers) {")
        line("\(indent)    var _seen: UInt64 = 0")
        line("\(indent)    var _next = 0")
        line("\(indent)    let _keys = wireKeys")
        line("\(indent)    repeat {")
        line("\(indent)        switch try _reader.key(in: _keys, seen: &_seen, next: &_next) {")
        for item in cases { line("\(indent)        \(item)") }
        line("\(indent)        default: throw GeneratedWireFallback()")
        line("\(indent)        }")
        line("\(indent)    } while try _reader.nextMember()")
        line("\(indent)}")
    }

    mutating func emitObjectDirectReading() {
        let fields = ownFields
        guard fields.count + 4 <= Self.directKeyLimit, fields.allSatisfy({ readsDirectly($0.type) }) else { return }
        line()
        line("    /// Reads the object straight from the document's bytes.")
        line("    public static func readDirect(from _reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> \(model.typeName) {")
        line("        let _object = try _reader.beginParseObject()")
        line("        var objectId: String?")
        line("        var createdAt: Date?")
        line("        var updatedAt: Date?")
        line("        var ACL: ParseACL?")
        for field in fields {
            line("        var \(SwiftNames.identifier(field.name)): \(type(.optional(field.type)))")
        }
        var cases = ["case 0: objectId = try _reader.objectId(in: _object)", "case 1: createdAt = try _reader.timestamp(in: _object)",
                     "case 2: updatedAt = try _reader.timestamp(in: _object)", "case 3: ACL = try _reader.acl(in: _object)"]
        for (position, field) in fields.enumerated() {
            cases.append("case \(position + 4): \(SwiftNames.identifier(field.name)) = \(directReading(field.type, optional: !field.isRequired))")
        }
        emitMemberLoop("        ", hasMembers: "!_object.isEmpty", cases: cases)
        let required = fields.filter(\.isRequired).map { SwiftNames.identifier($0.name) }
        if !required.isEmpty {
            line("        guard \(required.map { "let \($0)" }.joined(separator: ", ")) else { throw GeneratedWireFallback() }")
        }
        let keys = ["objectId", "createdAt", "updatedAt", "ACL"] + fields.map(\.name)
        line("        return \(model.typeName)(\(keys.map { "\($0): \(SwiftNames.identifier($0))" }.joined(separator: ", ")))")
        line("    }")
    }

    mutating func emitEnumDirectReading(_ model: EnumModel) {
        line()
        line("        /// Reads a raw value straight from the document's bytes; an unknown one is read through the tape.")
        line("        public static func readDirect(from _reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> \(model.name) {")
        line("            guard let value = \(model.name)(rawValue: try \(model.rawType.rawValue).readDirect(from: &_reader)) else { throw GeneratedWireFallback() }")
        line("            return value")
        line("        }")
    }

    mutating func emitStructDirectReading(_ model: StructModel) {
        guard readsDirectly(.named(model.name)) else { return }
        let members = model.members.map { (name: $0.name, type: $0.type.unwrapped) }
        line()
        line("        /// Reads the members straight from the document's bytes.")
        line("        public static func readDirect(from _reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> \(model.name) {")
        for member in members {
            line("            var \(SwiftNames.identifier(member.name)): \(type(.optional(member.type.type)))")
        }
        let cases = members.enumerated().map { position, member in
            "case \(position): \(SwiftNames.identifier(member.name)) = \(directReading(member.type.type, optional: member.type.isOptional))"
        }
        emitMemberLoop("            ", hasMembers: "try _reader.beginObject()", cases: cases)
        let required = members.filter { !$0.type.isOptional }.map { SwiftNames.identifier($0.name) }
        if !required.isEmpty {
            line("            guard \(required.map { "let \($0)" }.joined(separator: ", ")) else { throw GeneratedWireFallback() }")
        }
        line("            return \(model.name)(\(members.map { "\($0.name): \(SwiftNames.identifier($0.name))" }.joined(separator: ", ")))")
        line("        }")
    }
}
