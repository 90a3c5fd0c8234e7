extension ParseWireEncoder {
    /// How the JSON text is laid out, as `JSONEncoder.OutputFormatting` says it.
    ///
    /// The default, `[]`, is compact text in declaration order, which is what Parse sends and what
    /// ``ParseWireEncoder`` writes fastest; anything else is applied afterwards by re-reading the
    /// compact text, so it costs a second pass.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        /// The options as bits.
        public let rawValue: UInt

        /// The options whose bits `rawValue` holds.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Line breaks and two-space indentation, with `" : "` between a key and its value, as
        /// `JSONEncoder` writes them.
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
        /// Every object's keys sorted by their UTF-8 bytes, for byte-stable output.
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
        /// Accepted for `JSONEncoder` compatibility: ParseWire never escapes `/`, as parse-server does not.
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 2)
    }
}

/// Lays out compact JSON text as ``ParseWireEncoder/OutputFormatting`` asks, over the scanner's
/// tape: strings and numbers are copied as written, containers re-emitted with an explicit stack
/// (no recursion, so any depth the text has is fine).
enum OutputFormatter {
    /// A container being re-emitted: the tape indices of its members (keys, for an object), in
    /// writing order.
    private struct Frame {
        let isObject: Bool
        let members: [Int]
        var next = 0
    }

    /// The text laid out; `bytes` when no layout is asked for.
    ///
    /// - Parameters:
    ///   - bytes: Compact JSON text, as the encoder wrote it.
    ///   - formatting: The layout.
    static func format(_ bytes: [UInt8], _ formatting: ParseWireEncoder.OutputFormatting) -> [UInt8] {
        let pretty = formatting.contains(.prettyPrinted)
        let sorted = formatting.contains(.sortedKeys)
        guard pretty || sorted else { return bytes }
        var limits = JSONLimits()
        limits.maximumDepth = Int(UInt32.max)
        return bytes.withUnsafeBufferPointer { input in
            // The encoder wrote the text; it is valid JSON.
            guard let tape = try? JSONScanner.scan(input, limits: limits) else { return bytes }
            return withExtendedLifetime(tape) {
                layOut(input, tape.entries, pretty: pretty, sorted: sorted)
            }
        }
    }

    private static func layOut(_ input: UnsafeBufferPointer<UInt8>, _ entries: UnsafeBufferPointer<JSONTape.Entry>,
                               pretty: Bool, sorted: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(input.count * (pretty ? 2 : 1))
        var stack: [Frame] = []

        func raw(_ entry: JSONTape.Entry) -> UnsafeBufferPointer<UInt8> {
            // A string's bytes with its quotes; a number's or literal's as written.
            let start = Int(entry.offset) - (entry.kind == .string ? 1 : 0)
            let end = Int(entry.offset) + Int(entry.length) + (entry.kind == .string ? 1 : 0)
            return UnsafeBufferPointer(rebasing: input[start..<end])
        }
        func newline() {
            guard pretty else { return }
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * stack.count))
        }
        /// Writes the value at `index`: a scalar whole, a container opened (and pushed).
        func start(_ index: Int) {
            let entry = entries[index]
            switch entry.kind {
            case .object, .array:
                let isObject = entry.kind == .object
                out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                var members: [Int] = []
                members.reserveCapacity(Int(entry.length))
                var child = index + 1
                for _ in 0..<Int(entry.length) {
                    members.append(child)
                    child = Int(entries[isObject ? child + 1 : child].next)
                }
                if isObject, sorted {
                    members.sort { unescapedKey($0).lexicographicallyPrecedes(unescapedKey($1)) }
                }
                stack.append(Frame(isObject: isObject, members: members))
            case .trueLiteral: out.append(contentsOf: "true".utf8)
            case .falseLiteral: out.append(contentsOf: "false".utf8)
            case .null: out.append(contentsOf: "null".utf8)
            case .string, .number: out.append(contentsOf: raw(entry))
            }
        }
        func unescapedKey(_ index: Int) -> [UInt8] {
            JSONStrings.unescapedBytes(of: entries[index], in: input)
        }

        start(0)
        while let top = stack.indices.last {
            let frame = stack[top]
            guard frame.next < frame.members.count else {
                stack.removeLast()
                // JSONEncoder writes an empty container over three lines, the middle one empty.
                if pretty, frame.members.isEmpty { out.append(UInt8(ascii: "\n")) }
                newline()
                out.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                continue
            }
            if frame.next > 0 { out.append(UInt8(ascii: ",")) }
            newline()
            let member = frame.members[frame.next]
            stack[top].next += 1
            if frame.isObject {
                out.append(contentsOf: raw(entries[member]))
                out.append(contentsOf: pretty ? " : ".utf8 : ":".utf8)
                start(member + 1)
            } else {
                start(member)
            }
        }
        return out
    }
}
