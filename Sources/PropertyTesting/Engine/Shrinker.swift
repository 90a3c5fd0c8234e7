/// Shrinks a failing choice sequence by editing it, keeping an edit only when the property still
/// fails and the sequence the generator actually consumed is shortlex-smaller.
///
/// The passes, repeated until none helps or the budget runs out: delete whole parts of the value
/// (the spans of array elements and recursive nodes) and replace a node by one of its
/// descendants; delete chunks of 8, 4, 3, 2 and 1 choices; zero such chunks; lower each choice by
/// binary search; sort short windows and swap adjacent choices into ascending order. Shortlex order (length first, then lexicographic) is a
/// well-order, so shrinking always ends.
struct Shrinker {
    /// Runs the property on a candidate; returns the choices consumed, and their spans, when it still fails.
    let stillFails: ([UInt64]) -> (choices: [UInt64], spans: [TestCase.Span])?
    let maximumEvaluations: Int
    let deadline: ContinuousClock.Instant
    private(set) var best: [UInt64]
    private var bestSpans: [TestCase.Span]
    private(set) var evaluations = 0

    init(failing choices: [UInt64], spans: [TestCase.Span], maximumEvaluations: Int, maximumDuration: Duration,
         stillFails: @escaping ([UInt64]) -> (choices: [UInt64], spans: [TestCase.Span])?) {
        self.best = choices
        self.bestSpans = spans
        self.maximumEvaluations = maximumEvaluations
        self.deadline = ContinuousClock.now.advanced(by: maximumDuration)
        self.stillFails = stillFails
    }

    private var exhausted: Bool { evaluations >= maximumEvaluations || ContinuousClock.now >= deadline }

    /// Tries a candidate; adopts it when it still fails and is simpler.
    @discardableResult
    private mutating func consider(_ candidate: [UInt64]) -> Bool {
        guard !exhausted, Self.shortlexPrecedes(candidate, best) else { return false }
        evaluations += 1
        guard let consumed = stillFails(candidate), Self.shortlexPrecedes(consumed.choices, best) else { return false }
        best = consumed.choices
        bestSpans = consumed.spans
        return true
    }

    mutating func shrink() {
        var improved = true
        while improved && !exhausted {
            let before = best
            deleteSpans()
            replaceNodesByDescendants()
            for size in [8, 4, 3, 2, 1] { deleteChunks(size: size) }
            for size in [8, 4, 2, 1] { zeroChunks(size: size) }
            lowerEachChoice()
            for size in [8, 4, 3, 2] { sortWindows(size: size) }
            swapAdjacent()
            improved = best != before
        }
    }

    /// Deletes whole parts, largest first; after each success the spans of the new best are used.
    private mutating func deleteSpans() {
        var improved = true
        while improved && !exhausted {
            improved = false
            for range in bestSpans.map(\.range).sorted(by: { $0.count > $1.count }) {
                var candidate = best
                candidate.removeSubrange(range)
                if consider(candidate) {
                    improved = true
                    break
                }
                if exhausted { return }
            }
        }
    }

    /// Replaces a part by a smaller part of the same kind inside it: a nested array becomes its
    /// inner element, an object becomes one of its field values.
    private mutating func replaceNodesByDescendants() {
        var improved = true
        while improved && !exhausted {
            improved = false
            search: for outer in bestSpans.sorted(by: { $0.range.count > $1.range.count }) {
                for inner in bestSpans where inner.label == outer.label && inner.range != outer.range
                    && outer.range.contains(inner.range.lowerBound) && inner.range.upperBound <= outer.range.upperBound {
                    var candidate = best
                    candidate.replaceSubrange(outer.range, with: best[inner.range])
                    if consider(candidate) {
                        improved = true
                        break search
                    }
                    if exhausted { return }
                }
            }
        }
    }

    private mutating func deleteChunks(size: Int) {
        var start = best.count - size
        while start >= 0 && !exhausted {
            var candidate = best
            candidate.removeSubrange(start..<min(start + size, candidate.count))
            if !consider(candidate) { start -= 1 }
            start = min(start, best.count - size)
        }
    }

    private mutating func zeroChunks(size: Int) {
        var start = best.count - size
        while start >= 0 && !exhausted {
            if best[start..<start + size].contains(where: { $0 != 0 }) {
                var candidate = best
                for index in start..<start + size { candidate[index] = 0 }
                consider(candidate)
            }
            start = min(start - 1, best.count - size)
        }
    }

    /// Binary search for the smallest value of each choice that still fails.
    private mutating func lowerEachChoice() {
        var index = best.count - 1
        while index >= 0 && !exhausted {
            if index < best.count, best[index] > 0 {
                var low: UInt64 = 0
                var high = best[index]
                while low < high && !exhausted && index < best.count {
                    let middle = low + (high - low) / 2
                    var candidate = best
                    candidate[index] = middle
                    if consider(candidate) {
                        high = middle
                    } else {
                        low = middle + 1
                    }
                }
            }
            index -= 1
        }
    }

    private mutating func sortWindows(size: Int) {
        var start = best.count - size
        while start >= 0 && !exhausted {
            let window = best[start..<start + size]
            let sorted = window.sorted()
            if !window.elementsEqual(sorted) {
                var candidate = best
                candidate.replaceSubrange(start..<start + size, with: sorted)
                consider(candidate)
            }
            start = min(start - 1, best.count - size)
        }
    }

    private mutating func swapAdjacent() {
        var index = best.count - 2
        while index >= 0 && !exhausted {
            if best[index] > best[index + 1] {
                var candidate = best
                candidate.swapAt(index, index + 1)
                consider(candidate)
            }
            index = min(index - 1, best.count - 2)
        }
    }

    /// Shorter first; equally long sequences compare lexicographically.
    static func shortlexPrecedes(_ a: [UInt64], _ b: [UInt64]) -> Bool {
        if a.count != b.count { return a.count < b.count }
        return a.lexicographicallyPrecedes(b)
    }
}
