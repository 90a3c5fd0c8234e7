import Foundation

/// What running a property found.
public enum PropertyOutcome<Value> {
    /// Every case passed.
    case passed(cases: Int)
    /// A case failed; here is its shrunk form.
    case failed(PropertyFailure<Value>)
    /// Too many cases were rejected by filters or assumptions to reach the count.
    case gaveUp(passed: Int, rejected: Int)
}
