import FuzzSupport
import ParseWire

/// The strict wire decoder on a save body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireUpdate(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    do {
        _ = try ParseValueDecoder().decode(input.bindMemory(to: UInt8.self), context: .update)
    } catch {
        checkError(error, input: input)
    }
    return 0
}
