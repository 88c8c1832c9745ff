import Foundation

/// The `{"results": [...]}` wrapper every list endpoint returns.
public struct ResultsPage<Element: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// This page's items (`results`).
    public let results: [Element]

    /// A page built in code.
    public init(results: [Element]) { self.results = results }

    /// Reads `results` element by element (see `SkippedElement`); a list of tips or photos also as a bare array
    /// (`BareArrayAnswer`).
    public init(from decoder: any Decoder) throws {
        if Element.self is any BareArrayAnswer.Type, (try? decoder.unkeyedContainer()) != nil {
            results = try LenientList<Element>(from: decoder).elements
            return
        }
        results = try decoder.container(keyedBy: CodingKeys.self).decodeResults([Element].self, forKey: .results)
    }

    enum CodingKeys: String, CodingKey {
        case results
    }
}
