import Foundation

/// An element of a result list that the client dropped because its model could not read it: where it was and why.
///
/// Result lists (search results, autocomplete suggestions, geotagging candidates, tips, photos, the seed contract's
/// `results`) are read element by element: one unreadable element is dropped and listed in
/// `APIResponse.skippedElements`, and the call succeeds with the rest. Everything else is strict: a single object
/// (place details), the fields inside an element and nested arrays (a place's `categories`) fail the element or the
/// call, and so does a list none of whose elements can be read.
public struct SkippedElement: Sendable, Hashable, CustomStringConvertible {
    /// The element's JSON path, such as `$.results[2]`.
    public let path: String
    /// Where inside the element decoding failed, and what was expected there.
    public let failure: DecodingFailure

    /// An element at `path` that failed as `failure` says.
    public init(path: String, failure: DecodingFailure) {
        self.path = path
        self.failure = failure
    }

    /// `$.results[2] skipped: at $.results[2].fsq_place_id: expected a value, found no such key`.
    public var description: String { "\(path) skipped: \(failure)" }
}

extension CodingUserInfoKey {
    /// Where a lenient decode lists what it dropped; without it, result lists decode strictly.
    static let skippedElements = CodingUserInfoKey(rawValue: "FoursquarePlaces.skippedElements")!
}

/// The elements a lenient decode dropped, with the body they came from (to say what the body held there).
final class SkippedElementLog: Sendable {
    let body: Data
    private let skipped = Locked<[SkippedElement]>([])

    init(body: Data) { self.body = body }

    func append(_ element: SkippedElement) { skipped.withLock { $0.append(element) } }

    var elements: [SkippedElement] { skipped.current }
}

/// A result list read element by element: with a `SkippedElementLog` in the decoder's user info an unreadable element
/// is dropped and logged; without one (the harness, a plain `JSONDecoder`) it fails the decode as an array would.
struct LenientList<Element: Decodable>: Decodable {
    let elements: [Element]

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let log = decoder.userInfo[.skippedElements] as? SkippedElementLog
        var elements: [Element] = []
        var firstError: DecodingError?
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                elements.append(try container.decode(Element.self))
            } catch let error as DecodingError {
                guard let log else { throw error }
                if firstError == nil { firstError = error }
                log.append(SkippedElement(path: DecodingFailure.path(decoder.codingPath) + "[\(index)]",
                                          failure: DecodingFailure(error, body: log.body)))
                // A failed decode may leave the container on the element: step over it.
                if container.currentIndex == index { _ = try? container.decode(Skip.self) }
                guard container.currentIndex > index else { throw error }
            }
        }
        // A list none of whose elements can be read is not a list of these models at all (another contract's
        // answer, say): that fails the call.
        if elements.isEmpty, let firstError { throw firstError }
        self.elements = elements
    }

    /// Reads any JSON value and keeps nothing.
    private struct Skip: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}

extension KeyedDecodingContainer {
    /// The result list at `key`, read element by element (see `SkippedElement`).
    func decodeResults<Element: Decodable>(_ type: [Element].Type, forKey key: Key) throws -> [Element] {
        try decode(LenientList<Element>.self, forKey: key).elements
    }
}

/// A response that is itself a result list (tips and photos in 2025-06-17): read like any other result list.
protocol TopLevelResultList {
    static func decodeResults(with decoder: JSONDecoder, from data: Data) throws -> Self
}

extension Array: TopLevelResultList where Element: Decodable {
    static func decodeResults(with decoder: JSONDecoder, from data: Data) throws -> [Element] {
        try decoder.decode(LenientList<Element>.self, from: data).elements
    }
}
