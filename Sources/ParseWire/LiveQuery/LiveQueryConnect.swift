/// The members of a `connect` (`RequestSchema.connect`).
public struct LiveQueryConnect: Sendable, Hashable {
    /// The keys a client may present; the server accepts the connection when one of them matches a
    /// key it was configured with (`_validateKeys`), and grants the master key's rights for `masterKey`.
    public enum Key: String, Sendable, Hashable, CaseIterable {
        /// The JavaScript key.
        case javascriptKey
        /// The master key.
        case masterKey
        /// The client key (iOS, Android).
        case clientKey
        /// The Windows key.
        case windowsKey
        /// The REST API key.
        case restAPIKey
    }

    /// The application id (required).
    public var applicationId: String
    /// The keys sent, by name.
    public var keys: [Key: String]
    /// The session token of the user, when one is logged in.
    public var sessionToken: String?
    /// The installation id, which the server echoes in its replies.
    public var installationId: String?

    /// Creates a connect message.
    public init(applicationId: String, keys: [Key: String] = [:], sessionToken: String? = nil, installationId: String? = nil) {
        self.applicationId = applicationId
        self.keys = keys
        self.sessionToken = sessionToken
        self.installationId = installationId
    }

    init(walker: TapeWalker, members: [String: (keyIndex: Int, valueIndex: Int)]) throws(ParseWireError) {
        let what = "a connect"
        try walker.liveQueryRefuseOthers(members, allowed: ["op", "applicationId"] + Key.allCases.map(\.rawValue) + ["sessionToken", "installationId"], what: what)
        applicationId = try walker.liveQueryString(members, "applicationId", required: true, what: what)!
        var keys: [Key: String] = [:]
        for key in Key.allCases {
            if let secret = try walker.liveQueryString(members, key.rawValue, required: false, what: what) { keys[key] = secret }
        }
        self.keys = keys
        sessionToken = try walker.liveQueryString(members, "sessionToken", required: false, what: what)
        installationId = try walker.liveQueryString(members, "installationId", required: false, what: what)
    }
}
