import Foundation
import Testing
@testable import ParseWire

/// Coding paths as user code and errors see them: deep nesting, nested containers, errors raised
/// after a nested value was decoded, and `codingPath` read from decoders and containers, checked
/// against what `JSONDecoder` reports for the same document.
@Suite struct CodingPathTests {
    struct Leaf: Codable, Equatable {
        var values: [Int]
    }

    struct Branch: Codable, Equatable {
        var leaf: Leaf
    }

    @Test("an error four arrays and two objects deep has the whole path")
    func deepError() throws {
        let text = #"[[[{"leaf":{"values":[1,2]}}],[{"leaf":{"values":[3,"x"]}}]]]"#
        let error = try #require(decodingFailure([[[Branch]]].self, text))
        guard case DecodingError.typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(wireError(error)?.path == "$[0][1][0].leaf.values[1]")
        #expect(context.codingPath.map(\.stringValue) == ["Index 0", "Index 1", "Index 0", "leaf", "values", "Index 1"])
        #expect(context.codingPath.map(\.intValue) == [0, 1, 0, nil, nil, 1])
    }

    /// Decodes a nested value first, then members that may fail.
    struct AfterNested: Decodable {
        enum Keys: String, CodingKey { case branch, count, name, missing }
        var branch: Branch
        var count: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            branch = try container.decode(Branch.self, forKey: .branch)
            count = try container.decode(Int.self, forKey: .count)
            if try container.decodeIfPresent(Bool.self, forKey: .name) == true {
                _ = try container.decode(Int.self, forKey: .missing)
            }
        }
    }

    @Test("an error after a nested value was decoded is at the container's path")
    func errorAfterNestedValue() throws {
        let wrong = #"[{"branch":{"leaf":{"values":[]}},"count":1},{"branch":{"leaf":{"values":[5]}},"count":"one"}]"#
        let error = try #require(decodingFailure([AfterNested].self, wrong))
        #expect(wireError(error)?.path == "$[1].count")
        guard case DecodingError.typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect(context.codingPath.map(\.stringValue) == ["Index 1", "count"])

        let missing = #"{"x":[{"branch":{"leaf":{"values":[5]}},"count":1,"name":true}]}"#
        let missingError = try #require(decodingFailure([String: [AfterNested]].self, missing))
        #expect(wireError(missingError)?.path == "$.x[0].missing")
        guard case DecodingError.keyNotFound(let key, let context) = missingError else { Issue.record("\(missingError)"); return }
        #expect(key.stringValue == "missing")
        #expect(context.codingPath.map(\.stringValue) == ["x", "Index 0"])

        let optional = #"[{"branch":{"leaf":{"values":[5]}},"count":1,"name":7}]"#
        #expect(decodingFailure([AfterNested].self, optional).flatMap(wireError)?.path == "$[0].name")
    }

    /// Reads through nested containers, used in turn, and then a member of the outer container.
    struct Nested: Decodable {
        enum Keys: String, CodingKey { case outer, list, tail }
        enum OuterKeys: String, CodingKey { case inner, other }
        enum InnerKeys: String, CodingKey { case value }
        var values: [Int] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            let outer = try container.nestedContainer(keyedBy: OuterKeys.self, forKey: .outer)
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            var inner = try outer.nestedUnkeyedContainer(forKey: .inner)
            values.append(try list.decode(Int.self))
            values.append(try inner.decode(Branch.self).leaf.values.count)
            values.append(try outer.decode(Int.self, forKey: .other))
            values.append(try list.decode(Int.self))
            let element = try inner.nestedContainer(keyedBy: InnerKeys.self)
            values.append(try element.decode(Int.self, forKey: .value))
            values.append(try container.decode(Int.self, forKey: .tail))
        }
    }

    @Test("nested containers used in turn report their own paths", arguments: [
        (#""other":2"#, #""other":"x""#, "$.outer.other"),
        (#""value":3"#, #""value":"x""#, "$.outer.inner[1].value"),
        (#""tail":5"#, #""tail":"x""#, "$.tail"),
        (#""list":[1,4]"#, #""list":[1,"x"]"#, "$.list[1]"),
        (#""values":[1]"#, #""values":1"#, "$.outer.inner[0].leaf.values"),
    ])
    func nestedContainers(original: String, replacement: String, path: String) throws {
        let valid = #"{"outer":{"inner":[{"leaf":{"values":[1]}},{"value":3}],"other":2},"list":[1,4],"tail":5}"#
        #expect(try ParseWireDecoder().decode(Nested.self, from: valid).values == [1, 1, 2, 4, 3, 5])
        let text = valid.replacingOccurrences(of: original, with: replacement)
        #expect(decodingFailure(Nested.self, text).flatMap(wireError)?.path == path)
    }

    /// Records the coding path of every decoder and container it is given.
    struct Recorder: Decodable {
        enum Keys: String, CodingKey { case child, list, nested, scalar }
        enum NestedKeys: String, CodingKey { case deeper }
        var paths: [String] = []

        static func describe(_ path: [any CodingKey]) -> String {
            path.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }.joined()
        }

        init(from decoder: any Decoder) throws {
            paths.append("decoder " + Self.describe(decoder.codingPath))
            let container = try decoder.container(keyedBy: Keys.self)
            paths.append("keyed " + Self.describe(container.codingPath))
            if let child = try container.decodeIfPresent(Recorder.self, forKey: .child) { paths += child.paths }
            if container.contains(.list) {
                var list = try container.nestedUnkeyedContainer(forKey: .list)
                paths.append("unkeyed " + Self.describe(list.codingPath))
                while !list.isAtEnd { paths += try list.decode(Recorder.self).paths }
                paths.append("unkeyed after " + Self.describe(list.codingPath))
            }
            if container.contains(.nested) {
                let nested = try container.nestedContainer(keyedBy: NestedKeys.self, forKey: .nested)
                paths.append("nested " + Self.describe(nested.codingPath))
                paths += try nested.decode(Recorder.self, forKey: .deeper).paths
            }
            if container.contains(.scalar) { paths += try container.decode(Scalar.self, forKey: .scalar).paths }
            paths.append("keyed after " + Self.describe(container.codingPath))
            paths.append("decoder after " + Self.describe(decoder.codingPath))
        }
    }

    struct Scalar: Decodable {
        var paths: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            _ = try container.decode(Int.self)
            paths = ["single " + Recorder.describe(container.codingPath), "scalar decoder " + Recorder.describe(decoder.codingPath)]
        }
    }

    @Test("codingPath read by user code matches JSONDecoder's")
    func userCodeCodingPath() throws {
        let text = #"{"child":{"list":[{},{"scalar":1,"nested":{"deeper":{"list":[{}]}}}]},"nested":{"deeper":{"scalar":2}},"scalar":3}"#
        let ours = try ParseWireDecoder().decode(Recorder.self, from: text).paths
        let foundation = try JSONDecoder().decode(Recorder.self, from: Data(text.utf8)).paths
        #expect(ours == foundation)
        #expect(ours.contains("nested .child.list[1].nested"))
        #expect(ours.contains("single .child.list[1].scalar"))
    }
}
