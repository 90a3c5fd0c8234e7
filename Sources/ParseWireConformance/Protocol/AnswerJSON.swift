import ParseWire

/// Reads one adapter answer line as JSON (`Vectors/INTERPRETING.md` §9), with the codec's scanner.
///
/// The scanner reads an answer with three options the wire format does not need: a lone-surrogate
/// escape (`"\ud800"`), which JSON allows and the wire format does not, is read as a marked pair
/// of scalars; the depth limit is ``maximumDepth``, not the codec's 512, since an answer's TVN is
/// about twice as deep as the deepest input the corpus holds; and the tree keeps only
/// ``treeDepth`` levels. It is otherwise as strict as wire input: RFC 8259 grammar, valid UTF-8,
/// no duplicate member names, nothing after the value, and no recursion at any depth.
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

    /// How the scanner reads an answer: lone surrogates marked (``JSONStrings/loneSurrogateMarker``),
    /// ``maximumDepth`` levels, and any line the tape can address (the line limit is the adapter
    /// connection's).
    static let options: JSONScanOptions = {
        var limits = JSONLimits()
        limits.maximumDepth = maximumDepth
        limits.maximumBytes = Int(UInt32.max)
        return JSONScanOptions(limits: limits, loneSurrogates: .marked)
    }()

    /// A document as read: its tree, and the depth of its deepest container when that is
    /// deeper than ``treeDepth`` (every container below that depth is `null` in the tree).
    struct Document {
        var node: JSONNode
        var cutDepth: Int?
    }

    /// Parses `bytes` as one JSON value.
    /// - Throws: ``ProtocolViolation`` naming the byte offset and what is wrong.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ProtocolViolation) -> Document {
        do {
            let reading = try JSONNode.read(bytes, options: options, keptDepth: treeDepth)
            return Document(node: reading.node, cutDepth: reading.depth > treeDepth ? reading.depth : nil)
        } catch {
            // The scanner's message speaks of a document; an answer's names the member that repeats.
            let message = error.kind == .duplicateKey ? "a member name appears twice (at \(error.path))" : error.message
            throw ProtocolViolation("the answer is not strict JSON: \(message) at byte \(error.offset ?? 0)")
        }
    }
}
