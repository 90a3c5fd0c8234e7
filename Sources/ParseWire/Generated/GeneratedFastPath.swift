import Foundation

/// How ``ParseWireEncoder`` and ``ParseWireDecoder`` use a type's generated coding: for a
/// generated Parse object, and for an array of them in the fetched-object mode (a query's
/// results), with options under which the generated coding writes and reads what the bridge
/// does. `nil` means "use the bridge": for any other type, and whenever generated coding throws
/// ``GeneratedWireFallback``, so that errors are the bridge's own.
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
    private nonisolated(unsafe) static var kinds: [ObjectIdentifier: Kind] = [:]

    /// The kind of `type`, from the table after the first call.
    static func kind<T>(of type: T.Type) -> Kind {
        let identity = ObjectIdentifier(type)
        lock.lock()
        let known = kinds[identity]
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
        kinds[identity] = kind
        lock.unlock()
        return kind
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

    /// The generated decoding of the scanned document, or `nil` when the bridge must read it.
    static func decode<T>(_ type: T.Type, input: UnsafeBufferPointer<UInt8>, tape: JSONTape, options: ParseWireDecodingOptions,
                          mode: ParseWireMode) -> T? {
        let kind = kind(of: T.self)
        if case .bridge = kind { return nil }
        guard options.wire == .strict, !isBypassed else { return nil }
        let walker = TapeWalker(input: input, tape: tape, options: options.wire, context: .value)
        switch kind {
        case .bridge:
            return nil
        case .object(let generated):
            return withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
                guard decodeObject(generated, walker: walker, mode: mode, into: UnsafeMutableRawPointer(slot.baseAddress!)) else { return nil }
                return slot.baseAddress!.move()
            }
        case .array(let generated):
            guard mode == .fetchedObject else { return nil }
            return withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
                guard generated.decodeGeneratedArray(walker: walker, into: UnsafeMutableRawPointer(slot.baseAddress!)) else { return nil }
                return slot.baseAddress!.move()
            }
        }
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

    private static func decodeObject<G: ParseWireGeneratedObject>(_ type: G.Type, walker: TapeWalker, mode: ParseWireMode,
                                                                  into slot: UnsafeMutableRawPointer) -> Bool {
        var reader = GeneratedWireReader(walker: walker, mode: mode)
        guard let value = try? G.readWire(from: &reader, at: 0) else { return false }
        slot.assumingMemoryBound(to: G.self).initialize(to: value)
        return true
    }
}

/// An array of generated Parse objects: a fetched-object document whose elements are written and
/// read whole, as a query's results are.
protocol GeneratedObjectArray {
    static func encodeGeneratedArray(_ value: UnsafeRawPointer, nilPolicy: ParseWireEncodingOptions.NilPolicy) -> [UInt8]?
    static func decodeGeneratedArray(walker: TapeWalker, into slot: UnsafeMutableRawPointer) -> Bool
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

    static func decodeGeneratedArray(walker: TapeWalker, into slot: UnsafeMutableRawPointer) -> Bool {
        var reader = GeneratedWireReader(walker: walker, mode: .fetchedObject)
        guard let value = try? [Element].readWire(from: &reader, at: 0) else { return false }
        slot.assumingMemoryBound(to: [Element].self).initialize(to: value)
        return true
    }
}
