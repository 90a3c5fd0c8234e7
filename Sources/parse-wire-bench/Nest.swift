import Foundation

/// One level of a deep document: `{"child":{"child":…{"leaf":1}}}`.
final class Nest: Codable, Equatable {
    let leaf: Int?
    let child: Nest?

    init(depth: Int) {
        leaf = depth == 0 ? 1 : nil
        child = depth == 0 ? nil : Nest(depth: depth - 1)
    }

    static func == (lhs: Nest, rhs: Nest) -> Bool {
        lhs.leaf == rhs.leaf && lhs.child == rhs.child
    }
}
