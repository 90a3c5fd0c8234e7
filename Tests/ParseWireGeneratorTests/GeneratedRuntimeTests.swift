import Testing
@testable import ParseWire

/// The byte-level shortcuts of the generated runtime agree with the plain rules they stand for.
@Suite struct GeneratedRuntimeTests {
    @Test func keysAreCopiedWhole() {
        for count in 0...40 {
            let source = (0..<count).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
            var target = [UInt8](repeating: 0, count: count + 8)
            source.withUnsafeBytes { from in
                target.withUnsafeMutableBytes { to in
                    GeneratedWireWriter.copyKey(from.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count, to: to.baseAddress!)
                }
            }
            #expect(Array(target[..<count]) == source, "\(count) bytes")
            #expect(target[count...].allSatisfy { $0 == 0 }, "\(count) bytes: written past the end")
        }
    }

    @Test func keysMatchOnlyThemselves() {
        let names: [StaticString] = ["a", "ACL", "objectId", "createdAt", "nutritionalInfo", "aVeryLongFieldNameOfManyWords"]
        let keys = GeneratedWireKeys(names)
        for (position, name) in names.enumerated() {
            let text = Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            for other in 0..<names.count {
                let matched = text.withUnsafeBufferPointer { keys.matches(other, $0.baseAddress!, $0.count) }
                #expect(matched == (other == position), "\(name) against \(names[other])")
            }
            // One byte changed anywhere is another key.
            for changed in text.indices {
                var altered = text
                altered[changed] ^= 0x20
                #expect(!altered.withUnsafeBufferPointer { keys.matches(position, $0.baseAddress!, $0.count) }, "\(name) changed at \(changed)")
            }
        }
    }
}
