/// The models 2025-06-17's reads answer in, by contract: a later version whose `Place`, `Tip` or `Photo` changed
/// declares that one type, nested in its contract type, and every read that returns it (search, details,
/// autocomplete, geotagging, tips, photos) answers with it. Until then each is 2025-06-17's. The generic reads name
/// this protocol, not `Contract20250617Operations`, which the compiler would find circular.
public protocol Contract20250617Models: AutocompleteModels {
    /// A place as search, details, autocomplete and geotagging return it.
    associatedtype Place: Codable, Sendable, Hashable = Contract20250617.Place
    /// A tip as `place-tips` returns it.
    associatedtype Tip: Codable, Sendable, Hashable = Contract20250617.Tip
    /// A photo as `place-photos` returns it.
    associatedtype Photo: Codable, Sendable, Hashable = Contract20250617.Photo
}
