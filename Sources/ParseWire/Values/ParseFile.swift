/// A file reference: `{"__type":"File","name":"…","url":"…"}`.
public struct ParseFile: Sendable, Hashable, CustomStringConvertible {
    /// The stored name of the file (what the server keeps).
    public let name: String
    /// The URL the server generated for it; absent for a file nested in an Object or Array value
    /// that was saved without one.
    public let url: String?

    /// Creates a file reference.
    ///
    /// FILE-3: a name in a File value is any non-empty string (the upload rule applies to uploads only).
    /// - Throws: `missing-field` when the name is empty (the server answers 111 `This is not a valid File`; FILE-1).
    public init(name: String, url: String? = nil) throws(ParseWireError) {
        guard !name.isEmpty else {
            throw ParseWireError(.missingField, message: "a File needs a non-empty name; Parse Server answers 111 \"This is not a valid File\"")
        }
        self.name = name
        self.url = url
    }

    public var description: String { "File(\(name))" }
}
