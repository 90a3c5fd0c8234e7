import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// The Codable encoder writes a Pointer straight into its document; the text must be the wire
/// encoder's, whatever the id holds.
@Suite struct PointerEncodingTests {
    @Test("a Pointer, alone or as a member, is written as the wire encoder writes it", arguments: ["g1", "gé", #"g"1"#, "g\\1", "g\u{1}"])
    func matchesWireEncoder(objectId: String) throws {
        let pointer = try TypedPointer<Genre>(objectId: objectId)
        let wire = try ParseValueEncoder().encodeString(.pointer(pointer.parsePointer))
        #expect(try ParseWireEncoder().encodeString(pointer) == wire)
        #expect(try ParseWireEncoder().encodeString(["genre": pointer]) == #"{"genre":"# + wire + "}")
    }
}
