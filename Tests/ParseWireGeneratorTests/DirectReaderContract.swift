import Foundation
import PropertyTestingSupport
@testable import ParseWire

/// The contract of the direct reader (`GeneratedFastPath.decodeDirect`), checked on one document in
/// one mode: it reads a subset of what the bridge reads, and reads it exactly as the bridge does.
///
/// - When the bridge throws, the direct reader refuses (throws ``GeneratedWireFallback``).
/// - When the direct reader returns a value, the bridge returns an equal one, and both re-encode
///   (through the bridge) to the same bytes: `==` hides `-0.0` against `0.0`, the bytes do not.
/// - ``ParseWireDecoder`` with every tier gives the bridge's value, or the bridge's error.
enum DirectReaderContract {
    static let modes: [ParseWireMode] = [.value, .fetchedObject, .saveBody, .updateBody]

    /// What happened to a document for which the contract holds.
    enum Outcome: Equatable, CustomStringConvertible {
        /// The direct reader read it.
        case accepted
        /// The bridge reads it; the direct reader sent it down the tape path.
        case refused
        /// The bridge throws, and so the direct reader refused it.
        case bridgeThrows

        var description: String {
            switch self {
            case .accepted: "accepted"
            case .refused: "refused"
            case .bridgeThrows: "bridge throws"
            }
        }
    }

    /// The direct reader's value, or `nil` when it refuses the document.
    static func direct<T>(_ type: T.Type, _ bytes: [UInt8], mode: ParseWireMode, options: ParseWireDecodingOptions) -> T? {
        bytes.withUnsafeBufferPointer { buffer in
            try? GeneratedFastPath.decodeDirect(T.self, input: buffer, options: options, mode: mode)
        }
    }

    /// The bridge's value, or its error.
    static func bridge<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], mode: ParseWireMode,
                                     options: ParseWireDecodingOptions) -> Result<T, any Error> {
        GeneratedFastPath.$isBypassed.withValue(true) {
            Result { try ParseWireDecoder(options: options).decode(T.self, from: bytes, as: mode) }
        }
    }

    /// The bridge's bytes for `value` in `mode`, or `nil` when it refuses to write it (the same
    /// refusal for two values means the same outcome). Keys are sorted: two equal dictionaries
    /// may iterate in different orders.
    static func encoded<T: Encodable>(_ value: T, mode: ParseWireMode) -> [UInt8]? {
        var encoder = ParseWireEncoder()
        encoder.outputFormatting = .sortedKeys
        return GeneratedFastPath.$isBypassed.withValue(true) { try? encoder.encodeBytes(value, as: mode) }
    }

    /// The bytes as text a person can read: printable ASCII as is, everything else as `\xNN`.
    static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        for byte in bytes {
            if (0x20..<0x7F).contains(byte) {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return text
    }

    /// Checks the contract for `bytes` read as a `T` in `mode`.
    ///
    /// - Returns: What the direct reader did with the document.
    /// - Throws: ``PropertyViolation`` naming the broken clause and the document.
    @discardableResult
    static func check<T: Codable & Equatable>(_ type: T.Type, _ bytes: [UInt8], mode: ParseWireMode,
                                              options: ParseWireDecodingOptions = ParseWireDecodingOptions()) throws -> Outcome {
        let expected = bridge(T.self, bytes, mode: mode, options: options)
        let read = direct(T.self, bytes, mode: mode, options: options)
        let tiers = Result { try ParseWireDecoder(options: options).decode(T.self, from: bytes, as: mode) }
        let place = "\(T.self) in \(mode) from \(shown(bytes))"
        switch expected {
        case .failure(let error):
            try ensure(read == nil, "the bridge throws (\(error)), the direct reader read \(String(describing: read)): \(place)")
            switch tiers {
            case .success(let value):
                try ensure(false, "the bridge throws (\(error)), ParseWireDecoder read \(value): \(place)")
            case .failure(let tiersError):
                try ensure(String(describing: tiersError) == String(describing: error),
                           "ParseWireDecoder throws \(tiersError), the bridge \(error): \(place)")
            }
            return .bridgeThrows
        case .success(let value):
            let bytesOfValue = encoded(value, mode: mode)
            switch tiers {
            case .failure(let tiersError):
                try ensure(false, "the bridge reads \(value), ParseWireDecoder throws \(tiersError): \(place)")
            case .success(let tiersValue):
                try ensure(tiersValue == value, "ParseWireDecoder read \(tiersValue), the bridge \(value): \(place)")
                try ensure(encoded(tiersValue, mode: mode) == bytesOfValue,
                           "ParseWireDecoder's value re-encodes otherwise than the bridge's: \(place)")
            }
            guard let read else { return .refused }
            try ensure(read == value, "the direct reader read \(read), the bridge \(value): \(place)")
            let bytesOfRead = encoded(read, mode: mode)
            try ensure(bytesOfRead == bytesOfValue,
                       "the direct reader's value re-encodes as \(shown(bytesOfRead ?? [])), the bridge's as \(shown(bytesOfValue ?? [])): \(place)")
            return .accepted
        }
    }

    /// Checks the contract in every mode; returns the outcome of each.
    static func checkEveryMode<T: Codable & Equatable>(_ type: T.Type, _ bytes: [UInt8],
                                                       options: ParseWireDecodingOptions = ParseWireDecodingOptions()) throws -> [ParseWireMode: Outcome] {
        var outcomes: [ParseWireMode: Outcome] = [:]
        for mode in modes { outcomes[mode] = try check(T.self, bytes, mode: mode, options: options) }
        return outcomes
    }
}
