import Foundation
import ParseWire
import PropertyTestingSupport
import Testing

/// Any sequence of container calls that `JSONEncoder` accepts gives, with ``ParseWireEncoder``,
/// valid JSON holding the same data: random scripts of nested containers, scalars and repeated
/// keys, run against both encoders.
@Suite struct ContainerOrderProperties {
    /// One step of a script; which container and key it uses are choices, resolved against the
    /// containers the script has made so far.
    enum Step: CustomStringConvertible {
        case keyed(from: Int, key: Int)
        case unkeyed(from: Int, key: Int)
        case scalar(into: Int, key: Int, value: Int)

        var description: String {
            switch self {
            case .keyed(let from, let key): "keyed(from: \(from), key: \(key))"
            case .unkeyed(let from, let key): "unkeyed(from: \(from), key: \(key))"
            case .scalar(let into, let key, let value): "scalar(into: \(into), key: \(key), value: \(value))"
            }
        }
    }

    struct Script: Encodable, CustomStringConvertible {
        let steps: [Step]

        var description: String { steps.map(\.description).joined(separator: "; ") }

        /// What a key of a keyed container holds, as far as the script knows: a scalar, or the
        /// container with that number.
        enum Held { case scalar, keyed(Int), unkeyed(Int) }

        /// A container handle the script holds: keyed or unkeyed, and the number of the container
        /// it writes to (asking again for a key's container gives another handle to the same one).
        enum Handle {
            case keyed(KeyedEncodingContainer<Key>, Int)
            case unkeyed(any UnkeyedEncodingContainer)
        }

        struct Key: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
            var intValue: Int? { nil }
        }

        static let keys = ["a", "b", "c"]

        /// Runs the steps; a step `JSONEncoder` would refuse (a nested container over a scalar, or
        /// over a container of the other kind) is left out, the same way for every encoder.
        func encode(to encoder: any Encoder) throws {
            var handles: [Handle] = [.keyed(encoder.container(keyedBy: Key.self), 0)]
            var held: [[String: Held]] = [[:]]
            for step in steps {
                switch step {
                case .keyed(let from, let key), .unkeyed(let from, let key):
                    let isArray = if case .unkeyed = step { true } else { false }
                    let index = from % handles.count
                    switch handles[index] {
                    case .keyed(var container, let number):
                        let name = Self.keys[key % Self.keys.count]
                        let codingKey = Key(stringValue: name)
                        switch held[number][name] {
                        case nil:
                            held.append([:])
                            held[number][name] = isArray ? .unkeyed(held.count - 1) : .keyed(held.count - 1)
                            handles.append(isArray ? .unkeyed(container.nestedUnkeyedContainer(forKey: codingKey))
                                                   : .keyed(container.nestedContainer(keyedBy: Key.self, forKey: codingKey), held.count - 1))
                        case .keyed(let existing)? where !isArray:
                            handles.append(.keyed(container.nestedContainer(keyedBy: Key.self, forKey: codingKey), existing))
                        case .unkeyed? where isArray:
                            handles.append(.unkeyed(container.nestedUnkeyedContainer(forKey: codingKey)))
                        default:
                            continue
                        }
                        handles[index] = .keyed(container, number)
                    case .unkeyed(var container):
                        held.append([:])
                        handles.append(isArray ? .unkeyed(container.nestedUnkeyedContainer())
                                               : .keyed(container.nestedContainer(keyedBy: Key.self), held.count - 1))
                        handles[index] = .unkeyed(container)
                    }
                case .scalar(let into, let key, let value):
                    let index = into % handles.count
                    switch handles[index] {
                    case .keyed(var container, let number):
                        let name = Self.keys[key % Self.keys.count]
                        try container.encode(value, forKey: Key(stringValue: name))
                        // A container that held the key is orphaned: it may still be written,
                        // and its writes go nowhere.
                        held[number][name] = .scalar
                        handles[index] = .keyed(container, number)
                    case .unkeyed(var container):
                        try container.encode(value)
                        handles[index] = .unkeyed(container)
                    }
                }
            }
        }
    }

    static var step: Generator<Step> {
        let container = Gen.int(in: 0...7)
        let key = Gen.int(in: 0...2)
        return Gen.frequency([
            (2, container.flatMap { from in key.map { Step.keyed(from: from, key: $0) } }),
            (1, container.flatMap { from in key.map { Step.unkeyed(from: from, key: $0) } }),
            (4, container.flatMap { into in key.flatMap { key in Gen.int(in: 0...99).map { Step.scalar(into: into, key: key, value: $0) } } }),
        ])
    }

    @Test("random container scripts write the data JSONEncoder writes")
    func scriptsMatchFoundation() {
        property("container scripts match JSONEncoder", count: 300, Gen.array(of: Self.step, maximum: 14, average: 8).map(Script.init),
                 describe: \.description) { script in
            let ours = try ParseWireEncoder().encodeBytes(script)
            let text = String(decoding: ours, as: UTF8.self)
            guard let ourData = try? JSONSerialization.jsonObject(with: Data(ours)) as? NSDictionary else {
                throw Failure("not valid JSON: \(text)")
            }
            let theirs = try JSONSerialization.jsonObject(with: JSONEncoder().encode(script)) as! NSDictionary
            try ensure(ourData == theirs, "wrote \(text), JSONEncoder \(theirs)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
