import Foundation
import ParseSwift
import ParseWireConformance

/// Save bodies (context `update`), written the two ways Parse-Swift writes them.
///
/// A body of plain values is a record saved with `save()`: the SDK's `ParseEncoder` with the
/// object skip keys. A body holding any field operation is a `ParseOperation` saved with
/// `save()`: the SDK encodes it with its JSON encoder. Each value is set through a key path of
/// its own Swift type, as an app's declared property would be.
enum SaveBody {
    static func encode(_ tvn: TVNValue) throws -> String {
        guard case .map(let members) = tvn else {
            throw NotExpressible(reason: "a save body is a map of fields; Parse-Swift saves only ParseObjects")
        }
        try useClassName(of: tvn)
        if members.contains(where: { if case .operation = $0.value { true } else { false } }) {
            return try operationBody(members)
        }
        var record = Record()
        for member in members {
            let value = try SDKValue(member.value)
            switch (member.key, value) {
            case ("ACL", .acl(let acl)): record.ACL = acl
            case ("objectId", .string(let id)): record.objectId = id
            case ("createdAt", .date(let date)): record.createdAt = date
            case ("updatedAt", .date(let date)): record.updatedAt = date
            default: record.fields[member.key] = value
            }
        }
        return String(decoding: try Record.getEncoder().encode(record, skipKeys: .object), as: UTF8.self)
    }

    /// A field value as the SDK writes it inside a save body: the value of the one field of a record.
    static func encodeValue(_ value: SDKValue) throws -> String {
        var holder = Record()
        holder.fields["v"] = value
        let text = String(decoding: try Record.getEncoder().encode(holder, skipKeys: .object), as: UTF8.self)
        guard text.hasPrefix(#"{"v":"#), text.hasSuffix("}") else {
            throw GlueError("the SDK wrote the holder record as \(text.prefix(200))")
        }
        return String(text.dropFirst(5).dropLast())
    }

    /// Sets ``currentClassName`` to the one class of the records a value holds (embedded objects,
    /// relation operations): an app's record types each name one class.
    static func useClassName(of tvn: TVNValue) throws {
        var names = Set<String>()
        collectClassNames(tvn, into: &names)
        if containsUnsavedObject(tvn) {
            throw NotExpressible(reason: "an embedded object without objectId is saved by a request of its own before its parent (the SDK's collectChildren); no server here")
        }
        guard names.count <= 1 else {
            throw NotExpressible(reason: "records of several classes (\(names.sorted().joined(separator: ", "))) in one document; the adapter's one record type names one class at a time")
        }
        currentClassName = names.first ?? "Record"
    }

    private static func collectClassNames(_ tvn: TVNValue, into names: inout Set<String>) {
        switch tvn {
        case .array(let items): items.forEach { collectClassNames($0, into: &names) }
        case .map(let members), .unknownType(let members): members.forEach { collectClassNames($0.value, into: &names) }
        case .object(let object):
            names.insert(object.className)
            object.fields.forEach { collectClassNames($0.value, into: &names) }
        case .operation(let op): collectClassNames(op, into: &names)
        default: break
        }
    }

    private static func collectClassNames(_ op: TVNOperation, into names: inout Set<String>) {
        switch op {
        case .addRelation, .removeRelation: break
        case .add(let items), .addUnique(let items), .remove(let items): items.forEach { collectClassNames($0, into: &names) }
        case .batch(let ops): ops.forEach { collectClassNames($0, into: &names) }
        case .increment, .delete: break
        }
    }

    private static func operationBody(_ members: TVNList<TVNMember>) throws -> String {
        var operation = Record().operation
        for member in members {
            let key = member.key
            switch member.value {
            case .operation(let op): operation = try apply(op, key: key, to: operation)
            case .null: operation = operation.forceSet((key, \Record.[string: key]), to: nil)
            case .acl(let grants) where key == "ACL": operation = operation.set((key, \Record.ACL), to: SDKValue.makeACL(grants))
            default: operation = set(try SDKValue(member.value), key: key, on: operation)
            }
        }
        return String(decoding: try Record.getJSONEncoder().encode(operation), as: UTF8.self)
    }

    private static func set(_ value: SDKValue, key: String, on op: ParseOperation<Record>) -> ParseOperation<Record> {
        switch value {
        case .null: return op.forceSet((key, \Record.[string: key]), to: nil)
        case .bool(let v): return op.set((key, \Record.[bool: key]), to: v)
        case .int(let v): return op.set((key, \Record.[int: key]), to: v)
        case .double(let v): return op.set((key, \Record.[double: key]), to: v)
        case .string(let v): return op.set((key, \Record.[string: key]), to: v)
        case .array(let v): return op.set((key, \Record.[array: key]), to: v)
        case .map(let v), .unknownType(let v): return op.set((key, \Record.[map: key]), to: v)
        case .date(let v): return op.set((key, \Record.[date: key]), to: v)
        case .bytes(let v): return op.set((key, \Record.[bytes: key]), to: v)
        case .pointer(let v): return op.set((key, \Record.[pointer: key]), to: v)
        case .relation(let v): return op.set((key, \Record.[relation: key]), to: v)
        case .geoPoint(let v): return op.set((key, \Record.[geoPoint: key]), to: v)
        case .file(let v): return op.set((key, \Record.[file: key]), to: v)
        case .polygon(let v): return op.set((key, \Record.[polygon: key]), to: v)
        case .object(let v): return op.set((key, \Record.[object: key]), to: v)
        case .acl(let v): return op.set((key, \Record.[acl: key]), to: v)
        }
    }

    private static func containsUnsavedObject(_ tvn: TVNValue) -> Bool {
        switch tvn {
        case .array(let items): return items.contains(where: containsUnsavedObject)
        case .map(let members), .unknownType(let members): return members.contains { containsUnsavedObject($0.value) }
        case .object(let object): return object.objectId == nil || object.fields.contains { containsUnsavedObject($0.value) }
        case .operation(let op): return containsUnsavedObject(op)
        default: return false
        }
    }

    private static func containsUnsavedObject(_ op: TVNOperation) -> Bool {
        switch op {
        case .add(let items), .addUnique(let items), .remove(let items): return items.contains(where: containsUnsavedObject)
        case .batch(let ops): return ops.contains(where: containsUnsavedObject)
        case .increment, .delete, .addRelation, .removeRelation: return false
        }
    }

    /// Runs `body` with the records a relation operation names. The SDK turns them into Pointers
    /// at once, with the class their Swift type names: ``currentClassName`` is that class meanwhile.
    private static func withRecords<R>(_ pointers: [TVNPointer], _ body: ([Record]) throws -> R) throws -> R {
        let classes = Set(pointers.map(\.className))
        guard classes.count <= 1 else {
            throw NotExpressible(reason: "a relation operation on records of several classes (\(classes.sorted().joined(separator: ", "))); the SDK's addRelation/removeRelation take objects of one Swift type")
        }
        let previous = currentClassName
        defer { currentClassName = previous }
        currentClassName = classes.first ?? previous
        return try body(pointers.map {
            var record = Record()
            record.objectId = $0.objectId
            return record
        })
    }

    private static func apply(_ op: TVNOperation, key: String, to operation: ParseOperation<Record>) throws -> ParseOperation<Record> {
        switch op {
        case .increment(let text):
            if let amount = Int(text) { return operation.increment(key, by: amount) }
            return operation.increment(key, by: Double(text) ?? .nan)
        case .add(let items): return operation.add(key, objects: try items.map(SDKValue.init))
        case .addUnique(let items): return operation.addUnique(key, objects: try items.map(SDKValue.init))
        case .remove(let items): return operation.remove(key, objects: try items.map(SDKValue.init))
        case .addRelation(let pointers): return try withRecords(pointers) { try operation.addRelation(key, objects: $0) }
        case .removeRelation(let pointers): return try withRecords(pointers) { try operation.removeRelation(key, objects: $0) }
        case .delete: return operation.unset(key)
        case .batch(let ops): return operation.batch(key, operations: try batch(ops))
        }
    }

    /// A `ParseOperationBatch` of the SDK's own operation types, in order.
    private static func batch(_ ops: TVNList<TVNOperation>) throws -> ParseOperationBatch {
        var batch = ParseOperationBatch(operations: [ParseOperationDelete]())
        for op in ops {
            switch op {
            case .increment(let text):
                if let amount = Int(text) {
                    batch = batch.appendOperations(operations: [ParseOperationIncrement(amount: amount)])
                } else {
                    batch = batch.appendOperations(operations: [ParseOperationIncrementDouble(amount: Double(text) ?? .nan)])
                }
            case .add(let items): batch = batch.appendOperations(operations: [ParseOperationAdd(objects: try items.map(SDKValue.init))])
            case .addUnique(let items):
                batch = batch.appendOperations(operations: [ParseOperationAddUnique(objects: try items.map(SDKValue.init))])
            case .remove(let items): batch = batch.appendOperations(operations: [ParseOperationRemove(objects: try items.map(SDKValue.init))])
            case .addRelation(let pointers):
                batch = batch.appendOperations(operations: [try withRecords(pointers) { try ParseOperationAddRelation(objects: $0) }])
            case .removeRelation:
                throw NotExpressible(reason: "ParseOperationRemoveRelation has no public initialiser, so a Batch cannot hold one")
            case .delete: batch = batch.appendOperations(operations: [ParseOperationDelete()])
            case .batch(let inner): batch = batch.appendOperations(operations: [try self.batch(inner)])
            }
        }
        return batch
    }
}

/// The adapter's own glue failed (answered `errored`).
struct GlueError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
