import Foundation

/// How ``ParseWireEncoder`` and ``ParseWireDecoder`` use a type's generated coding: for a
/// generated Parse object, and for an array of them in the fetched-object mode (a query's
/// results), with options under which the generated coding writes and reads what the bridge
/// does. `nil` from encoding and ``GeneratedWireFallback`` from decoding mean "use the bridge":
/// for any other type, and whenever generated coding throws, so that errors are the bridge's own.
///
/// Whether a type has generated coding is found by dynamic casts of its metatype once per type and
/// kept: the two casts cost about 750 instructions on every call otherwise, a few per cent of the
/// bridge's own work for a type that has no generated coding.
enum GeneratedFastPath {
    /// What a type is to the fast path.
    enum Kind {
        case bridge
        case object(any ParseWireGeneratedObject.Type)
        case array(any GeneratedObjectArray.Type)
    }

    private static let lock = NSLock()
    /// The table, read and written only under `lock`. It is allocated once and never freed; held
    /// through a pointer rather than as a `static var`, whose every access the runtime would check
    /// for exclusivity (two `swift_beginAccess` calls, about 75 instructions of each decode).
    private nonisolated(unsafe) static let kinds: UnsafeMutablePointer<KindTable> = {
        let table = UnsafeMutablePointer<KindTable>.allocate(capacity: 1)
        table.initialize(to: KindTable())
        return table
    }()

    /// The kind of `type`, from the table after the first call.
    static func kind<T>(of type: T.Type) -> Kind {
        let identity = ObjectIdentifier(type)
        lock.lock()
        let known = kinds.pointee.kind(for: identity)
        lock.unlock()
        if let known { return known }
        let kind: Kind
        if let object = type as? any ParseWireGeneratedObject.Type {
            kind = .object(object)
        } else if let array = type as? any GeneratedObjectArray.Type {
            kind = .array(array)
        } else {
            kind = .bridge
        }
        lock.lock()
        kinds.pointee.insert(kind, for: identity)
        lock.unlock()
        return kind
    }

    /// The kinds found so far, by type: open addressing on the metadata's address, which a
    /// multiplication spreads (a `Dictionary` hashes the identifier with SipHash, about 300
    /// instructions of every coding call).
    struct KindTable {
        private var slots: [(type: ObjectIdentifier, kind: Kind)?] = Array(repeating: nil, count: 64)
        /// The number of types in the table.
        private(set) var count = 0

        /// Where the search for `type` starts: the top bits of the address times 2⁶⁴/φ.
        private func start(_ type: ObjectIdentifier) -> Int {
            let spread = UInt64(UInt(bitPattern: type)) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: spread >> 32) & (slots.count - 1)
        }

        /// The kind of `type`, if it was inserted.
        func kind(for type: ObjectIdentifier) -> Kind? {
            var index = start(type)
            while let slot = slots[index] {
                if slot.type == type { return slot.kind }
                index = (index + 1) & (slots.count - 1)
            }
            return nil
        }

        /// Inserts or replaces the kind of `type`; the table stays at most half full.
        mutating func insert(_ kind: Kind, for type: ObjectIdentifier) {
            if (count + 1) * 2 > slots.count {
                let old = slots
                slots = Array(repeating: nil, count: old.count * 2)
                count = 0
                for case let slot? in old { insert(slot.kind, for: slot.type) }
            }
            var index = start(type)
            while let slot = slots[index] {
                if slot.type == type {
                    slots[index] = (type, kind)
                    return
                }
                index = (index + 1) & (slots.count - 1)
            }
            slots[index] = (type, kind)
            count += 1
        }
    }

    /// Set in a task to code generated types through the bridge, for tests and measurements that
    /// compare the two; a task-local value, so no other caller is affected.
    @TaskLocal static var isBypassed = false

    /// The generated encoding of `value`, or `nil` when the bridge must write it.
    static func encode<T>(_ value: T, mode: ParseWireMode, options: ParseWireEncodingOptions) -> [UInt8]? {
        // Generated nesting stays far below the default limit; a lower one is the bridge's to apply.
        guard options.maximumDepth >= ParseWireEncodingOptions().maximumDepth else { return nil }
        switch kind(of: T.self) {
        case .bridge:
            return nil
        case .object(let type):
            if isBypassed { return nil }
            return withUnsafePointer(to: value) { encodeObject(type, UnsafeRawPointer($0), mode: mode, nilPolicy: options.nilPolicy) }
        case .array(let type):
            guard mode == .fetchedObject, !isBypassed else { return nil }
            return withUnsafePointer(to: value) { type.encodeGeneratedArray(UnsafeRawPointer($0), nilPolicy: options.nilPolicy) }
        }
    }

    /// Whether a document decoded as `kind` may be read by generated code: a generated type, under
    /// options with which generated code reads what the bridge does.
    static func decodes(_ kind: Kind, options: ParseWireDecodingOptions) -> Bool {
        if case .bridge = kind { return false }
        return options.wire == .strict && !isBypassed
    }

    /// The generated decoding of the document straight from its bytes (``GeneratedDirectReader``),
    /// tried first, before any scan.
    ///
    /// It throws rather than return an optional: `T?` in this unspecialised code is a lookup of the
    /// metadata of `Optional<T>` at each call (about 325 instructions, three times per document).
    ///
    /// - Throws: ``GeneratedWireFallback`` when the document must be scanned and read through the tape.
    static func decodeDirect<T>(_ type: T.Type, kind: Kind, input: UnsafeBufferPointer<UInt8>, options: ParseWireDecodingOptions,
                                mode: ParseWireMode) throws(GeneratedWireFallback) -> T {
        switch kind {
        case .bridge:
            throw GeneratedWireFallback()
        case .object(let generated):
            return try GeneratedDirectReader.withReader(input: input, options: options, mode: mode) { (reader) throws(GeneratedWireFallback) -> T in
                try readDirectObject(generated, as: T.self, from: &reader)
            }
        case .array(let generated):
            guard mode == .fetchedObject else { throw GeneratedWireFallback() }
            return try GeneratedDirectReader.withReader(input: input, options: options, mode: mode) { (reader) throws(GeneratedWireFallback) -> T in
                try generated.readDirectArray(as: T.self, from: &reader)
            }
        }
    }

    /// ``decodeDirect(_:kind:input:options:mode:)`` for a type whose kind is not known yet.
    static func decodeDirect<T>(_ type: T.Type, input: UnsafeBufferPointer<UInt8>, options: ParseWireDecodingOptions,
                                mode: ParseWireMode) throws(GeneratedWireFallback) -> T {
        let kind = kind(of: T.self)
        guard decodes(kind, options: options) else { throw GeneratedWireFallback() }
        return try decodeDirect(T.self, kind: kind, input: input, options: options, mode: mode)
    }

    /// The generated decoding of the scanned document through its tape.
    ///
    /// - Throws: ``GeneratedWireFallback`` when the bridge must read the document.
    static func decode<T>(_ type: T.Type, kind: Kind, input: UnsafeBufferPointer<UInt8>, tape: JSONTape, options: ParseWireDecodingOptions,
                          mode: ParseWireMode) throws(GeneratedWireFallback) -> T {
        let walker = TapeWalker(input: input, tape: tape, options: options.wire, context: .value)
        switch kind {
        case .bridge:
            throw GeneratedWireFallback()
        case .object(let generated):
            return try decodeObject(generated, as: T.self, walker: walker, mode: mode)
        case .array(let generated):
            guard mode == .fetchedObject else { throw GeneratedWireFallback() }
            return try generated.decodeGeneratedArray(as: T.self, walker: walker)
        }
    }

    /// ``decode(_:kind:input:tape:options:mode:)`` for a type whose kind is not known yet.
    static func decode<T>(_ type: T.Type, input: UnsafeBufferPointer<UInt8>, tape: JSONTape, options: ParseWireDecodingOptions,
                          mode: ParseWireMode) throws(GeneratedWireFallback) -> T {
        let kind = kind(of: T.self)
        guard decodes(kind, options: options) else { throw GeneratedWireFallback() }
        return try decode(T.self, kind: kind, input: input, tape: tape, options: options, mode: mode)
    }

    private static func encodeObject<G: ParseWireGeneratedObject>(_ type: G.Type, _ value: UnsafeRawPointer, mode: ParseWireMode,
                                                                  nilPolicy: ParseWireEncodingOptions.NilPolicy) -> [UInt8]? {
        var writer = GeneratedWireWriter(mode: mode, nilPolicy: nilPolicy)
        do throws(GeneratedWireFallback) {
            try value.assumingMemoryBound(to: G.self).pointee.writeWire(to: &writer)
        } catch {
            return nil
        }
        return writer.bytes
    }

    /// Reads a `G` directly, which is `T`, as ``decodeObject(_:as:walker:mode:)`` does.
    private static func readDirectObject<G: ParseWireGeneratedObject, T>(_ type: G.Type, as: T.Type,
                                                                         from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> T {
        try G.readDirect(from: &reader) as! T
    }

    /// Reads a `G`, which is `T` (the kind table found `G` as `T`'s own metatype), so the cast at
    /// the end only hands the value over.
    private static func decodeObject<G: ParseWireGeneratedObject, T>(_ type: G.Type, as: T.Type, walker: TapeWalker,
                                                                     mode: ParseWireMode) throws(GeneratedWireFallback) -> T {
        try GeneratedWireReader.withReader(walker: walker, mode: mode) { (reader) throws(GeneratedWireFallback) -> T in
            try G.readWire(from: &reader, at: 0) as! T
        }
    }
}

/// An array of generated Parse objects: a fetched-object document whose elements are written and
/// read whole, as a query's results are.
protocol GeneratedObjectArray {
    static func encodeGeneratedArray(_ value: UnsafeRawPointer, nilPolicy: ParseWireEncodingOptions.NilPolicy) -> [UInt8]?
    /// Reads the document as the array, which is `T`.
    static func decodeGeneratedArray<T>(as: T.Type, walker: TapeWalker) throws(GeneratedWireFallback) -> T
    /// Reads the document directly as the array, which is `T`.
    static func readDirectArray<T>(as: T.Type, from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> T
}

extension Array: GeneratedObjectArray where Element: ParseWireGeneratedObject {
    static func encodeGeneratedArray(_ value: UnsafeRawPointer, nilPolicy: ParseWireEncodingOptions.NilPolicy) -> [UInt8]? {
        let elements = value.assumingMemoryBound(to: [Element].self)
        var writer = GeneratedWireWriter(mode: .fetchedObject, nilPolicy: nilPolicy, capacity: 512 * elements.pointee.count + 16)
        do throws(GeneratedWireFallback) {
            try elements.pointee.writeWire(to: &writer)
        } catch {
            return nil
        }
        return writer.bytes
    }

    static func decodeGeneratedArray<T>(as: T.Type, walker: TapeWalker) throws(GeneratedWireFallback) -> T {
        try GeneratedWireReader.withReader(walker: walker, mode: .fetchedObject) { (reader) throws(GeneratedWireFallback) -> T in
            try Element.readWireArray(from: &reader, at: 0) as! T
        }
    }

    static func readDirectArray<T>(as: T.Type, from reader: inout GeneratedDirectReader) throws(GeneratedWireFallback) -> T {
        try Element.readDirectArray(from: &reader) as! T
    }
}
