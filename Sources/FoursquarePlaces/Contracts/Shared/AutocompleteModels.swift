/// The model a contract's `/autocomplete` suggestions decode into, apart from the contract itself, so that the shared
/// request and envelope can be generic over it (the compiler finds a cycle if they name `AutocompleteContract`).
public protocol AutocompleteModels {
    /// One suggestion as this contract answers it.
    associatedtype AutocompleteResult: Codable, Sendable, Hashable
}
