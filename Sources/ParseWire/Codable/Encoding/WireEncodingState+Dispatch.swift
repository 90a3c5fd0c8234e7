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
        } else if try !encodeCollectionOrRareScalar(value, key: key) {
            try encodeComposite(value, key: key)
        }
    }

    /// The collections and rarer scalars with fast paths of their own; `false` for any other type.
    /// Apart from ``encodeValue(_:key:)``, whose frame every nested value's recursion passes
    /// through: their temporaries would make that frame larger at every level.
    @inline(never)
    private func encodeCollectionOrRareScalar<T: Encodable, K: CodingKey>(_ value: T, key: K) throws -> Bool {
        if T.self == [Int].self {
            writeIntegers(unsafeBitCast(value, to: [Int].self))
        } else if T.self == [String].self {
            writeStrings(unsafeBitCast(value, to: [String].self))
        } else if T.self == [String: String].self {
            try writeStringMap(unsafeBitCast(value, to: [String: String].self), key: key)
        } else if T.self == Data.self {
            try writeData(unsafeBitCast(value, to: Data.self))
        } else if T.self == Int64.self {
            NumberFormatting.appendInteger(unsafeBitCast(value, to: Int64.self), to: &json)
        } else if T.self == [Double].self, writeDoubles(unsafeBitCast(value, to: [Double].self)) {
            return true
        } else if T.self == URL.self {
            json.writeString(unsafeBitCast(value, to: URL.self).absoluteString)
        } else if T.self == Decimal.self {
            try writeDecimal(unsafeBitCast(value, to: Decimal.self), key: key)
        } else {
            return false
        }
        return true
    }

    /// A composite value, through its `encode(to:)`. This function is the one the recursion of
    /// nested values goes through, so its frame is kept small: the work before and after the
    /// value's own code is in functions of their own, whose frames are gone while it runs.
    func encodeComposite<T: Encodable, K: CodingKey>(_ value: T, key: K) throws {
        guard let scope = try enterComposite(value, key: key) else { return }
        do {
            try value.encode(to: self)
        } catch {
            failComposite(scope)
            throw error
        }
        leaveComposite(scope, isClass: scope.isClass)
    }

    /// What a composite value changes in the state while it is encoded, to be put back after.
    struct CompositeScope {
        let start: Int
        let valueLevel: Int
        let valueDepth: Int
        let valueFrame: Int
        let outerDepth: Int32
        let base: Int32
        let marksParent: Bool
        let isClass: Bool
        /// The tree member the value is written into, in the tree fallback.
        let member: EncodingTree.Position?
    }

    /// Prepares the state for a composite value; `nil` when the value was written already (a
    /// nested Parse object, as a Pointer).
    @inline(never)
    private func enterComposite<T: Encodable, K: CodingKey>(_ value: T, key: K) throws -> CompositeScope? {
        let traits = traits(of: T.self)
        if let parseType = traits.parseObjectType {
            if !frames.isEmpty {
                guard try enterNestedObject(value, of: parseType, key: key) else { return nil }
            } else {
                self.rootRole = mode == .value ? .object : (mode.isBody ? .body : .object)
                self.embeddedClassName = mode == .value ? parseType.className : nil
                self.objectDepth = self.compositeDepth + 1
            }
        } else if frames.isEmpty {
            self.rootRole = mode == .value ? .plain : (mode.isBody ? .body : .object)
        }
        if self.compositeDepth >= options.maximumDepth {
            throw failure(.depthLimit, value: value, key: key,
                          "values are nested more than \(options.maximumDepth) deep (ParseWireEncodingOptions.maximumDepth)")
        }
        if traits.isClass {
            let identity = Self.identity(of: value)
            if self.activeObjects.contains(identity) {
                throw failure(.unrepresentable, value: value, key: key,
                              "this \(T.self) contains itself (a reference cycle); JSON can only write a tree")
            }
            self.activeObjects.push(identity)
        }
        let outerDepth = path.count
        if K.self != NoKey.self { path.append(Self.pathEntry(key)) }
        let base = frames.count
        let isTree = self.isTree
        // The container this value is a member of must not be written to until the value is done.
        let marksParent = !isTree && base > 0 && !frames[base - 1].isBusy
        if marksParent { frames[base - 1].isBusy = true }
        let scope = CompositeScope(start: json.count, valueLevel: self.valueLevel, valueDepth: self.valueDepth,
                                   valueFrame: self.valueFrame, outerDepth: Int32(outerDepth), base: Int32(base),
                                   marksParent: marksParent, isClass: traits.isClass, member: isTree ? tree.open : nil)
        self.valueLevel = base
        self.valueDepth = path.count
        self.valueFrame = -1
        self.compositeDepth += 1
        return scope
    }

    /// Notes that a composite value failed: the document is unusable unless someone catches the
    /// error, and then the member must be left out.
    @inline(never)
    private func failComposite(_ scope: CompositeScope) {
        self.sawError = true
        if self.isTree { dropTreeMember(scope.member) }
    }

    /// Closes what a composite value opened and puts the state back.
    @inline(never)
    private func leaveComposite(_ scope: CompositeScope, isClass: Bool) {
        self.compositeDepth -= 1
        if self.compositeDepth + 1 == self.objectDepth { self.objectDepth = -1 }
        let base = Int(scope.base)
        if self.isTree {
            // A value that wrote nothing is an empty object, as with JSONEncoder.
            let member = scope.member
            if tree.open == member, json.count == scope.start,
               member.map({ tree.members[$0.level][$0.index].child < 0 }) ?? frames.isEmpty {
                json.write(ascii: "{}")
            }
        } else {
            closeFrames(downTo: base)
            if json.count == scope.start { json.write(ascii: "{}") }
            if scope.marksParent, frames.count == base { frames[base - 1].isBusy = false }
        }
        self.valueLevel = scope.valueLevel
        self.valueDepth = scope.valueDepth
        self.valueFrame = scope.valueFrame
        truncatePath(to: Int(scope.outerDepth))
        if isClass { self.activeObjects.pop() }
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
        if let cached = self.cachedTraits, cached.type == identity { return cached.traits }
        let traits: Traits
        if let remembered = memo.traits(of: identity) {
            traits = remembered
        } else {
            traits = Traits(parseObjectType: type as? any ParseObject.Type, isClass: type is AnyClass)
            memo.remember(traits, of: identity)
        }
        self.cachedTraits = (identity, traits)
        return traits
    }
}
