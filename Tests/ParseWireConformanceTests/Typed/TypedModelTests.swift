import Foundation
import Testing
import CorpusModels
import ParseWire
@testable import ParseWireConformance

@Suite("Typed records: generated models, the keys they cannot hold, and the schema types they enforce")
struct TypedModelTests {
    func codec(_ mode: ParseWireMode, className: String = "Book") -> TypedReference.Codec {
        TypedReference.Codec(className: className, context: mode == .fetchedObject ? .object(className: className) : .update, mode: mode)!
    }

    func decodeBook(_ text: String, as mode: ParseWireMode) -> Result<TypedRecord, ParseWireError> {
        codec(mode).decode(Array(text.utf8))
    }

    func written(_ record: TypedRecord, as mode: ParseWireMode, className: String = "Book") throws -> String {
        String(decoding: try codec(mode, className: className).encode(record).get(), as: UTF8.self)
    }

    @Test("an update body keeps absent, null, a value and Delete apart, and writes each back")
    func fourStates() throws {
        let body = #"{"title":null,"publishingYear":{"__op":"Delete"},"isbn":{"__type":"Pointer","className":"ISBN","objectId":"i1"}}"#
        let record = try decodeBook(body, as: .updateBody).get()
        #expect(record.marks.map(\.key) == ["title", "publishingYear"])
        #expect(record.marks.first?.value == .null)
        guard let book = record.model as? CorpusModels.Book else {
            Issue.record("read into \(type(of: record.model))")
            return
        }
        #expect(book.title == nil && book.publishingYear == nil && book.genre == nil)
        #expect(book.isbn?.objectId == "i1")
        #expect(try written(record, as: .updateBody) == body)
    }

    @Test("a body without null or operations is written by the model alone")
    func plainBody() throws {
        let body = #"{"title":"Dune","publishingYear":1965}"#
        let record = try decodeBook(body, as: .updateBody).get()
        #expect(record.marks.isEmpty)
        #expect(try written(record, as: .updateBody) == body)
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

    @Test("operations that suit their columns are read and written back", arguments: [
        #"{"publishingYear":{"__op":"Increment","amount":-2}}"#,
        #"{"title":"Dune","authors":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Author","objectId":"a1"}]}}"#,
        #"{"publishers":{"__op":"Batch","ops":[{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"Publisher","objectId":"p1"}]}]}}"#,
        #"{"ACL":{"__op":"Delete"},"title":{"__op":"Delete"}}"#,
    ])
    func suitableOperation(body: String) throws {
        let record = try decodeBook(body, as: .updateBody).get()
        #expect(!record.marks.isEmpty)
        #expect(try written(record, as: .updateBody) == body)
    }

    @Test("a value of another type than the column's is refused by the model's reading")
    func wrongType() {
        let result = decodeBook(#"{"publishingYear":"1965"}"#, as: .updateBody)
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        #expect(error.kind == .wrongFieldType)
    }

    @Test("an operation in a fetched object is refused")
    func operationOutsideBody() {
        let result = decodeBook(#"{"objectId":"x1","publishingYear":{"__op":"Increment","amount":1}}"#, as: .fetchedObject)
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        #expect(error.kind == .invalidOperation)
    }

    @Test("a defect in a key the class does not declare is seen")
    func undeclaredKey() {
        let result = decodeBook(#"{"objectId":"x1","t-itle":"Dune"}"#, as: .fetchedObject)
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        #expect(error.kind == .invalidFieldName)
    }

    @Test("a fetched object gives back null and the object included in place of a Pointer")
    func fetchedNullAndIncluded() throws {
        let fetched = #"{"objectId":"b1","title":null,"genre":{"__type":"Object","className":"Genre","objectId":"g1","name":"Fiction"}}"#
        let record = try decodeBook(fetched, as: .fetchedObject).get()
        #expect(record.marks.map(\.key) == ["title"])
        #expect(try written(record, as: .fetchedObject) == fetched)
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
