/// One run of a generator: the choices it draws, replayed from a prefix or drawn at random, and
/// recorded so that shrinking can edit them.
///
/// Every generator builds its value from bounded integer choices alone. A test case is therefore
/// fully described by its choice sequence, and a smaller sequence (shorter, or equally long and
/// lexicographically smaller) describes a simpler value: shrinking never needs to know what the
/// value is.
public struct TestCase {
    /// Why a test case stopped before producing a value.
    public enum Stop: Error, Sendable {
        /// The replayed prefix ran out of choices, or the case drew more than its budget.
        case overrun
        /// A filter or an assumption refused the value.
        case rejected
    }

    /// Choices to replay before drawing at random.
    private let prefix: [UInt64]
    private var random: SplitMix64?
    private let maximumChoices: Int
    /// The choices made so far.
    public private(set) var choices: [UInt64] = []
    /// Stretches of ``choices`` that produced one part of the value (an array element, a node of
    /// a recursive structure), so that shrinking can delete a part whole or replace a node by one
    /// of its descendants.
    public private(set) var spans: [Span] = []

    /// A stretch of choices that produced one part of the value.
    public struct Span: Sendable, Hashable {
        /// The choices of the part.
        public let range: Range<Int>
        /// What kind of part: spans with equal labels can stand in for each other.
        public let label: UInt64
    }

    /// A case that replays `prefix` and then draws from `random`, or stops with ``Stop/overrun``
    /// past the prefix when `random` is `nil`.
    public init(prefix: [UInt64], random: SplitMix64?, maximumChoices: Int = 8 * 1024) {
        self.prefix = prefix
        self.random = random
        self.maximumChoices = maximumChoices
    }

    /// A choice in `0...bound`; shrinking moves it toward 0, so 0 should mean the simplest value.
    public mutating func choice(upTo bound: UInt64) throws(Stop) -> UInt64 {
        guard choices.count < maximumChoices else { throw .overrun }
        let value: UInt64
        if choices.count < prefix.count {
            value = prefix[choices.count]
            // A replayed choice beyond its bound comes from an edit meant for another shape.
            guard value <= bound else { throw .rejected }
        } else if random != nil {
            value = random!.next(upTo: bound)
        } else {
            throw .overrun
        }
        choices.append(value)
        return value
    }

    /// Draws a part of the value with `body`, recording the choices it made as a span.
    public mutating func span<T>(label: UInt64, _ body: (inout TestCase) throws(Stop) -> T) throws(Stop) -> T {
        let start = choices.count
        let value = try body(&self)
        if choices.count > start { spans.append(Span(range: start..<choices.count, label: label)) }
        return value
    }

    /// Stops the case unless `condition` holds; the runner then draws another case.
    public func assume(_ condition: Bool) throws(Stop) {
        if !condition { throw .rejected }
    }
}
