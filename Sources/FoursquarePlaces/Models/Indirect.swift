/// A model held by reference, so a model can hold itself through another (a tip's photo's tip, a place's
/// parent place) and still be a value: it is immutable, so copies share it safely. Generated models keep it
/// private and expose the model itself.
package final class Indirect<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable, IndirectModel {
    package let value: Value

    package init(_ value: Value) { self.value = value }

    package required init(from decoder: any Decoder) throws {
        try AnswerNesting.check(decoder)
        value = try Value(from: decoder)
    }

    package func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }

    package static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs === rhs || lhs.value == rhs.value }

    package func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }

    package var heldModel: Any { value }

    package static var heldModelType: Any.Type { Value.self }
}

/// What the harness sees through, as it would an `Optional`: a model held by `Indirect`.
package protocol IndirectModel {
    /// The model held.
    var heldModel: Any { get }
    /// The type of model held.
    static var heldModelType: Any.Type { get }
}
