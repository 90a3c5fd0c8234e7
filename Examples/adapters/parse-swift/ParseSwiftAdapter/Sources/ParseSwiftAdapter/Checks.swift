import Foundation
@testable import ParseSwift
import ParseWireConformance

/// One check of the protocol, performed with the SDK.
enum Checks {
    /// The hello names the operations and contexts performed; the runner sends no other request,
    /// and one that came anyway would be answered as not performed.
    static let notHeld = "a find request is read by Query<T>'s init(from:) into type-erased constraints (AnyCodable) that the adapter cannot report as values; its reading is checked by roundtrip"

    /// Parse-Swift's LiveQuery client (ParseLiveQuery, a WebSocket task) is not driven by this adapter:
    /// the checks of the `livequery` context are unsupported, never read as values.
    static let liveQueryNotDriven = "this adapter drives Parse-Swift's REST paths only, not its ParseLiveQuery client"

    static func answer(_ request: AdapterRequest) -> AdapterAnswer {
        do {
            switch (request.operation, request.payload) {
            case (.decode, .wire(let input)):
                let data = try bytes(input)
                switch request.context {
                case .value:
                    return .value(try Record.getDecoder().decode(SDKValue.self, from: data).tvn())
                case .object(let className):
                    if let recordClass = request.recordClass {
                        guard let type = typedRecords[recordClass] else {
                            return .skipped(reason: "no record type for class \(recordClass)")
                        }
                        return .value(.object(try decodeTyped(type, from: data).tvn(className: className)))
                    }
                    return .value(.object(try Record.getDecoder().decode(Record.self, from: data).tvnObject(className: className)))
                case .update:
                    return .value(try Record.getDecoder().decode(SaveBodyReading.self, from: data).tvn())
                case .message(let kind, let className):
                    return .value(try Messages.decode(kind.rawValue, className: className, data: data))
                case .query:
                    return .skipped(reason: notHeld)
                case .liveQuery:
                    return .unsupported(reason: liveQueryNotDriven)
                }
            case (.roundtrip, .wire(let input)):
                switch request.context {
                case .value: break
                case .update:
                    // Read as the SDK reads a body, written as it writes one (the adapter's TVN of
                    // the SDK's values is only the hand-over between the two).
                    let body = try Record.getDecoder().decode(SaveBodyReading.self, from: try bytes(input))
                    return .wire(try SaveBody.encode(try body.tvn()))
                case .query:
                    // Query<T> is Codable: its own init(from:) reads the request, its encode(to:)
                    // writes the body a find sends (API+NonParseBodyCommand.swift encodes it with
                    // ParseCoding.jsonEncoder()).
                    let query = try ParseCoding.jsonDecoder().decode(Query<Record>.self, from: try bytes(input))
                    return .wire(String(decoding: try ParseCoding.jsonEncoder().encode(query), as: UTF8.self))
                case .object, .message:
                    return .skipped(reason: "not performed")
                case .liveQuery:
                    return .unsupported(reason: liveQueryNotDriven)
                }
                let value = try Record.getDecoder().decode(SDKValue.self, from: try bytes(input))
                if value.holdsUnsavedObject {
                    return .skipped(reason: "an embedded object without objectId is saved by a request of its own before its parent (the SDK's collectChildren); no server here")
                }
                let classes = value.embeddedClassNames
                guard classes.count <= 1 else {
                    throw NotExpressible(reason: "records of several classes (\(classes.sorted().joined(separator: ", "))) in one document; the adapter's one record type names one class at a time")
                }
                currentClassName = classes.first ?? "Record"
                return .wire(try SaveBody.encodeValue(value))
            case (.encode, .value(let tvn)):
                switch request.context {
                case .value:
                    try SaveBody.useClassName(of: tvn)
                    return .wire(try SaveBody.encodeValue(try SDKValue(tvn)))
                case .update:
                    return .wire(try SaveBody.encode(tvn))
                case .query:
                    let previous = currentClassName
                    defer { currentClassName = previous }
                    return .wire(try QueryBuilder.encode(tvn))
                case .object, .message:
                    return .skipped(reason: "not performed")
                case .liveQuery:
                    return .unsupported(reason: liveQueryNotDriven)
                }
            default:
                return .errored(message: "\(request.operation) with the wrong payload")
            }
        } catch let error as NotExpressible {
            // What an app cannot express with the SDK's API: unsupported, with what it lacks.
            return .unsupported(reason: error.reason)
        } catch let error as Unrepresentable {
            return .unrepresentable(reason: error.reason)
        } catch let error as GlueError {
            return .errored(message: error.description)
        } catch {
            let (kind, message) = ErrorKinds.classify(error)
            return .rejected(kind: kind, message: message)
        }
    }

    /// A fetched object read into the app's record type for its class.
    private static func decodeTyped<T: TypedRecord>(_ type: T.Type, from data: Data) throws -> TVNObjectParts {
        try T.getDecoder().decode(T.self, from: data).parts
    }

    private static func bytes(_ input: WireInput) throws -> Data {
        guard let bytes = input.bytes else { throw GlueError("wireBase64 is not base64") }
        return Data(bytes)
    }
}
