import Foundation
import ParseSwift
import ParseWireConformance

/// One check of the protocol, performed with the SDK.
enum Checks {
    /// The adapter claims neither the `query` nor the `message` capability, so the runner sends no
    /// such request; should one come, it is answered honestly as not performed.
    static let queryAndMessagesNotWired = "this adapter does not drive Parse-Swift's ParseQuery or its REST message types"

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
                    return .skipped(reason: "Parse-Swift does not read save bodies")
                case .query, .message:
                    return .skipped(reason: queryAndMessagesNotWired)
                }
            case (.roundtrip, .wire(let input)):
                guard request.context == .value else { return .skipped(reason: "Parse-Swift round-trips field values only") }
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
                case .object:
                    return .skipped(reason: "Parse-Swift does not write fetched objects")
                case .query, .message:
                    return .skipped(reason: queryAndMessagesNotWired)
                }
            default:
                return .errored(message: "\(request.operation) with the wrong payload")
            }
        } catch let error as NotExpressible {
            return .skipped(reason: error.reason)
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
