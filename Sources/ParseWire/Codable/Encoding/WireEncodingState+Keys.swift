/// Member keys: what each key means in its container, and the naming rules it must follow.
extension WireEncodingState {
    /// Starts a member of the object container at `level`: checks the key, writes it, and says
    /// what it stands for. A skipped key writes nothing.
    ///
    /// A key of at most one byte is looked up in the memo by its type and that byte, in the dense
    /// table of its type that the container's frame keeps (``Frame/table``); any other key, and a
    /// key met for the first time, is classified from its `stringValue`.
    func beginMember<K: CodingKey>(_ key: K, at level: Int, serial: UInt32) throws -> Slot {
        try use(level: level, serial: serial)
        if self.isTree { return try beginTreeMember(key, at: level) }
        let role = frames[level].role
        let size = MemoryLayout<K>.size
        let isMemorable = size <= 1
        let type = UInt(bitPattern: ObjectIdentifier(K.self))
        let tag = size == 1 ? unsafeBitCast(key, to: UInt8.self) : 0
        var table: Int32 = -1
        if isMemorable {
            if frames[level].tableType == type {
                table = frames[level].table
            } else {
                // The container's first key, or a container asked for again with another key type.
                table = memo.table(type: type, role: role.rawValue)
                frames[level].table = table
                frames[level].tableType = type
            }
        }
        if isMemorable, let entry = memo.entry(table: table, type: type, tag: tag, role: role.rawValue)
            ?? memo.entry(type: type, tag: tag, role: role.rawValue) {
            self.memberKeyIsBSONType = entry.isBSONTypeKey
            guard entry.slot != .skip else { return .skip }
            try noteKey(bit: UInt64(1) << (tag & 63), at: level, serial: serial)
            // The remembered form starts with the comma that every member but the first needs.
            let start = Int(entry.start) + (frames[level].count == 0 ? 1 : 0)
            frames[level].count += 1
            memo.text.withUnsafeBufferPointer { text in
                json.append(bytes: UnsafeBufferPointer(rebasing: text[start..<Int(entry.start + entry.count)]))
            }
            memberRole = role
            return entry.slot
        }
        var name = key.stringValue
        let slot = try name.withUTF8 { utf8 throws -> Slot in
            let isBSONTypeKey = KeywordDenylist.isBSONTypeKey(utf8)
            self.memberKeyIsBSONType = isBSONTypeKey
            let identifierSlot = Self.identifierSlot(utf8, role: role)
            let slot = try identifierSlot ?? self.slot(of: String(decoding: utf8, as: UTF8.self), key: key, role: role, level: level)
            var mark = json.count
            if slot != .skip {
                try noteKey(bit: isMemorable ? UInt64(1) << (tag & 63) : keyBit(K.self, utf8), at: level, serial: serial)
                beginMemberKey(at: level)
                mark = json.count
                if identifierSlot != nil {
                    json.writeKey(unescaped: utf8)
                } else {
                    json.writeString(utf8: utf8)
                    json.write(UInt8(ascii: ":"))
                }
            }
            if isMemorable {
                json.withBytes(from: mark) { written in
                    memo.remember(type: type, tag: tag, role: role.rawValue, slot: slot, isBSONTypeKey: isBSONTypeKey, written: written,
                                  table: table)
                }
            }
            return slot
        }
        if slot != .skip { memberRole = role }
        return slot
    }

    /// Records that the key with the bit `bit` was written to the container at `level`. A key
    /// whose bit was set already may be written twice: the last value must win, which only the
    /// tree can do, so the document starts again as a tree. (A different key with the same bit
    /// costs the same detour and changes nothing in the output.)
    @inline(__always)
    func noteKey(bit: UInt64, at level: Int, serial: UInt32) throws {
        let mask = frames[level].keyMask
        if mask & bit != 0 {
            self.needsTree = true
            throw misused(level: -1, serial: serial)
        }
        frames[level].keyMask = mask | bit
    }

    /// The bit of a key that is not a one-byte enumeration: a hash of its text; 0 for the keys
    /// of a `Dictionary`, which cannot repeat.
    func keyBit<K: CodingKey>(_ type: K.Type, _ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let identity = ObjectIdentifier(K.self)
        if self.uniqueKeyType?.type != identity {
            self.uniqueKeyType = (identity, String(reflecting: K.self) == "Swift._DictionaryCodingKey")
        }
        if self.uniqueKeyType!.isUnique { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return UInt64(1) << (hash >> 58)
    }

    /// ``keyBit(_:_:)`` for a key given as a coding key.
    func keyBit<K: CodingKey>(of key: K) -> UInt64 {
        if MemoryLayout<K>.size <= 1 {
            return UInt64(1) << ((MemoryLayout<K>.size == 1 ? unsafeBitCast(key, to: UInt8.self) : 0) & 63)
        }
        var name = key.stringValue
        return name.withUTF8 { keyBit(K.self, $0) }
    }

    /// Writes the comma before a member, if it is not the first, and counts it.
    private func beginMemberKey(at level: Int) {
        if frames[level].count > 0 { json.write(UInt8(ascii: ",")) }
        frames[level].count += 1
    }

    func writeMemberKey(_ name: String, at level: Int) {
        if self.isTree { return beginTreeMember(named: name, at: level) }
        if frames[level].count > 0 { json.write(UInt8(ascii: ",")) }
        frames[level].count += 1
        json.writeKey(name)
    }

    /// The slot of a key that matches `^[A-Za-z][A-Za-z0-9_]*$` and breaks no rule of `role`, in
    /// one pass over its bytes; `nil` for any other key, which ``slot(of:key:role:level:)`` then
    /// classifies or refuses. Such a key is a valid field name unless it is `className` or
    /// `length`, and a valid plain-map key (no `$`, `.` or leading `__`); the denylisted words
    /// are at least 9 bytes long.
    static func identifierSlot(_ utf8: UnsafeBufferPointer<UInt8>, role: Role) -> Slot? {
        guard let first = utf8.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return nil }
        for byte in utf8 {
            let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 26
            let isDigit = byte &- UInt8(ascii: "0") < 10
            guard isLetter || isDigit || byte == UInt8(ascii: "_") else { return nil }
        }
        if utf8.count >= 9, KeywordDenylist.check(key: utf8) != nil { return nil }
        guard role != .plain else { return .field }
        switch utf8.count {
        case 3 where NameRules.equals(utf8, "ACL"):
            return .acl
        case 6 where NameRules.equals(utf8, "length"):
            return nil
        case 8 where NameRules.equals(utf8, "objectId"):
            return role == .body ? .skip : .objectId
        case 9 where NameRules.equals(utf8, "createdAt") || NameRules.equals(utf8, "updatedAt"):
            return role == .body ? .skip : .timestamp
        case 9 where NameRules.equals(utf8, "className"):
            return nil
        default:
            return .field
        }
    }

    /// Classifies and checks a member key. Keys are checked on every write rather than cached,
    /// because a `CodingKey` has no identity to cache by; the checks are one pass over a few bytes.
    func slot(of name: String, key: some CodingKey, role: Role, level: Int) throws -> Slot {
        switch role {
        case .plain:
            if let problem = NameRules.plainKeyProblem(name) { throw failure(problem, value: name, key: key) }
            return .field
        case .object:
            switch name {
            case "objectId": return .objectId
            case "createdAt", "updatedAt": return .timestamp
            case "ACL": return .acl
            default:
                if let problem = NameRules.checkFieldName(name) ?? KeywordDenylist.check(key: name) {
                    throw failure(problem, value: name, key: key)
                }
                return .field
            }
        case .body:
            switch name {
            case "objectId", "createdAt", "updatedAt": return .skip
            case "ACL": return .acl
            default:
                if let problem = NameRules.checkSaveBodyKey(name) ?? KeywordDenylist.check(key: name) {
                    throw failure(problem, value: name, key: key)
                }
                return .field
            }
        }
    }

    // MARK: - Errors

    /// An `EncodingError` for the value at `key` below the current path, with a ``ParseWireError``
    /// carrying the same path as its underlying error.
    func failure(_ kind: ParseWireError.Kind, value: Any, key: (any CodingKey)?, _ message: String) -> EncodingError {
        failure(ParseWireError(kind, message: message), value: value, key: key)
    }

    /// `error` placed at `key` below the current path. A path the error already has (`$.iso`,
    /// from a wire writer) is kept below that position.
    func failure(_ error: ParseWireError, value: Any, key: (any CodingKey)?) -> EncodingError {
        self.sawError = true
        var codingPath = codingPath(depth: path.count)
        if let key, !(key is NoKey) { codingPath.append(key) }
        let located = ParseWireError(error.kind, parseCode: error.parseCode, path: CodingPath.joined(codingPath, error.path), message: error.message)
        return .invalidValue(value, .init(codingPath: codingPath, debugDescription: located.description, underlyingError: located))
    }
}
