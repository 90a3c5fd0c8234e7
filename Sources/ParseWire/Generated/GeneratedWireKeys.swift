import Foundation

/// The keys a generated type reads, in the order its generated code numbers them.
public struct GeneratedWireKeys: Sendable {
    let names: [StaticString]

    /// Creates the table.
    ///
    /// - Parameter names: The keys, each a valid name written without escapes.
    public init(_ names: [StaticString]) {
        self.names = names
    }

    /// Whether the key at `position` is the `length` bytes at `text`.
    @inline(__always)
    func matches(_ position: Int, _ text: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let name = names[position]
        guard name.utf8CodeUnitCount == length else { return false }
        let bytes = name.utf8Start
        for offset in 0..<length where bytes[offset] != text[offset] { return false }
        return true
    }
}
