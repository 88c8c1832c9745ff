import Foundation

/// A place as search, autocomplete and geotagging return it.
public struct PlaceCandidate: Codable, Sendable, Hashable, Identifiable {
    public let id: String
    public let name: String
    public let distance: Int?
    // The spec shows `categories` and `location` as required; a `fields` projection or a
    // place with no category leaves them out, so they are optional here.
    public let categories: [Category]?
    public let location: Location?
    public let geocodes: Geocodes?

    public init(
        id: String, name: String, distance: Int? = nil, categories: [Category]? = nil,
        location: Location? = nil, geocodes: Geocodes? = nil
    ) {
        self.id = id
        self.name = name
        self.distance = distance
        self.categories = categories
        self.location = location
        self.geocodes = geocodes
    }

    enum CodingKeys: String, CodingKey {
        case id = "fsq_id"
        case name, distance, categories, location, geocodes
    }
}

/// The full record of one place, from `GET /places/{fsq_id}`.
public struct PlaceDetails: Codable, Sendable, Hashable, Identifiable {
    public let id: String
    public let name: String?
    public let timezone: String?
    public let website: String?
    public let tel: String?
    public let categories: [Category]?
    public let location: Location?
    public let geocodes: Geocodes?

    public init(
        id: String, name: String? = nil, timezone: String? = nil, website: String? = nil, tel: String? = nil,
        categories: [Category]? = nil, location: Location? = nil, geocodes: Geocodes? = nil
    ) {
        self.id = id
        self.name = name
        self.timezone = timezone
        self.website = website
        self.tel = tel
        self.categories = categories
        self.location = location
        self.geocodes = geocodes
    }

    /// The website as a URL, when it parses.
    public var websiteURL: URL? { website.flatMap(URL.init(string:)) }

    enum CodingKeys: String, CodingKey {
        case id = "fsq_id"
        case name, timezone, website, tel, categories, location, geocodes
    }
}

/// A user tip about a place.
public struct Tip: Codable, Sendable, Hashable, Identifiable {
    public let id: String
    /// ISO 8601 as sent; see `createdDate`.
    public let createdAt: String?
    public let text: String?
    public let lang: String?

    public init(id: String, createdAt: String? = nil, text: String? = nil, lang: String? = nil) {
        self.id = id
        self.createdAt = createdAt
        self.text = text
        self.lang = lang
    }

    /// `createdAt` parsed, with or without fractional seconds.
    public var createdDate: Date? { createdAt.flatMap(parseISO8601) }

    enum CodingKeys: String, CodingKey {
        case id, text, lang
        case createdAt = "created_at"
    }
}

/// A photo of a place; the image URL is `prefix + size + suffix`.
public struct PlacePhoto: Codable, Sendable, Hashable, Identifiable {
    public let id: String
    public let createdAt: String?
    public let prefix: String?
    public let suffix: String?
    public let width: Int?
    public let height: Int?
    public let classifications: [String]?

    public init(
        id: String, createdAt: String? = nil, prefix: String? = nil, suffix: String? = nil,
        width: Int? = nil, height: Int? = nil, classifications: [String]? = nil
    ) {
        self.id = id
        self.createdAt = createdAt
        self.prefix = prefix
        self.suffix = suffix
        self.width = width
        self.height = height
        self.classifications = classifications
    }

    /// The sizes the photo CDN accepts between prefix and suffix.
    public enum Size: Sendable, Hashable {
        case original
        case exact(width: Int, height: Int)
        case cap(Int)
        case width(Int)
        case height(Int)

        var pathComponent: String {
            switch self {
            case .original: return "original"
            case let .exact(width, height): return "\(width)x\(height)"
            case let .cap(value): return "cap\(value)"
            case let .width(value): return "width\(value)"
            case let .height(value): return "height\(value)"
            }
        }
    }

    /// The image URL at `size`, or nil when the photo lacks a prefix or suffix.
    public func imageURL(size: Size = .original) -> URL? {
        guard let prefix, let suffix else { return nil }
        return URL(string: "\(prefix)\(size.pathComponent)\(suffix)")
    }

    public var createdDate: Date? { createdAt.flatMap(parseISO8601) }

    enum CodingKeys: String, CodingKey {
        case id, prefix, suffix, width, height, classifications
        case createdAt = "created_at"
    }
}

/// A node of the category taxonomy, with its children.
public struct CategoryNode: Codable, Sendable, Hashable, Identifiable {
    public let id: Int
    public let name: String
    public let shortName: String?
    public let pluralName: String?
    public let icon: Icon?
    public let parent: Int?
    public let categories: [CategoryNode]?

    public init(
        id: Int, name: String, shortName: String? = nil, pluralName: String? = nil, icon: Icon? = nil,
        parent: Int? = nil, categories: [CategoryNode]? = nil
    ) {
        self.id = id
        self.name = name
        self.shortName = shortName
        self.pluralName = pluralName
        self.icon = icon
        self.parent = parent
        self.categories = categories
    }

    public func iconURL(size: Icon.Size = .px64, background: Bool = false) -> URL? {
        icon?.url(size: size, background: background)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, icon, parent, categories
        case shortName = "short_name"
        case pluralName = "plural_name"
    }
}

/// A chain (brand) of places.
public struct Chain: Codable, Sendable, Hashable, Identifiable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    enum CodingKeys: String, CodingKey {
        case id = "fsq_id"
        case name
    }
}

/// The v2 `/autocomplete` response (spec 004).
public struct AutocompleteResponse: Codable, Sendable, Hashable {
    public let results: [AutocompleteResult]

    /// Suggestions built in code.
    public init(results: [AutocompleteResult]) { self.results = results }

    /// Reads `results` element by element (see `SkippedElement`).
    public init(from decoder: any Decoder) throws {
        results = try decoder.container(keyedBy: CodingKeys.self).decodeResults([AutocompleteResult].self, forKey: .results)
    }

    enum CodingKeys: String, CodingKey {
        case results
    }
}

/// One typed suggestion from `/autocomplete`.
public struct AutocompleteResult: Codable, Sendable, Hashable {
    /// `place`, `search`, `geo`, or whatever newer type the server sends.
    public let type: String
    public let text: AutocompleteText
    // 004 shows `link` and `place` as required, but only `place` results carry a place,
    // and search suggestions have no link; both are optional.
    public let link: String?
    public let place: PlaceCandidate?

    public init(type: String, text: AutocompleteText, link: String? = nil, place: PlaceCandidate? = nil) {
        self.type = type
        self.text = text
        self.link = link
        self.place = place
    }
}

/// The display text of a suggestion, with the ranges that matched the query.
public struct AutocompleteText: Codable, Sendable, Hashable {
    public let primary: String
    // Optional: a bare search suggestion has only a primary line.
    public let secondary: String?
    public let highlight: [AutocompleteHighlight]?

    public init(primary: String, secondary: String? = nil, highlight: [AutocompleteHighlight]? = nil) {
        self.primary = primary
        self.secondary = secondary
        self.highlight = highlight
    }
}

/// A matched range in `AutocompleteText.primary`, in characters.
public struct AutocompleteHighlight: Codable, Sendable, Hashable {
    public let start: Int
    public let length: Int

    public init(start: Int, length: Int) {
        self.start = start
        self.length = length
    }
}

private func parseISO8601(_ text: String) -> Date? {
    let withFraction = ISO8601DateFormatter()
    withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = withFraction.date(from: text) { return date }
    return ISO8601DateFormatter().date(from: text)
}
