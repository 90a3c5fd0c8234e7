/// Objects (fetched and embedded), save bodies, ACLs and field operations.
extension TapeWalker {
    /// The class name of an embedded Object (`"__type":"Object"`, OBJ-1), checked.
    func embeddedClassName(at index: Int) throws(ParseWireError) -> String {
        var classIndex: Int?
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            if keyEquals(child, "className") { classIndex = child + 1 }
            child = Int(entries[child + 1].next)
        }
        let className = try requireString(classIndex, "className", of: "Object", at: index)
        if let failure = NameRules.checkClassName(className) {
            throw failure.located(offset: offset(classIndex!), path: "$").prefixed(key: "className")
        }
        return className
    }

    /// A save body: field names (dot paths allowed), values that may be operations, `ACL`, and
    /// none of the server-owned keys.
    func decodeUpdateBody(at index: Int) throws(ParseWireError) -> ParseMap {
        var body = ParseMap()
        body.reserveCapacity(Int(entries[index].length))
        var seenGeoPoint = false
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            defer { child = Int(entries[child + 1].next) }
            let valueIndex = child + 1
            let key = string(at: child)
            do throws(ParseWireError) {
                switch key {
                case "objectId", "createdAt", "updatedAt":  // OBJ-4, DATE-9: the server's keys
                    throw error(.reservedKey, parseCode: key == "objectId" ? 105 : 111, at: child,
                                "\"\(key)\" is set by the server and cannot be sent in a save body")
                case "ACL":  // ACL-5 (an ACL here), ACL-4 (Delete stores an empty ACL)
                    if entries[valueIndex].kind == .object, keyEqualsAny(valueIndex, "__op") {
                        let operation = try decodeOperation(at: valueIndex, opValue: nil)
                        guard operation == .delete else {
                            throw error(.invalidOperation, at: valueIndex, "the only operation on \"ACL\" is Delete, not \(operation.name)")
                        }
                        body.appendUnchecked(key, .operation(operation))
                    } else {
                        body.appendUnchecked(key, .acl(try decodeACL(at: valueIndex, inSaveBody: true)))
                    }
                default:
                    try checkFieldKey(key, keyIndex: child, allowsDotPath: true)
                    let value = try decodeValue(at: valueIndex, placement: .saveBodyField)
                    // TYPE-4: the server infers the column from this value, and refuses some values here.
                    if let failure = SaveBodyRules.checkFieldValue(value) { throw failure.located(offset: offset(valueIndex), path: "$") }
                    if let failure = SaveBodyRules.checkGeoPointField(value, seenGeoPoint: &seenGeoPoint) {
                        throw failure.located(offset: offset(valueIndex), path: "$")
                    }
                    body.appendUnchecked(key, value)
                }
            } catch {
                throw error.prefixed(key: key)
            }
        }
        return body
    }

    /// Whether the object at `index` has a key `name`.
    func keyEqualsAny(_ index: Int, _ name: StaticString) -> Bool {
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            if keyEquals(child, name) { return true }
            child = Int(entries[child + 1].next)
        }
        return false
    }

    /// A top-level field key: the denylist, then Parse's field-name rule (a dot path too, in a
    /// save body).
    func checkFieldKey(_ key: String, keyIndex: Int, allowsDotPath: Bool) throws(ParseWireError) {
        try checkKeyword(key: key, keyIndex: keyIndex, valueIndex: keyIndex + 1)
        let failure = allowsDotPath ? NameRules.checkSaveBodyKey(key) : NameRules.checkFieldName(key)
        if let failure { throw failure.located(offset: keyOffset(keyIndex), path: "$") }
    }

    // MARK: - ACL

    /// `{"<principal>":{"read":true,"write":true},…}` (ACL-1). A `false` grant is accepted and dropped
    /// (parse-server ignores it and never emits it); any other value is an error.
    /// In a save body (`inSaveBody`), a principal with `$` or `.` is refused as the server refuses it.
    func decodeACL(at index: Int, inSaveBody: Bool = false) throws(ParseWireError) -> ParseACL {
        guard entries[index].kind == .object else {
            throw error(.invalidACL, at: index, "an ACL must be an object of principals to {\"read\":true,\"write\":true}, not \(describe(index))")
        }
        var acl = ParseACL()
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            defer { child = Int(entries[child + 1].next) }
            let principal = string(at: child)
            do throws(ParseWireError) {
                try checkKeyword(key: principal, keyIndex: child, valueIndex: child + 1)
                if let failure = ParseACL.checkPrincipal(principal) { throw failure.located(offset: keyOffset(child), path: "$") }
                if inSaveBody, let failure = ParseACL.checkSaveBodyPrincipal(principal) {
                    throw failure.located(offset: keyOffset(child), path: "$")
                }
                let grant = try decodeGrant(at: child + 1)
                try acl.setGrant(grant, for: principal)
            } catch {
                throw error.located(offset: keyOffset(child), path: "$").prefixed(key: principal)
            }
        }
        return acl
    }

    /// ACL-3: only `read` and `write`, each `true` or `false`.
    private func decodeGrant(at index: Int) throws(ParseWireError) -> ParseACL.Grant {
        guard entries[index].kind == .object else {
            throw error(.invalidACL, at: index, "an ACL entry must be an object such as {\"read\":true}, not \(describe(index))")
        }
        var grant = ParseACL.Grant()
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            defer { child = Int(entries[child + 1].next) }
            let valueIndex = child + 1
            let isRead = keyEquals(child, "read")
            guard isRead || keyEquals(child, "write") else {
                let key = string(at: child)
                throw error(.invalidACL, at: child, "an ACL grants only \"read\" and \"write\", not \(JSONStrings.quoted(key))").prefixed(key: key)
            }
            let value: Bool
            switch entries[valueIndex].kind {
            case .trueLiteral: value = true
            case .falseLiteral: value = false
            default:
                throw error(.invalidACL, at: valueIndex, "an ACL permission must be true or false, not \(describe(valueIndex))")
                    .prefixed(key: isRead ? "read" : "write")
            }
            if isRead { grant.read = value } else { grant.write = value }
        }
        return grant
    }

    // MARK: - Operations

    /// Decodes `{"__op":…}`. `opValue` is the entry of the `__op` value, or `nil` to find it.
    /// OP-7: `__op` is a string naming one of the eight operations, case-sensitive.
    func decodeOperation(at index: Int, opValue: Int?) throws(ParseWireError) -> FieldOperation {
        let opIndex: Int
        if let opValue {
            opIndex = opValue
        } else {
            var child = index + 1
            var found: Int?
            for _ in 0..<Int(entries[index].length) {
                if keyEquals(child, "__op") { found = child + 1 }
                child = Int(entries[child + 1].next)
            }
            opIndex = found!
        }
        guard entries[opIndex].kind == .string else {
            throw error(.invalidOperation, at: opIndex, "\"__op\" must be a string naming an operation, not \(describe(opIndex))").prefixed(key: "__op")
        }
        let name = string(at: opIndex)
        // The name is open input: an unknown one is refused with every known name.
        guard let known = OperationName(rawValue: name) else {
            throw error(.invalidOperation, at: opIndex, "unknown operation \(JSONStrings.quoted(name)); the operations are \(OperationName.list) (Parse Server fails with an internal error, code 1)").prefixed(key: "__op")
        }
        let operation: FieldOperation
        switch known {
        case .increment:  // OP-2
            let slot = try operationMembers(at: index, op: name, names: ["amount"])[0]
            let amountIndex = try requireOperand(slot, "amount", of: name, at: index)
            guard entries[amountIndex].kind == .number else {
                throw error(.invalidOperation, at: amountIndex, "\"amount\" of Increment must be a number, not \(describe(amountIndex)); Parse Server answers 107 \"incrementing must provide a number\"").prefixed(key: "amount")
            }
            operation = .increment(try number(at: amountIndex))
        case .add, .addUnique, .remove:  // OP-3
            let slot = try operationMembers(at: index, op: name, names: ["objects"])[0]
            let objects = try operandArray(slot, of: name, at: index)
            operation = known == .add ? .add(objects) : known == .addUnique ? .addUnique(objects) : .remove(objects)
        case .addRelation, .removeRelation:  // OP-5
            let slot = try operationMembers(at: index, op: name, names: ["objects"])[0]
            var pointers: [ParsePointer] = []
            for (position, value) in try operandArray(slot, of: name, at: index).enumerated() {
                guard case .pointer(let pointer) = value else {
                    throw error(.invalidOperation, at: slot!, "\(name) takes only Pointers in \"objects\"").prefixed(index: position).prefixed(key: "objects")
                }
                pointers.append(pointer)
            }
            operation = known == .addRelation ? .addRelation(pointers) : .removeRelation(pointers)
        case .delete:  // OP-4
            _ = try operationMembers(at: index, op: name, names: [])
            operation = .delete
        case .batch:  // OP-6
            let slot = try operationMembers(at: index, op: name, names: ["ops"])[0]
            let listIndex = try requireOperand(slot, "ops", of: name, at: index)
            guard entries[listIndex].kind == .array else {
                throw error(.invalidOperation, at: listIndex, "\"ops\" of Batch must be an array of operations, not \(describe(listIndex))").prefixed(key: "ops")
            }
            var operations: [FieldOperation] = []
            var child = listIndex + 1
            for position in 0..<Int(entries[listIndex].length) {
                guard entries[child].kind == .object, keyEqualsAny(child, "__op") else {
                    throw error(.invalidOperation, at: child, "each element of \"ops\" must be an operation object").prefixed(index: position).prefixed(key: "ops")
                }
                do throws(ParseWireError) {
                    operations.append(try decodeOperation(at: child, opValue: nil))
                } catch {
                    throw error.prefixed(index: position).prefixed(key: "ops")
                }
                child = Int(entries[child].next)
            }
            operation = .batch(operations)
        }
        do throws(ParseWireError) {
            try operation.validate()
        } catch {
            throw error.located(offset: offset(index), path: "$")
        }
        return operation
    }

    /// OP-8: each operation has exactly its members.
    private func operationMembers(at index: Int, op: String, names: [StaticString]) throws(ParseWireError) -> [Int?] {
        var found = [Int?](repeating: nil, count: names.count)
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            defer { child = Int(entries[child + 1].next) }
            if keyEquals(child, "__op") { continue }
            guard let slot = names.firstIndex(where: { keyEquals(child, $0) }) else {
                let key = string(at: child)
                let allowed = (["__op"] + names.map { "\($0)" }).map { "\"\($0)\"" }.joined(separator: ", ")
                throw error(.invalidOperation, at: child, "\(op) has no key \(JSONStrings.quoted(key)); its keys are \(allowed)").prefixed(key: key)
            }
            found[slot] = child + 1
        }
        return found
    }

    private func requireOperand(_ slot: Int?, _ key: String, of op: String, at index: Int) throws(ParseWireError) -> Int {
        guard let slot else { throw error(.invalidOperation, at: index, "\(op) needs the key \"\(key)\"") }
        return slot
    }

    private func operandArray(_ slot: Int?, of op: String, at index: Int) throws(ParseWireError) -> [ParseValue] {
        let listIndex = try requireOperand(slot, "objects", of: op, at: index)
        guard entries[listIndex].kind == .array else {
            throw error(.invalidOperation, at: listIndex, "\"objects\" of \(op) must be an array, not \(describe(listIndex)); Parse Server answers 107 \"objects to add must be an array\"").prefixed(key: "objects")
        }
        do throws(ParseWireError) {
            return try decodeArray(at: listIndex)
        } catch {
            throw error.prefixed(key: "objects")
        }
    }
}
