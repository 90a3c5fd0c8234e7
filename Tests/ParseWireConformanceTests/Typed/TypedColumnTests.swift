import Foundation
import Testing
import ParseWire
@testable import ParseWireConformance

@Suite("Typed records: columns and the schema types they enforce")
struct TypedColumnTests {
    typealias Book = SeedRecords.Book

    func decodeBook(_ text: String, as mode: ParseWireMode) -> Result<Book, ParseWireError> {
        Result { try ParseWireDecoder().decode(Book.self, from: text, as: mode) }.mapError(TypedReference.wireError)
    }

    @Test("an update body keeps absent, null, a value and Delete apart, and writes each back")
    func fourStates() throws {
        let body = #"{"title":null,"publishingYear":{"__op":"Delete"},"isbn":{"__type":"Pointer","className":"ISBN","objectId":"i1"}}"#
        let book = try decodeBook(body, as: .updateBody).get()
        guard case .null = book.title, case .operation(.delete) = book.publishingYear, case .absent = book.genre,
              case .value(let isbn) = book.isbn else {
            Issue.record("read as \(book)")
            return
        }
        #expect(isbn.objectId == "i1")
        let written = try ParseWireEncoder().encodeString(book, as: .updateBody)
        #expect(written == body)
    }

    @Test("an operation that does not suit the column is refused with 111", arguments: [
        #"{"title":{"__op":"Increment","amount":1}}"#,
        #"{"publishingYear":{"__op":"AddUnique","objects":[1]}}"#,
        #"{"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Publisher","objectId":"p1"}]}}"#,
        #"{"authors":{"__op":"Batch","ops":[{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Genre","objectId":"g1"}]}]}}"#,
        #"{"genre":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Genre","objectId":"g1"}]}}"#,
    ])
    func unsuitableOperation(body: String) {
        let result = decodeBook(body, as: .updateBody)
        guard case .failure(let error) = result else {
            Issue.record("accepted \(body)")
            return
        }
        #expect(error.kind == .wrongFieldType)
        #expect(error.parseCode == 111)
        #expect(error.path == "$." + body.dropFirst(2).prefix { $0 != "\"" })
    }

    @Test("operations that suit their columns are read", arguments: [
        #"{"publishingYear":{"__op":"Increment","amount":-2}}"#,
        #"{"authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}"#,
        #"{"publishers":{"__op":"Batch","ops":[{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Publisher","objectId":"p1"}]}]}}"#,
        #"{"title":{"__op":"Delete"}}"#,
    ])
    func suitableOperation(body: String) throws {
        let book = try decodeBook(body, as: .updateBody).get()
        #expect(try ParseWireEncoder().encodeString(book, as: .updateBody) == body)
    }

    @Test("an operation in a fetched object is refused by the bridge")
    func operationOutsideBody() {
        let result = decodeBook(#"{"objectId":"x1","publishingYear":{"__op":"Increment","amount":1}}"#, as: .fetchedObject)
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        #expect(error.kind == .invalidOperation)
    }

    @Test("an operation suits the schema types parse-server infers for it")
    func inferredTypes() throws {
        let pointer = try ParsePointer(className: "Author", objectId: "a1")
        #expect(SchemaType.number.refusal(of: .increment(ParseNumber(Int64(1)))) == nil)
        #expect(SchemaType.array.refusal(of: .remove([.string("x")])) == nil)
        #expect(SchemaType.relation("Author").refusal(of: .addRelation([pointer])) == nil)
        #expect(SchemaType.relation("Book").refusal(of: .addRelation([pointer])) != nil)
        #expect(SchemaType.date.refusal(of: .delete) == nil)
        #expect(SchemaType.acl.refusal(of: .increment(ParseNumber(Int64(1))))?.kind == .wrongFieldType)
    }

    @Test("the adapter answer of the typed reference: a value, a rejection, a written record")
    func adapterAnswers() throws {
        func request(_ operation: AdapterOperation, _ payload: AdapterRequest.Payload, _ context: WireContext) -> AdapterRequest {
            AdapterRequest(operation: operation, seq: 1, id: "TEST00", payload: payload, context: context)
        }
        let fetched = #"{"objectId":"x1","createdAt":"2022-01-01T00:00:00.000Z","title":"Dune"}"#
        let decoded = TypedReference.answer(request(.decode, .wire(.text(fetched)), .object(className: "Book")), recordClass: "Book")
        guard case .value(let value) = decoded else {
            Issue.record("answered \(decoded)")
            return
        }
        #expect(value.jsonText.contains(#""title":{"string":"Dune"}"#))
        let refused = TypedReference.answer(request(.decode, .wire(.text(#"{"title":1}"#)), .update), recordClass: "Book")
        guard case .rejected(let kind, _, _) = refused else {
            Issue.record("answered \(refused)")
            return
        }
        #expect(kind == "wrong-field-type")
        let encoded = TypedReference.answer(request(.encode, .value(value), .object(className: "Book")), recordClass: "Book")
        #expect(encoded == .wire(fetched))
        let unknown = TypedReference.answer(request(.decode, .wire(.text("{}")), .update), recordClass: "Nope")
        guard case .skipped = unknown else {
            Issue.record("answered \(unknown)")
            return
        }
    }
}
