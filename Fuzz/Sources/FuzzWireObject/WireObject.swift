import FuzzSupport
import ParseWire

/// The strict wire decoder on a fetched object of class Recipe.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireObject(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    do {
        _ = try ParseValueDecoder().decode(input.bindMemory(to: UInt8.self), context: .object(className: "Recipe"))
    } catch {
        checkError(error, input: input)
    }
    return 0
}
