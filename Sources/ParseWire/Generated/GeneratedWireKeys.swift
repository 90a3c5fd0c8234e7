import Foundation

/// The keys a generated type reads, in the order its generated code numbers them.
public struct GeneratedWireKeys: Sendable {
    @usableFromInline let names: [StaticString]

    /// Creates the table.
    ///
    /// - Parameter names: The keys, each a valid name written without escapes.
    public init(_ names: [StaticString]) {
        self.names = names
    }

    /// Whether the key at `position` is the `length` bytes at `text`: eight bytes at a time, the
    /// first and the last eight (which overlap) for keys of 8 to 16 bytes, as most are.
    @inlinable @inline(__always)
    func matches(_ position: Int, _ text: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let name = names[position]
        guard name.utf8CodeUnitCount == length else { return false }
        let bytes = UnsafeRawPointer(name.utf8Start)
        let input = UnsafeRawPointer(text)
        guard length >= 8 else {
            for offset in 0..<length where bytes.load(fromByteOffset: offset, as: UInt8.self) != text[offset] { return false }
            return true
        }
        var offset = 0
        while offset + 8 < length {
            guard bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == input.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else {
                return false
            }
            offset += 8
        }
        return bytes.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) == input.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
    }

    /// The position of the key that is the `length` bytes at `text`, trying `expected` first (the
    /// key after the last one found), or -1 when it is none of them.
    @inlinable @inline(__always)
    func slot(of text: UnsafePointer<UInt8>, _ length: Int, expected: Int) -> Int {
        if expected < names.count, matches(expected, text, length) { return expected }
        return position(of: text, length)
    }

    /// The position of the key that is the `length` bytes at `text`, or -1 when it is none of them.
    @usableFromInline
    func position(of text: UnsafePointer<UInt8>, _ length: Int) -> Int {
        for position in 0..<names.count where matches(position, text, length) { return position }
        return -1
    }
}
