import Foundation
@testable import ParseSwift
import ParseWireConformance

/// REST messages (context `message`) read with the response types Parse-Swift decodes them into.
/// They are internal to the SDK; a debug build of it is compiled for testing, so
/// `@testable import` reaches them. Each is decoded with `ParseCoding.jsonDecoder()`, the decoder
/// the SDK's commands use.
enum Messages {
    /// `kind` is the message's name in the corpus (`find-response`, …).
    static func decode(_ kind: String, className: String?, data: Data) throws -> TVNValue {
        let decoder = ParseCoding.jsonDecoder()
        let className = className ?? "Record"
        switch kind {
        case "find-response":
            // Query.findCommand and countCommand (Types/Query.swift) decode QueryResponse<T>.
            let response = try decoder.decode(QueryResponse<Record>.self, from: data)
            var members = [TVNMember("results", .array(try response.results.map { .object(try $0.tvnObject(className: className)) }))]
            if let count = response.count { members.append(TVNMember("count", .number(String(count)))) }
            return .map(members)
        case "save-response":
            // A create reads CreateResponse (API+Command.swift, create); an update UpdateResponse.
            // The message does not say which request it answers, so the create's reading is tried first.
            // Only what the response type holds is reported: the SDK keeps no other member.
            do {
                let created = try decoder.decode(CreateResponse.self, from: data)
                return .object(TVNObject(className: className, objectId: created.objectId,
                                         createdAt: try SDKValue.epochMs(created.createdAt)))
            } catch let createError {
                guard let updated = try? decoder.decode(UpdateResponse.self, from: data) else { throw createError }
                return .object(TVNObject(className: className, updatedAt: try SDKValue.epochMs(updated.updatedAt)))
            }
        case "error":
            return try errorValue(decoder.decode(ParseError.self, from: data), wire: data)
        case "batch-response":
            // Saving objects in a batch decodes [BatchResponseItem<BatchResponse>] (API+Command.swift).
            let items = try decoder.decode([BatchResponseItem<BatchResponse>].self, from: data)
            return .array(try items.map { item in
                var members: [TVNMember] = []
                if let success = item.success {
                    // What BatchResponse holds; its dates (read with the SDK's date strategy) are
                    // given as the SDK's own date formatter writes them.
                    var fields: [TVNMember] = []
                    if let objectId = success.objectId { fields.append(TVNMember("objectId", .string(objectId))) }
                    if let date = success.createdAt { fields.append(TVNMember("createdAt", .string(ParseCoding.dateFormatter.string(from: date)))) }
                    if let date = success.updatedAt { fields.append(TVNMember("updatedAt", .string(ParseCoding.dateFormatter.string(from: date)))) }
                    if let token = success.sessionToken { fields.append(TVNMember("sessionToken", .string(token))) }
                    members.append(TVNMember("success", .map(fields)))
                }
                if let error = item.error { members.append(TVNMember("error", try errorValue(error, wire: nil))) }
                return .map(members)
            })
        case "function-response":
            // ParseCloudable.runFunction decodes AnyResultResponse<ReturnType>; the adapter's
            // ReturnType is the field value an app would declare.
            let response = try decoder.decode(AnyResultResponse<SDKValue>.self, from: data)
            return .map([TVNMember("result", try response.result.tvn())])
        case "batch-request":
            throw NotExpressible(reason: "Parse-Swift never reads a batch request; it only writes one")
        default:
            throw NotExpressible(reason: "no Parse-Swift type reads the message \(kind)")
        }
    }

    /// A `ParseError` as TVN: its code (the SDK holds `otherCause`, -1, when the body has none) and
    /// its text. The SDK keeps the text in `message` whichever member it came from (`error` first,
    /// then `message`, ParseError.swift `init(from:)`); the member is named after the one the body
    /// holds so that the text is compared, not the adapter's guess of a name.
    private static func errorValue(_ error: ParseError, wire: Data?) throws -> TVNValue {
        let code = error.otherCode ?? error.code.rawValue
        var textKey = "error"
        if let wire, let object = try? JSONSerialization.jsonObject(with: wire) as? [String: Any], !(object["error"] is String) {
            textKey = "message"
        }
        return .map([TVNMember("code", .number(String(code))), TVNMember(textKey, .string(error.message))])
    }
}
