/// Walking an object's members or an array's elements on the tape without collecting them.
///
/// A where document of millions of clauses is read member by member: an array of the members'
/// tape positions would cost the decoder a second, short-lived copy of each list (8 bytes an
/// element of an `$in` of six million numbers), so the query reader walks the tape in place.
extension TapeWalker {
    /// The members of an object on the tape, in order: key, key entry, value entry.
    struct MemberWalk: Sequence, IteratorProtocol {
        let input: UnsafeBufferPointer<UInt8>
        let entries: UnsafeBufferPointer<JSONTape.Entry>
        var child: Int
        var remaining: Int

        mutating func next() -> (key: String, keyIndex: Int, valueIndex: Int)? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let keyIndex = child
            child = Int(entries[keyIndex + 1].next)
            return (JSONStrings.string(of: entries[keyIndex], in: input), keyIndex, keyIndex + 1)
        }

        var underestimatedCount: Int { remaining }
    }

    /// The elements of an array on the tape, in order, as tape entries.
    struct ElementWalk: Sequence, IteratorProtocol {
        let entries: UnsafeBufferPointer<JSONTape.Entry>
        var child: Int
        var remaining: Int

        mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let element = child
            child = Int(entries[element].next)
            return element
        }

        var underestimatedCount: Int { remaining }
    }

    /// The members of the object at `index`, walked in place.
    func eachMember(of index: Int) -> MemberWalk {
        MemberWalk(input: input, entries: entries, child: index + 1, remaining: Int(entries[index].length))
    }

    /// The elements of the array at `index`, walked in place.
    func eachElement(of index: Int) -> ElementWalk {
        ElementWalk(entries: entries, child: index + 1, remaining: Int(entries[index].length))
    }

    /// Whether the object at `index` has a key beginning with `$` (an operator), read from the
    /// key's bytes without making its string.
    func hasOperatorKey(_ index: Int) -> Bool {
        var child = index + 1
        for _ in 0..<Int(entries[index].length) {
            let key = entries[child]
            if key.flags & JSONTape.stringHasEscapes != 0 {
                if string(at: child).hasPrefix("$") { return true }
            } else if key.length > 0, input[Int(key.offset)] == UInt8(ascii: "$") {
                return true
            }
            child = Int(entries[child + 1].next)
        }
        return false
    }
}
