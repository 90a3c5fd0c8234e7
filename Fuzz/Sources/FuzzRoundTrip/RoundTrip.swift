import FuzzSupport
import ParseWire

/// decode → encode → decode: the first byte picks the context and the options (strict, or every
/// leniency); the rest is the document. Canonical output must decode under the same options to the
/// same value and re-encode to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = start.load(as: UInt8.self)
    let input = UnsafeRawBufferPointer(start: start + 1, count: count - 1)
    let context: WireContext = switch selector % 3 {
    case 0: .value
    case 1: .object(className: "Recipe")
    default: .update
    }
    var options = ParseValueDecodingOptions.strict
    if selector & 0x80 != 0 {
        for leniency in WireLeniency.allCases { options.enable(leniency) }
    }
    checkRoundTrip(input, context: context, options: options)
    return 0
}
