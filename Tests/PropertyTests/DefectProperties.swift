import PropertyTestingSupport
import Testing
@testable import ParseWire
import TestSupport

/// A valid document with exactly one defect, placed anywhere inside it, is rejected with the
/// defect's error kind: the rule holds at every depth and beside any other content.
@Suite("Single-defect properties")
struct DefectProperties {
    @Test("a document with one defect anywhere is rejected with the defect's kind")
    func singleDefects() throws {
        property("single defects", count: 300, WireDefects.documents, describe: { "\($0.defect) in \($0.text)" }) { document in
            do {
                _ = try ParseValueDecoder().decode(document.text)
                throw PropertyViolation("accepted \(document.text)")
            } catch let error as ParseWireError {
                try ensure(error.kind == document.defect.kind, "rejected \(document.text) as \(error)")
            }
        }
    }

    @Test("every defect is rejected on its own, so the property above tests placement, not the catalogue")
    func defectsAlone() throws {
        for defect in WireDefects.catalogue {
            #expect(rejection(defect.text)?.kind == defect.kind, "\(defect)")
        }
    }

    @Test("the marker is encoded as the text the documents replace")
    func marker() throws {
        #expect(try ParseValueEncoder().encodeString(.string(WireDefects.marker)) == WireDefects.encodedMarker)
    }
}
