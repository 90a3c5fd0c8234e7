import Foundation
@testable import ParseSwift
import ParseWireConformance

/// A save body (context `update`) as Parse-Swift reads one: each member a field value the SDK's
/// types decode (``SDKValue``), the `ACL` a `ParseACL`, and each `__op` member one of the SDK's
/// public `ParseOperationable` types, all `Codable`.
///
/// The SDK never dispatches on `__op` itself (an app names the operation type it expects), so the
/// adapter picks the type the `__op` names, as it picks the type a `__type` names for a value;
/// `__op` itself is read by the SDK's `ParseOperationCommand`, which refuses a name it lacks.
///
/// `objectId`, `createdAt` and `updatedAt` are the record's own properties, read as a record reads
/// them (`String`, `Date`) and not fields: the SDK never writes them in a save body (ParseEncoder's
/// object skip keys), so the body's value holds only the fields and the `ACL`.
struct SaveBodyReading: Decodable {
    var members: [String: Member] = [:]
    var objectId: String?
    var createdAt: Date?
    var updatedAt: Date?

    enum Member {
        case value(SDKValue)
        case acl(ParseACL)
        case operation(SDKOperation)
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        for key in container.allKeys {
            switch key.stringValue {
            case "objectId": objectId = try container.decodeIfPresent(String.self, forKey: key); continue
            case "createdAt": createdAt = try container.decodeIfPresent(Date.self, forKey: key); continue
            case "updatedAt": updatedAt = try container.decodeIfPresent(Date.self, forKey: key); continue
            default: break
            }
            if let probe = try? container.decode(OperationProbe.self, forKey: key), probe.namesOperation {
                members[key.stringValue] = .operation(try container.decode(SDKOperation.self, forKey: key))
            } else if key.stringValue == "ACL" {
                // A record's ACL property is a ParseACL (an unset is the operation above): nothing
                // else is read there.
                members[key.stringValue] = try container.decodeIfPresent(ParseACL.self, forKey: key).map(Member.acl) ?? .value(.null)
            } else {
                members[key.stringValue] = .value(try container.decode(SDKValue.self, forKey: key))
            }
        }
    }

    /// The body in TVN: operations as `op` values.
    func tvn() throws -> TVNValue {
        .map(try members.map { key, member in
            switch member {
            case .value(let value): return TVNMember(key, try value.tvn())
            case .acl(let acl): return TVNMember(key, .acl(try SDKValue.grants(acl)))
            case .operation(let op): return TVNMember(key, .operation(try op.tvn()))
            }
        })
    }
}

/// Whether a member is a map with an `__op` member (what makes it an operation, not a value).
private struct OperationProbe: Decodable {
    let namesOperation: Bool
    init(from decoder: Decoder) throws {
        namesOperation = try decoder.container(keyedBy: FieldKey.self).contains(FieldKey("__op"))
    }
}

/// One field operation, held as the SDK's own operation type.
indirect enum SDKOperation: Decodable {
    case increment(ParseOperationIncrement)
    case incrementDouble(ParseOperationIncrementDouble)
    case add(ParseOperationAdd<SDKValue>)
    case addUnique(ParseOperationAddUnique<SDKValue>)
    case remove(ParseOperationRemove<SDKValue>)
    case addRelation(ParseOperationAddRelation<Record>)
    case removeRelation(ParseOperationRemoveRelation<Record>)
    case delete(ParseOperationDelete)
    /// `ParseOperationBatch` keeps its operations type-erased (`AnyCodable`); each is read again as
    /// the operation type its `__op` names, as the batch's own members would be.
    case batch(ParseOperationBatch, [SDKOperation])

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: FieldKey.self)
        switch try container.decode(ParseOperationCommand.self, forKey: FieldKey("__op")) {
        case .increment:
            // An app declares an Int or a Double counter; an amount that is not an Int is a Double.
            if let amount = try? ParseOperationIncrement(from: decoder) {
                self = .increment(amount)
            } else {
                self = .incrementDouble(try ParseOperationIncrementDouble(from: decoder))
            }
        case .add: self = .add(try ParseOperationAdd<SDKValue>(from: decoder))
        case .addUnique: self = .addUnique(try ParseOperationAddUnique<SDKValue>(from: decoder))
        case .remove: self = .remove(try ParseOperationRemove<SDKValue>(from: decoder))
        case .addRelation: self = .addRelation(try ParseOperationAddRelation<Record>(from: decoder))
        case .removeRelation: self = .removeRelation(try ParseOperationRemoveRelation<Record>(from: decoder))
        case .delete: self = .delete(try ParseOperationDelete(from: decoder))
        case .batch:
            let batch = try ParseOperationBatch(from: decoder)
            self = .batch(batch, try container.decode([SDKOperation].self, forKey: FieldKey("ops")))
        }
    }

    func tvn() throws -> TVNOperation {
        switch self {
        case .increment(let op): return .increment(String(op.amount))
        case .incrementDouble(let op): return .increment(try SDKValue.numberText(op.amount))
        case .add(let op): return .add(try op.objects.map { try $0.tvn() })
        case .addUnique(let op): return .addUnique(try op.objects.map { try $0.tvn() })
        case .remove(let op): return .remove(try op.objects.map { try $0.tvn() })
        case .addRelation(let op): return .addRelation(op.objects.map { TVNPointer(className: $0.className, objectId: $0.objectId) })
        case .removeRelation(let op):
            return .removeRelation(op.objects.map { TVNPointer(className: $0.className, objectId: $0.objectId) })
        case .delete: return .delete
        case .batch(_, let ops): return .batch(try ops.map { try $0.tvn() })
        }
    }
}
