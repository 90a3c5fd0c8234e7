/// A field operation in TVN.
public indirect enum TVNOperation: Sendable, Hashable {
    /// `{"increment":"<number>"}`
    case increment(String)
    /// `{"add":[…]}`
    case add(TVNList<TVNValue>)
    /// `{"addUnique":[…]}`
    case addUnique(TVNList<TVNValue>)
    /// `{"remove":[…]}`
    case remove(TVNList<TVNValue>)
    /// `{"addRelation":[{"className":…,"objectId":…},…]}`
    case addRelation([TVNPointer])
    /// `{"removeRelation":[…]}`
    case removeRelation([TVNPointer])
    /// `{"delete":true}`
    case delete
    /// `{"batch":[<operation>,…]}`
    case batch(TVNList<TVNOperation>)

    /// `{"add":[…]}` of `values`.
    public static func add(_ values: [TVNValue]) -> TVNOperation { .add(TVNList(values)) }
    /// `{"addUnique":[…]}` of `values`.
    public static func addUnique(_ values: [TVNValue]) -> TVNOperation { .addUnique(TVNList(values)) }
    /// `{"remove":[…]}` of `values`.
    public static func remove(_ values: [TVNValue]) -> TVNOperation { .remove(TVNList(values)) }
    /// `{"batch":[…]}` of `operations`.
    public static func batch(_ operations: [TVNOperation]) -> TVNOperation { .batch(TVNList(operations)) }
}
