/// What `GET /autocomplete` answers in contract `C`: its suggestions, best first.
public struct AutocompleteResponse<C: AutocompleteModels>: Codable, Sendable, Hashable {
    /// The suggestions, best first (`results`).
    public let results: [C.AutocompleteResult]

    /// Suggestions built in code.
    public init(results: [C.AutocompleteResult]) { self.results = results }

    /// Reads `results` element by element (see `SkippedElement`).
    public init(from decoder: any Decoder) throws {
        results = try decoder.container(keyedBy: CodingKeys.self).decodeResults([C.AutocompleteResult].self, forKey: .results)
    }

    enum CodingKeys: String, CodingKey {
        case results
    }
}
