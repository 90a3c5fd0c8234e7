import Foundation

/// Writing one value: the common scalars, wire types and arrays by type identity, anything else
/// through its `encode(to:)` with its key on the coding path.
extension WireEncodingState {
    /// Writes one value. `key` is the value's key or index in its container (``NoKey`` for the
    /// root and single-value containers); it stays generic, and goes on the path only when the
    /// value is a composite whose members might need it in an error. (An optional key would make
    /// every call look up the metadata of `Optional<K>`.)
    func encodeValue<T: Encodable, K: CodingKey>(_ value: T, key: K) throws {
        // A matched type identity makes the bit cast a plain copy, without a dynamic cast.
        if T.self == String.self {
            json.writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            NumberFormatting.appendInteger(Int64(unsafeBitCast(value, to: Int.self)), to: &json)
        } else if T.self == Double.self {
            try writeDouble(unsafeBitCast(value, to: Double.self), key: key)
        } else if T.self == Float.self {
            try writeFloat(unsafeBitCast(value, to: Float.self), key: key)
        } else if T.self == Bool.self {
            writeBool(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Date.self {
            try writeDate(unsafeBitCast(value, to: Date.self), key: key)
        } else if T.self == [Int].self {
            writeIntegers(unsafeBitCast(value, to: [Int].self))
        } else if T.self == [String].self {
            writeStrings(unsafeBitCast(value, to: [String].self))
        } else if T.self == [String: String].self {
            try writeStringMap(unsafeBitCast(value, to: [String: String].self), key: key)
        } else if T.self == Data.self {
            writeData(unsafeBitCast(value, to: Data.self))
        } else if T.self == Int64.self {
            NumberFormatting.appendInteger(unsafeBitCast(value, to: Int64.self), to: &json)
        } else if T.self == [Double].self, writeDoubles(unsafeBitCast(value, to: [Double].self)) {
            return
        } else if T.self == URL.self {
            json.writeString(unsafeBitCast(value, to: URL.self).absoluteString)
        } else if T.self == Decimal.self {
            try writeDecimal(value as! Decimal, key: key)
        } else {
            try encodeComposite(value, key: key)
        }
    }

    private func encodeComposite<T: Encodable, K: CodingKey>(_ value: T, key: K) throws {
        let traits = traits(of: T.self)
        if let parseType = traits.parseObjectType {
            if !frames.isEmpty {
                return try writePointer(to: value as! any ParseObject, of: parseType, key: key)
            }
            stack.pointee.rootRole = mode == .value ? .object : (mode.isBody ? .body : .object)
            stack.pointee.embeddedClassName = mode == .value ? parseType.className : nil
        } else if frames.isEmpty {
            stack.pointee.rootRole = mode == .value ? .plain : (mode.isBody ? .body : .object)
        }
        if traits.isClass {
            let identity = Self.identity(of: value)
            if stack.pointee.activeObjects.contains(identity) {
                throw failure(.unrepresentable, value: value, key: key,
                              "this \(T.self) contains itself (a reference cycle); JSON can only write a tree")
            }
            stack.pointee.activeObjects.push(identity)
        }
        let outerDepth = path.count
        if K.self != NoKey.self { path.append(Self.pathEntry(key)) }
        let base = frames.count
        let savedLevel = stack.pointee.valueLevel
        let savedDepth = stack.pointee.valueDepth
        let start = json.count
        stack.pointee.valueLevel = base
        stack.pointee.valueDepth = path.count
        try value.encode(to: self)
        closeFrames(downTo: base)
        if json.count == start { json.write(ascii: "{}") }
        stack.pointee.valueLevel = savedLevel
        stack.pointee.valueDepth = savedDepth
        truncatePath(to: outerDepth)
        if traits.isClass { stack.pointee.activeObjects.pop() }
    }

    /// A key as a step of the path; the bridge's own indices stay plain integers.
    @inline(__always) static func pathEntry<K: CodingKey>(_ key: K) -> PathEntry {
        K.self == IndexKey.self ? .index(unsafeBitCast(key, to: IndexKey.self).index) : .key(key)
    }

    /// The identity of a class instance; a class reference is one pointer, so no bridging cast is needed.
    private static func identity<T>(of value: T) -> ObjectIdentifier {
        if MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
            return ObjectIdentifier(unsafeBitCast(value, to: AnyObject.self))
        }
        return ObjectIdentifier(value as AnyObject)
    }

    private func traits<T>(of type: T.Type) -> Traits {
        let identity = ObjectIdentifier(type)
        if let cached = stack.pointee.cachedTraits, cached.type == identity { return cached.traits }
        let traits: Traits
        if let remembered = memo.traits(of: identity) {
            traits = remembered
        } else {
            traits = Traits(parseObjectType: type as? any ParseObject.Type, isClass: type is AnyClass)
            memo.remember(traits, of: identity)
        }
        stack.pointee.cachedTraits = (identity, traits)
        return traits
    }
}
