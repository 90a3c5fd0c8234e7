import ParseWire

/// The reference implementation (ParseWire) speaking the adapter protocol: what
/// `parse-wire adapter` runs, and what `parse-wire conformance` talks to in process when it is
/// given no adapter command.
///
/// Like any implementation it has one fixed configuration for the whole session. By default it
/// accepts every leniency ``ParseValueDecodingOptions`` knows, and its `hello` declares `accept` for them
/// (the reference's choices of `Vectors/INTERPRETING.md` §3); strict, it declares `reject` for
/// them. The number flags are always accepted: it keeps every number exactly.
package struct ReferenceAdapter: Sendable {
    /// The decoding options of the session.
    package let decoding: ParseValueDecodingOptions
    /// The implementation's answer to `hello`.
    package let hello: AdapterHello

    /// What the adapter does with one request line.
    package enum Reply: Sendable, Hashable {
        /// Write this line.
        case line(String)
        /// The session is over; exit.
        case stop
    }

    /// Creates the adapter.
    /// - Parameters:
    ///   - strict: Reject every leniency instead of accepting them all.
    ///   - capabilities: The tags to claim; those the reference cannot honour
    ///     (``ReferenceChecker/unclaimedCapabilities``, such as `typed-record`) are left out.
    package init(strict: Bool = false, capabilities: Set<String> = []) {
        var options = ParseValueDecodingOptions()
        var choices: [String: AdapterHello.Choice] = [:]
        for leniency in WireLeniency.allCases {
            if !strict { options.enable(leniency) }
            choices[leniency.flag] = strict ? .reject : .accept
        }
        decoding = options
        for flag in ReferenceChecker.alwaysAcceptedFlags { choices[flag] = .accept }
        hello = AdapterHello(name: "parse-wire", version: ReferenceAdapter.version, language: "swift",
                             operations: Set(AdapterOperation.allCases),
                             capabilities: capabilities.subtracting(ReferenceChecker.unclaimedCapabilities), choices: choices)
    }

    /// The version the reference reports in `hello`.
    package static let version = "0.1.0"

    /// Answers one request line.
    package func respond(to line: String) -> Reply {
        Self.reply(to: line, hello: hello, answer: answer)
    }

    /// The reply to one request line of an adapter that says `hello` and answers each check with
    /// `answer`; an unreadable line is answered as an error with sequence number 0.
    static func reply(to line: String, hello: AdapterHello, answer: (AdapterRequest) -> AdapterAnswer) -> Reply {
        let command: AdapterRequestLine
        do {
            command = try AdapterRequestLine.parse(line)
        } catch {
            return .line(AdapterAnswer.errored(message: "unreadable request: \(error)").line(seq: 0))
        }
        switch command {
        case .hello: return .line(hello.line)
        case .stop: return .stop
        case .check(let request): return .line(answer(request).line(seq: request.seq))
        }
    }

    /// Performs one check.
    package func answer(_ request: AdapterRequest) -> AdapterAnswer {
        var encoding = ParseValueEncodingOptions()
        encoding.writesUnknownTypes = decoding.preservesUnknownTypes
        encoding.queryLeniency = decoding.queryLeniency
        let encoder = ParseValueEncoder(options: encoding)
        do throws(ParseWireError) {
            switch request.payload {
            case .wire(let input):
                guard let bytes = input.bytes else { return .errored(message: "wireBase64 is not base64") }
                let value = try ParseValueDecoder(options: decoding).decode(bytes, context: request.context)
                if request.operation == .decode { return .value(TVNValue(value)) }
                guard request.operation == .roundtrip else { return .errored(message: "encode takes a value, not wire text") }
                return .wire(String(decoding: try encoder.encode(value, context: request.context), as: UTF8.self))
            case .value(let tvn):
                guard request.operation == .encode else { return .errored(message: "\(request.operation) takes wire text, not a value") }
                return .wire(String(decoding: try encoder.encode(try tvn.parseValue(), context: request.context), as: UTF8.self))
            }
        } catch {
            return .rejected(kind: error.kind.name, message: error.description, parseCode: error.parseCode)
        }
    }
}
