/// How the scanner reads a document: its limits, and what it does with a `\u` escape of a lone
/// surrogate.
///
/// Wire input is always scanned with the defaults (JSON-1: a lone surrogate is refused). Package
/// tools that read JSON which is not a Parse value, such as the conformance runner reading an
/// adapter's answer, may need to read what RFC 8259 allows and the wire format does not.
package struct JSONScanOptions: Sendable {
    /// What a `\u` escape naming a surrogate that is not half of a pair becomes.
    package enum LoneSurrogates: Sendable {
        /// Refused as `invalid-utf8` (STR-3), as the wire format requires.
        case refused
        /// Read, as ``JSONStrings/loneSurrogateMarker`` followed by a scalar of plane 15 that
        /// carries the surrogate's low 11 bits (U+F0000 to U+F07FF). A Swift string cannot hold a
        /// lone surrogate; this spelling keeps each one distinct from every other and from every
        /// string of strict UTF-8 text that does not itself hold U+FDD0, a noncharacter.
        case marked
    }

    /// Depth and size limits.
    package var limits: JSONLimits
    /// Refused unless a tool asks otherwise.
    package var loneSurrogates: LoneSurrogates

    /// Options with the given limits and lone surrogates refused unless asked otherwise.
    package init(limits: JSONLimits = JSONLimits(), loneSurrogates: LoneSurrogates = .refused) {
        self.limits = limits
        self.loneSurrogates = loneSurrogates
    }
}
