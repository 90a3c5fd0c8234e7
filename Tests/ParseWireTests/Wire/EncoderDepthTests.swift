import Foundation
import Testing
@testable import ParseWire
import TestSupport

/// The wire encoder keeps to the same depth limit as the decoder: what it writes, the decoder
/// with the same limit accepts; what it refuses, the decoder would reject.
@Suite struct EncoderDepthTests {
    /// A value whose innermost part is `inner`, wrapped `levels` times in the way `shape` says.
    static func nested(_ shape: String, levels: Int, inner: ParseValue) throws -> ParseValue {
        var value = inner
        for _ in 0..<levels {
            switch shape {
            case "array": value = .array([value])
            case "map": value = .map(["a": value])
            default: value = .object(try ParseObjectValue(className: "C", fields: ["a": value]))
            }
        }
        return value
    }

    static let leaves: [(String, ParseValue)] = {
        let point = try! GeoPoint(latitude: 1, longitude: 2)
        let acl = try! ParseACL([(principal: "*", grant: ParseACL.Grant(read: true))])
        return [
            ("number", .number(1)), ("empty array", .array([])), ("date", .date(try! ParseDate(epochMilliseconds: 0))),
            ("pointer", .pointer(try! ParsePointer(className: "A", objectId: "a1"))),
            ("polygon", .polygon(try! ParsePolygon(points: [point, try! GeoPoint(latitude: 3, longitude: 4), try! GeoPoint(latitude: 5, longitude: 6)]))),
            ("object with ACL", .object(try! ParseObjectValue(className: "C", acl: acl))),
        ]
    }()

    @Test("the encoder succeeds exactly when the decoder with the same limit accepts the text",
          arguments: ["array", "map", "object"])
    func agreesWithTheDecoder(shape: String) throws {
        let limit = 8
        var encoding = ParseValueEncodingOptions()
        encoding.maximumDepth = limit
        var unlimited = ParseValueEncodingOptions()
        unlimited.maximumDepth = 10_000
        var decoding = ParseValueDecodingOptions()
        decoding.limits.maximumDepth = limit
        for (name, leaf) in Self.leaves {
            for levels in 0...limit + 2 {
                let value = try Self.nested(shape, levels: levels, inner: leaf)
                let text = try ParseValueEncoder(options: unlimited).encode(value)
                let decoderAccepts = (try? ParseValueDecoder(options: decoding).decode(text)) != nil
                do {
                    _ = try ParseValueEncoder(options: encoding).encode(value)
                    #expect(decoderAccepts, "\(name) in \(levels) \(shape)s: written, but the decoder rejects it")
                } catch {
                    #expect(error.kind == .depthLimit, "\(name) in \(levels) \(shape)s: \(error)")
                    #expect(!decoderAccepts, "\(name) in \(levels) \(shape)s: refused, but the decoder accepts it")
                }
            }
        }
    }

    @Test("a value 600 deep is refused with depth-limit and its path; 512 deep is written")
    func defaultLimit() throws {
        let deep = try Self.nested("array", levels: 600, inner: .number(1))
        do {
            _ = try ParseValueEncoder().encode(deep)
            Issue.record("a 600-deep value was written")
        } catch {
            #expect(error.kind == .depthLimit)
            #expect(error.path.hasPrefix("$[0][0][0]"))
        }
        let atLimit = try Self.nested("array", levels: 512, inner: .number(1))
        #expect(try ParseValueDecoder().decode(ParseValueEncoder().encode(atLimit)) == atLimit)
    }

    @Test("save bodies and fetched objects count their own object")
    func contexts() throws {
        var encoding = ParseValueEncodingOptions()
        encoding.maximumDepth = 3
        let twoArrays = try Self.nested("array", levels: 2, inner: .number(1))
        let body: ParseValue = .map(["f": twoArrays])
        #expect(throws: Never.self) { try ParseValueEncoder(options: encoding).encode(body, context: .update) }
        let tooDeep: ParseValue = .map(["f": .array([twoArrays])])
        #expect(throws: ParseWireError.self) { try ParseValueEncoder(options: encoding).encode(tooDeep, context: .update) }
        let object = ParseValue.object(try ParseObjectValue(className: "C", fields: ["f": .array([twoArrays])]))
        #expect(throws: ParseWireError.self) { try ParseValueEncoder(options: encoding).encode(object, context: .object(className: "C")) }
    }

    @Test("a value 20,000 deep is refused, not a crash")
    func veryDeep() throws {
        // Built, compared and destroyed on a thread with room for the value's own recursive teardown.
        let kind = onThread(stackSize: 256 << 20) { () -> String in
            let deep = try! Self.nested("map", levels: 20_000, inner: .null)
            do {
                _ = try ParseValueEncoder().encode(deep)
                return "written"
            } catch {
                return ParseWireError(from: error)?.kind.name ?? "\(error)"
            }
        }
        #expect(kind == "depth-limit")
    }
}
