/// What an adapter is asked to do with one input of a case.
public enum AdapterOperation: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Wire text → the implementation's value, reported as TVN.
    case decode
    /// A TVN value → the implementation's value → wire text.
    case encode
    /// Wire text → the implementation's native value → wire text, without TVN in between.
    case roundtrip

    public static func < (lhs: AdapterOperation, rhs: AdapterOperation) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
