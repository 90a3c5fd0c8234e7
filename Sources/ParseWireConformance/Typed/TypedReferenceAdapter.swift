import ParseWire

/// The reference with its typed reference, speaking the adapter protocol: what
/// `parse-wire adapter --typed` runs.
///
/// A request whose context names a class the typed reference has a generated model for is
/// answered by that model (``TypedReference/answer(_:recordClass:)``); every other request by the
/// untyped reference (``ReferenceAdapter``). `hello` is the untyped reference's, with
/// ``TypedReference/capability`` claimed as well, so the runner sends the `typed-record` cases too.
/// `Examples/adapters/typed-reference/expected-failures.json` lists the checks it fails, with their
/// reasons (none today), and `swift test` runs the corpus through this adapter with that list.
package struct TypedReferenceAdapter: Sendable {
    /// The untyped reference, for requests that name no class with a record.
    package let untyped: ReferenceAdapter
    /// The implementation's answer to `hello`.
    package let hello: AdapterHello

    /// Creates the adapter.
    /// - Parameters:
    ///   - strict: Reject every leniency instead of accepting them all (``ReferenceAdapter``).
    ///   - capabilities: The tags to claim; ``TypedReference/capability`` is always claimed.
    package init(strict: Bool = false, capabilities: Set<String> = []) {
        untyped = ReferenceAdapter(strict: strict, capabilities: capabilities)
        var hello = untyped.hello
        hello.capabilities.insert(TypedReference.capability)
        self.hello = hello
    }

    /// Answers one request line.
    package func respond(to line: String) -> ReferenceAdapter.Reply {
        ReferenceAdapter.reply(to: line, hello: hello, answer: answer)
    }

    /// Performs one check: by the class's model when the request names a class with one.
    package func answer(_ request: AdapterRequest) -> AdapterAnswer {
        if let recordClass = request.recordClass, TypedReference.classNames.contains(recordClass) {
            return TypedReference.answer(request, recordClass: recordClass)
        }
        return untyped.answer(request)
    }
}
