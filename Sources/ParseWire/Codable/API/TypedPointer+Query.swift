// A typed Pointer as a query's value, without spelling out its untyped form
// (`.equalTo(pointer)` rather than `.equalTo(.pointer(pointer.parsePointer))`).
extension QueryConstraint {
    /// The Pointer field points to this object (written bare, like any equality).
    public static func equalTo<Target>(_ pointer: TypedPointer<Target>) -> QueryConstraint {
        .equalTo(.pointer(pointer.parsePointer))
    }

    /// The Pointer field does not point to this object (`$ne`).
    public static func notEqualTo<Target>(_ pointer: TypedPointer<Target>) -> QueryConstraint {
        .notEqualTo(.pointer(pointer.parsePointer))
    }

    /// The Pointer field points to one of these objects (`$in`).
    public static func containedIn<Target>(_ pointers: [TypedPointer<Target>]) -> QueryConstraint {
        .containedIn(pointers.map { .pointer($0.parsePointer) })
    }

    /// The Pointer field points to none of these objects (`$nin`).
    public static func notContainedIn<Target>(_ pointers: [TypedPointer<Target>]) -> QueryConstraint {
        .notContainedIn(pointers.map { .pointer($0.parsePointer) })
    }
}
