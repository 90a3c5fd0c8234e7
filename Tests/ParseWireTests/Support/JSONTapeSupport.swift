@testable import ParseWire

/// Scans text into a tape.
func scan(_ text: String, limits: JSONLimits = JSONLimits()) throws(ParseWireError) -> JSONTape {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) -> JSONTape in
        try JSONScanner.scan(buffer, limits: limits)
    }
}

func scanRejection(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) -> ParseWireError? {
    do {
        _ = try bytes.withUnsafeBufferPointer { (buffer) throws(ParseWireError) -> JSONTape in
            try JSONScanner.scan(buffer, limits: limits)
        }
        return nil
    } catch {
        return error
    }
}

extension JSONTape {
    /// The entries as an array, copied while the tape is alive (its `entries` point into memory
    /// the tape frees when it goes).
    var entryList: [Entry] { Array(entries) }
}
