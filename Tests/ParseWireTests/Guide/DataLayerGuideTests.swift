import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ParseWire
import SeedModels
import Testing
import TestSupport

// The data layer of the article `ParseWire.docc/DataLayer.md`, as written there (a test below
// checks that every Swift block of the article is in this file, line for line).

/// The server's answer to a request that failed: its error body.
struct ParseServerError: Error {
    let status: Int
    let body: ParseErrorResponse
}

/// One call per REST request, models in and out.
struct ParseClient {
    let server: URL                 // https://example.com/parse
    let applicationId: String
    let session: URLSession
    var sessionToken: String?

    /// Sends one request and returns the body of a success; an error status throws the server's error.
    func send(_ method: String, _ path: String, body: Data? = nil, query: [URLQueryItem] = []) async throws -> Data {
        var components = URLComponents(url: server.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.httpBody = body
        request.setValue(applicationId, forHTTPHeaderField: "X-Parse-Application-Id")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let sessionToken { request.setValue(sessionToken, forHTTPHeaderField: "X-Parse-Session-Token") }
        let (data, response) = try await session.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw ParseServerError(status: status, body: try ParseErrorResponse(decoding: data))
        }
        return data
    }

    /// `POST /classes/C`: the save body, then the new id and timestamps merged into the object.
    func create<T: ParseObject>(_ object: inout T) async throws {
        let body = try ParseWireEncoder().encode(object, as: .saveBody)
        let data = try await send("POST", "classes/\(T.className)", body: body)
        try ParseSaveResponse(className: T.className, decoding: data).merge(into: &object)
    }

    /// `PUT /classes/C/id` with an update body (operations allowed); what the server computed is merged.
    func update<T: ParseObject, Changes: Encodable>(_ object: inout T, with changes: Changes) async throws {
        let body = try ParseWireEncoder().encode(changes, as: .updateBody)
        let data = try await send("PUT", "classes/\(T.className)/\(try object.toPointer().objectId)", body: body)
        try ParseSaveResponse(className: T.className, decoding: data).merge(into: &object)
    }

    /// `GET /classes/C/id`, with the Pointer fields to include.
    func fetch<T: ParseObject>(_ type: T.Type, objectId: String, include: [String] = []) async throws -> T {
        let query = include.isEmpty ? [] : [URLQueryItem(name: "include", value: include.joined(separator: ","))]
        let data = try await send("GET", "classes/\(T.className)/\(objectId)", query: query)
        return try ParseWireDecoder().decode(T.self, from: data, as: .fetchedObject)
    }

    /// A find, sent as `POST` with `"_method":"GET"` so that a long `where` fits.
    func find<T: ParseObject>(_ query: ParseQuery, as type: T.Type) async throws -> ParseQueryResults<T> {
        let data = try await send("POST", "classes/\(query.className)", body: query.findRequestData(includingMethod: true))
        return try ParseWireDecoder().decode(ParseQueryResults<T>.self, from: data, as: .fetchedObject)
    }

    /// `POST /batch`: one outcome per request, in order.
    func batch(_ requests: ParseBatchRequest) async throws -> ParseBatchResponse {
        try ParseBatchResponse(decoding: try await send("POST", "batch", body: requests.encodedData()))
    }

    /// `DELETE /classes/C/id`.
    func delete<T: ParseObject>(_ object: T) async throws {
        _ = try await send("DELETE", "classes/\(T.className)/\(try object.toPointer().objectId)")
    }
}

/// Answers every request from a table of recorded parse-server responses, and keeps the requests.
final class RecordedServer: URLProtocol {
    struct Exchange: Sendable {
        let method: String
        let path: String
        let status: Int
        let response: String
    }

    struct Sent: Sendable, Equatable {
        let method: String
        let path: String
        let query: String?
        let body: String?
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var script: [Exchange] = []
    nonisolated(unsafe) private static var sent: [Sent] = []

    /// Runs `body` with `exchanges` as the server's script; returns what was sent. One at a time.
    static func serve(_ exchanges: [Exchange], _ body: (URLSession) async throws -> Void) async throws -> [Sent] {
        lock.withLock { script = exchanges; sent = [] }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [RecordedServer.self]
        try await body(URLSession(configuration: configuration))
        return lock.withLock { sent }
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let url = request.url!
        let method = request.httpMethod ?? "GET"
        var body = request.httpBody
        if body == nil, let stream = request.httpBodyStream {
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            stream.open()
            while stream.hasBytesAvailable {
                let count = stream.read(&buffer, maxLength: buffer.count)
                if count <= 0 { break }
                data.append(buffer, count: count)
            }
            stream.close()
            body = data
        }
        let exchange = Self.lock.withLock {
            Self.sent.append(Sent(method: method, path: url.path, query: url.query, body: body.map { String(decoding: $0, as: UTF8.self) }))
            return Self.script.first { $0.method == method && $0.path == url.path }
        }
        guard let exchange else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        let response = HTTPURLResponse(url: url, statusCode: exchange.status, httpVersion: "HTTP/1.1",
                                       headerFields: ["Content-Type": "application/json; charset=utf-8"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(exchange.response.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

@Suite("The data layer guide", .serialized)
struct DataLayerGuideTests {
    static let created = "2022-01-01T12:23:45.678Z"

    @Test("create, update with operations, fetch with include, query with $relatedTo, batch, delete, and an error")
    func wholeLife() async throws {
        // What parse-server answers to each request (the shapes of Vectors/cases/messages).
        let script: [RecordedServer.Exchange] = [
            .init(method: "POST", path: "/parse/classes/Recipe", status: 201, response: #"{"objectId":"r1","createdAt":"\#(Self.created)"}"#),
            .init(method: "PUT", path: "/parse/classes/Recipe/r1", status: 200, response: #"{"updatedAt":"2022-01-02T00:00:00.000Z","servings":6}"#),
            .init(method: "GET", path: "/parse/classes/Book/b1", status: 200, response: #"{"objectId":"b1","createdAt":"\#(Self.created)","updatedAt":"\#(Self.created)","title":"Dune","publishingYear":1965,"genre":{"__type":"Object","className":"Genre","objectId":"g1","createdAt":"\#(Self.created)","updatedAt":"\#(Self.created)","name":"Science fiction"},"isbn":{"__type":"Pointer","className":"ISBN","objectId":"i1"},"authors":{"__type":"Relation","className":"Author"},"publishers":{"__type":"Relation","className":"Publisher"}}"#),
            .init(method: "POST", path: "/parse/classes/Author", status: 200, response: #"{"results":[{"objectId":"a1","createdAt":"\#(Self.created)","updatedAt":"\#(Self.created)","name":"Frank Herbert"}]}"#),
            .init(method: "POST", path: "/parse/batch", status: 200, response: #"[{"success":{}},{"error":{"code":101,"error":"Object not found."}}]"#),
            .init(method: "DELETE", path: "/parse/classes/Recipe/r1", status: 200, response: "{}"),
            .init(method: "GET", path: "/parse/classes/Recipe/missing", status: 404, response: #"{"code":101,"error":"Object not found."}"#),
        ]
        var soup = Recipe(name: "Tomato soup", servings: 4, price: 12.5, isAvailable: true, category: .lunch,
                          ingredients: [Ingredient(quantity: 6, description: "tomatoes")], sideOptions: ["bread"],
                          nutritionalInfo: ["calories": "180"], releaseDate: try ParseDate(isoString: Self.created).date)
        var book: Book?
        var authors: ParseQueryResults<Author>?
        var outcomes: ParseBatchResponse?
        var missing: ParseServerError?
        let sent = try await RecordedServer.serve(script) { session in
            let parse = ParseClient(server: URL(string: "https://example.com/parse")!, applicationId: "app", session: session)
            // From DataLayer.md, "Using it":
            try await parse.create(&soup)                                            // soup.objectId == "r1"
            struct MoreServings: Encodable { var servings: FieldOperation }
            try await parse.update(&soup, with: MoreServings(servings: .increment(2)))  // soup.servings == 6
            book = try await parse.fetch(Book.self, objectId: "b1", include: ["genre"])  // book.genre.included?.name
            var related = try ParseQuery(className: "Author")
            related.relatedTo(try ParsePointer(className: "Book", objectId: "b1"), key: "authors")
            authors = try await parse.find(related, as: Author.self)
            outcomes = try await parse.batch(ParseBatchRequest(requests: [
                .init(method: .delete, path: "/parse/classes/Item/i1"),
                .init(method: .delete, path: "/parse/classes/Item/i2"),
            ]))
            try await parse.delete(soup)
            do {
                _ = try await parse.fetch(Recipe.self, objectId: "missing")
            } catch let error as ParseServerError {
                missing = error                                                      // 404, code 101
            }
        }
        #expect(soup.objectId == "r1" && soup.servings == 6)
        #expect(soup.createdAt == (try ParseDate(isoString: Self.created).date))
        #expect(soup.updatedAt == (try ParseDate(isoString: "2022-01-02T00:00:00.000Z").date))
        #expect(book?.title == "Dune" && book?.genre.objectId == "g1" && book?.genre.included?.name == "Science fiction")
        #expect(authors?.results.map(\.name) == ["Frank Herbert"])
        #expect(outcomes?.items == [.success([:]), .failure(ParseErrorResponse(code: 101, message: "Object not found."))])
        #expect(missing?.status == 404 && missing?.body.code == 101)
        // What the layer sent: the canonical bodies, the include, the find request.
        let saveBody = try ParseWireEncoder().encodeString(Recipe(name: "Tomato soup", servings: 4, price: 12.5, isAvailable: true, category: .lunch,
                                                                  ingredients: [Ingredient(quantity: 6, description: "tomatoes")], sideOptions: ["bread"],
                                                                  nutritionalInfo: ["calories": "180"], releaseDate: try ParseDate(isoString: Self.created).date), as: .saveBody)
        #expect(sent == [
            .init(method: "POST", path: "/parse/classes/Recipe", query: nil, body: saveBody),
            .init(method: "PUT", path: "/parse/classes/Recipe/r1", query: nil, body: #"{"servings":{"__op":"Increment","amount":2}}"#),
            .init(method: "GET", path: "/parse/classes/Book/b1", query: "include=genre", body: nil),
            .init(method: "POST", path: "/parse/classes/Author", query: nil,
                  body: #"{"_method":"GET","where":{"$relatedTo":{"object":{"__type":"Pointer","className":"Book","objectId":"b1"},"key":"authors"}}}"#),
            .init(method: "POST", path: "/parse/batch", query: nil,
                  body: #"{"requests":[{"method":"DELETE","path":"/parse/classes/Item/i1"},{"method":"DELETE","path":"/parse/classes/Item/i2"}]}"#),
            .init(method: "DELETE", path: "/parse/classes/Recipe/r1", query: nil, body: nil),
            .init(method: "GET", path: "/parse/classes/Recipe/missing", query: nil, body: nil),
        ])
    }

    @Test("every Swift block of the DataLayer article is in this file, line for line")
    func articleMatchesThisFile() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = RepositoryPaths.root
        let article = try String(contentsOf: root.appendingPathComponent("Sources/ParseWire/ParseWire.docc/DataLayer.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        // Lines compared without their indentation, blank lines left out on both sides.
        let sourceLines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count >= 2)
        for block in blocks {
            let lines = block.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let found = sourceLines.indices.contains { start in
                start + lines.count <= sourceLines.count && zip(lines, sourceLines[start...]).allSatisfy { $0 == $1 }
            }
            #expect(found, "not in \(here.lastPathComponent): \(lines.first ?? "")")
        }
    }
}
