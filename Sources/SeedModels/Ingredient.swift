import Foundation
import ParseWire

/// One line of a recipe: a `Float` quantity and what it is.
public struct Ingredient: Codable, Equatable, Sendable {
    /// How much, in the ingredient's own unit.
    public var quantity: Float
    /// What the ingredient is.
    public var description: String

    /// Creates an ingredient line.
    public init(quantity: Float, description: String) {
        self.quantity = quantity
        self.description = description
    }
}
