import FuzzSupport
import ParseWire

/// The strict wire decoder on a field value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireValue(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    do {
        _ = try ParseValueDecoder().decode(input.bindMemory(to: UInt8.self), context: .value)
    } catch {
        checkError(error, input: input)
    }
    return 0
}
