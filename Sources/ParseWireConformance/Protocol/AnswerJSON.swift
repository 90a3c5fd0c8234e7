import ParseWire

/// Reads one adapter answer line as JSON (`Vectors/INTERPRETING.md` §9).
///
/// Answers are read by their own reader rather than the codec's strict scanner, for three reasons:
/// an answer may legally hold a lone-surrogate escape (`"\ud800"`), which JSON allows and the
/// wire format does not; an answer's TVN is about twice as deep as the deepest input the corpus
/// holds, so the depth limit is ``maximumDepth``, not the codec's 512; and the reader never
/// recurses, so no depth it accepts can overflow a thread's stack. It is otherwise strict:
/// RFC 8259 grammar, valid UTF-8, no duplicate member names, nothing after the value.
enum AnswerJSON {
    /// The deepest nesting an answer may have: more than twice the deepest input of the corpus
    /// (100,000, a decode-error case), so that an adapter that accepts it can say so. A corpus test
    /// keeps this true as the corpus grows.
    static let maximumDepth = 1 << 20

    /// The deepest nesting read into a tree: the TVN of the deepest document an implementation may
    /// accept and the runner should compare (513 deep, one past the depth limit: 1,028 levels with
    /// the answer's own object), with room to spare. Deeper containers are checked as strictly
    /// but not kept (no expected value of the corpus is deeper than 2 × 128 levels), so that the
    /// recursive TVN reading stays well within a 512 KB thread stack even in a debug build (a TVN
    /// of 1,000 nested maps measured at its edge); comparing and printing a TVN value do not
    /// recurse.
    static let treeDepth = 1280

    /// A lone surrogate read from an escape becomes this scalar followed by a private-use scalar
    /// of plane 15 carrying the surrogate's low 11 bits. Swift strings cannot hold a lone
    /// surrogate; this spelling keeps it distinct from every string a vector file can hold
    /// (vector files are strict UTF-8 and never contain U+FDD0, a noncharacter).
    static let loneSurrogateMarker = Unicode.Scalar(0xFDD0 as UInt32)!

    /// A document as read: its tree, and the depth of its deepest container when that is
    /// deeper than ``treeDepth`` (every container below that depth is `null` in the tree).
    struct Document {
        var node: JSONNode
        var cutDepth: Int?
    }

    /// Parses `bytes` as one JSON value.
    /// - Throws: ``ProtocolViolation`` naming the byte offset and what is wrong.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ProtocolViolation) -> Document {
        var reader = Reader(bytes: bytes)
        let node = try reader.document()
        return Document(node: node, cutDepth: reader.deepest > treeDepth ? reader.deepest : nil)
    }

    /// An open container while its children are read, mutated in place on the reader's stack.
    struct Frame {
        var isObject: Bool
        var elements: [JSONNode] = []
        var members: [JSONMember] = []
        /// The name of the member whose value is being read.
        var key = ""
        /// The member names read, once the object has more than a few (a linear search is faster
        /// before that, and most objects of an answer have one or two).
        var seen: Set<ExactKey>?

        /// Whether `name` is already a member; otherwise records it.
        mutating func isRepeated(_ name: String) -> Bool {
            if seen == nil, members.count < 16 {
                return members.contains { $0.key.utf8.elementsEqual(name.utf8) }
            }
            if seen == nil { seen = Set(members.map { ExactKey(text: $0.key) }) }
            return !seen!.insert(ExactKey(text: name)).inserted
        }
    }

    /// A member name compared by its exact UTF-8 bytes: Swift's `String` equality would make
    /// `"é"` and `"e\u{301}"` one name, and JSON keeps them apart.
    struct ExactKey: Hashable {
        let text: String

        static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
            lhs.text.utf8.elementsEqual(rhs.text.utf8)
        }

        func hash(into hasher: inout Hasher) {
            var copy = text
            copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// The deepest nesting seen.
        var deepest = 0

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func failure(_ message: String) -> ProtocolViolation {
            ProtocolViolation("the answer is not strict JSON: \(message) at byte \(index)")
        }

        mutating func skipWhitespace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
                index += 1
            }
        }

        mutating func document() throws(ProtocolViolation) -> JSONNode {
            var stack: [Frame] = []
            while true {
                skipWhitespace()
                var value: JSONNode
                guard index < bytes.count else { throw failure("the line ends inside the document") }
                switch bytes[index] {
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    let isObject = bytes[index] == UInt8(ascii: "{")
                    index += 1
                    guard stack.count < AnswerJSON.maximumDepth else { throw failure("nesting deeper than \(AnswerJSON.maximumDepth)") }
                    deepest = max(deepest, stack.count + 1)
                    skipWhitespace()
                    if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        index += 1
                        value = isObject ? .object([]) : .array([])
                    } else {
                        var frame = Frame(isObject: isObject)
                        if isObject {
                            frame.key = try memberName()
                        }
                        stack.append(frame)
                        continue
                    }
                case UInt8(ascii: "\""): value = .string(try string())
                case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
                case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
                case UInt8(ascii: "n"): try literal("null"); value = .null
                default: value = .number(try number())
                }
                // Attach the value to its container, closing every container that ends here.
                while true {
                    guard !stack.isEmpty else {
                        skipWhitespace()
                        guard index == bytes.count else { throw failure("text after the end of the answer") }
                        return value
                    }
                    skipWhitespace()
                    guard index < bytes.count else { throw failure("the line ends inside the document") }
                    let next = bytes[index]
                    index += 1
                    let top = stack.count - 1
                    let kept = stack.count <= AnswerJSON.treeDepth
                    if stack[top].isObject {
                        // A container too deep to keep keeps its member names, to refuse duplicates.
                        stack[top].members.append(JSONMember(key: stack[top].key, value: kept ? value : .null))
                        if next == UInt8(ascii: ",") {
                            let start = index
                            let name = try memberName()
                            if stack[top].isRepeated(name) {
                                index = start
                                throw failure("the member name \(JSONNode.quoted(name)) appears twice")
                            }
                            stack[top].key = name
                            break
                        }
                        guard next == UInt8(ascii: "}") else {
                            index -= 1
                            throw failure("expected ',' or '}'")
                        }
                        value = kept ? .object(stack.removeLast().members) : .null
                        if !kept { stack.removeLast() }
                    } else {
                        if kept { stack[top].elements.append(value) }
                        if next == UInt8(ascii: ",") { break }
                        guard next == UInt8(ascii: "]") else {
                            index -= 1
                            throw failure("expected ',' or ']'")
                        }
                        value = kept ? .array(stack.removeLast().elements) : .null
                        if !kept { stack.removeLast() }
                    }
                }
            }
        }

        /// A member name and its colon.
        mutating func memberName() throws(ProtocolViolation) -> String {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let name = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            return name
        }

        mutating func literal(_ word: StaticString) throws(ProtocolViolation) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                  (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else { throw failure("unknown literal") }
            index += count
        }

        /// Number text, checked against RFC 8259's grammar.
        mutating func number() throws(ProtocolViolation) -> String {
            let start = index
            func digits(_ reader: inout Reader) -> Int {
                let from = reader.index
                while reader.index < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.index]) { reader.index += 1 }
                return reader.index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let first = index
            guard digits(&self) > 0 else { throw failure("expected a value") }
            if bytes[first] == 0x30, index - first > 1 { throw failure("a number has a leading zero") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits(&self) > 0 else { throw failure("a fraction needs digits") }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits(&self) > 0 else { throw failure("an exponent needs digits") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }

        /// A string literal; `index` is at its opening quote.
        mutating func string() throws(ProtocolViolation) -> String {
            index += 1
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    guard let text = String(validating: raw, as: UTF8.self) else { throw failure("invalid UTF-8 in a string") }
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { throw failure("an unescaped control character in a string") }
                index += 1
            }
            return try escapedString(from: start)
        }

        /// The slow path of ``string()``: a string with escapes, from its first byte. Unescaped runs
        /// are copied whole; the result is checked as UTF-8 once.
        mutating func escapedString(from start: Int) throws(ProtocolViolation) -> String {
            var text: [UInt8] = []
            text.reserveCapacity(index - start + 16)
            index = start
            var run = start
            while index < bytes.count {
                let byte = bytes[index]
                if byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                    guard byte >= 0x20 else { throw failure("an unescaped control character in a string") }
                    index += 1
                    continue
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
                index += 1
                if byte == UInt8(ascii: "\"") {
                    guard let string = String(validating: text, as: UTF8.self) else { throw failure("invalid UTF-8 in a string") }
                    return string
                }
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): try unicodeEscape(into: &text)
                default:
                    index -= 1
                    throw failure("an unknown escape")
                }
                run = index
            }
            throw failure("a string is never closed")
        }

        /// `\uXXXX` (the `\u` read) as UTF-8, joining a surrogate pair written as two escapes.
        mutating func unicodeEscape(into text: inout [UInt8]) throws(ProtocolViolation) {
            let unit = try hex4()
            if (0xD800..<0xDC00).contains(unit), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let mark = index
                index += 2
                let low = try hex4()
                if (0xDC00..<0xE000).contains(low) {
                    text.append(contentsOf: UTF8.encode(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)!)
                    return
                }
                index = mark
            }
            if (0xD800..<0xE000).contains(unit) {
                text.append(contentsOf: UTF8.encode(AnswerJSON.loneSurrogateMarker)!)
                text.append(contentsOf: UTF8.encode(Unicode.Scalar(0xF0000 + (unit - 0xD800))!)!)
            } else {
                text.append(contentsOf: UTF8.encode(Unicode.Scalar(unit)!)!)
            }
        }

        mutating func hex4() throws(ProtocolViolation) -> UInt32 {
            guard index + 4 <= bytes.count else { throw failure("a \\u escape needs four hexadecimal digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x37
                case 0x61...0x66: digit = byte - 0x57
                default: throw failure("a \\u escape needs four hexadecimal digits")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
