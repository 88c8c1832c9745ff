import Foundation

// The seed contract's models live under its name, so the next API version adds a namespace and moves nothing.
extension SeedContract {
    /// A place as search, autocomplete and geotagging return it.
    public struct PlaceCandidate: Codable, Sendable, Hashable, Identifiable {
        /// The place's Foursquare id (`fsq_id`).
        public let id: String
        /// The place's name as Foursquare lists it (`name`).
        public let name: String
        /// How far the place is from the search point, in meters (`distance`).
        public let distance: Int?
        /// The place's categories, the primary one first (`categories`).
        // The spec shows `categories` and `location` as required; a `fields` projection or a
        // place with no category leaves them out, so they are optional here.
        public let categories: [Category]?
        /// The place's address (`location`).
        public let location: Location?
        /// The place's coordinates (`geocodes`).
        public let geocodes: Geocodes?

        /// A value built in code (previews, tests); optionals default to nil.
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
        /// The place's Foursquare id (`fsq_id`).
        public let id: String
        /// The place's name as Foursquare lists it (`name`).
        public let name: String?
        /// The place's time zone, e.g. `America/New_York` (`timezone`).
        public let timezone: String?
        /// The place's website URL (`website`).
        public let website: String?
        /// The place's phone number (`tel`).
        public let tel: String?
        /// The place's categories, the primary one first (`categories`).
        public let categories: [Category]?
        /// The place's address (`location`).
        public let location: Location?
        /// The place's coordinates (`geocodes`).
        public let geocodes: Geocodes?

        /// A value built in code (previews, tests); optionals default to nil.
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
        /// The tip's Foursquare id (`fsq_id`).
        public let id: String
        /// ISO 8601 as sent; see `createdDate`.
        public let createdAt: String?
        /// The tip's text as the user wrote it (`text`).
        public let text: String?
        /// The language of the tip's text, e.g. `en` (`lang`).
        public let lang: String?

        /// A value built in code (previews, tests); optionals default to nil.
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
        /// The photo's Foursquare id (`fsq_id`).
        public let id: String
        /// When the photo was added, ISO 8601 (`created_at`); see `createdDate`.
        public let createdAt: String?
        /// The start of the image URL, before the size (`prefix`); see `imageURL(size:)`.
        public let prefix: String?
        /// The end of the image URL, after the size (`suffix`).
        public let suffix: String?
        /// The original image's width in pixels (`width`).
        public let width: Int?
        /// The original image's height in pixels (`height`).
        public let height: Int?
        /// What the photo shows, e.g. `food_or_drink` or `outdoor` (`classifications`).
        public let classifications: [String]?

        /// A value built in code (previews, tests); optionals default to nil.
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
            /// The photo as uploaded.
            case original
            /// Exactly `width` by `height` pixels.
            case exact(width: Int, height: Int)
            /// The longer side at most this many pixels, aspect ratio kept.
            case cap(Int)
            /// This many pixels wide, aspect ratio kept.
            case width(Int)
            /// This many pixels high, aspect ratio kept.
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

        /// When the photo was added, parsed from `created_at`; nil when absent or unreadable.
        public var createdDate: Date? { createdAt.flatMap(parseISO8601) }

        enum CodingKeys: String, CodingKey {
            case id, prefix, suffix, width, height, classifications
            case createdAt = "created_at"
        }
    }

    /// A node of the category taxonomy, with its children.
    public struct CategoryNode: Codable, Sendable, Hashable, Identifiable {
        /// The category's Foursquare id (`fsq_id`), an integer in the seed contract.
        public let id: Int
        /// The category's full name, e.g. "Coffee Shop" (`name`).
        public let name: String
        /// The category's short name for tight layouts (`short_name`).
        public let shortName: String?
        /// The category's plural name, e.g. "Coffee Shops" (`plural_name`).
        public let pluralName: String?
        /// The category's icon (`icon`).
        public let icon: Icon?
        /// The id of the category this one sits under (`parent`); nil at the top of the taxonomy.
        public let parent: Int?
        /// The categories under this one (`categories`).
        public let categories: [CategoryNode]?

        /// A value built in code (previews, tests); optionals default to nil.
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

        /// The icon URL at `size`, when the category has an icon with both `prefix` and `suffix`.
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
        /// The chain's Foursquare id (`fsq_id`).
        public let id: String
        /// The chain's name, e.g. a brand name (`name`).
        public let name: String

        /// A value built in code (previews, tests); optionals default to nil.
        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }

        enum CodingKeys: String, CodingKey {
            case id = "fsq_id"
            case name
        }
    }

    /// One typed suggestion from `/autocomplete`.
    public struct AutocompleteResult: Codable, Sendable, Hashable {
        /// `place`, `search`, `geo`, or whatever newer type the server sends.
        public let type: String
        /// The suggestion's display text, with the matched parts marked (`text`).
        public let text: AutocompleteText
        /// The API path to follow for the suggestion's details (`link`).
        // 004 shows `link` and `place` as required, but only `place` results carry a place,
        // and search suggestions have no link; both are optional.
        public let link: String?
        /// The place, when `type` is `place` (`place`).
        public let place: PlaceCandidate?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(type: String, text: AutocompleteText, link: String? = nil, place: PlaceCandidate? = nil) {
            self.type = type
            self.text = text
            self.link = link
            self.place = place
        }
    }

    /// The display text of a suggestion, with the ranges that matched the query.
    public struct AutocompleteText: Codable, Sendable, Hashable {
        /// The main display line, e.g. the place's name (`primary`).
        public let primary: String
        /// The second display line, e.g. the address (`secondary`); absent on a bare search suggestion.
        // Optional: a bare search suggestion has only a primary line.
        public let secondary: String?
        /// The parts of `primary` that match the query (`highlight`).
        public let highlight: [AutocompleteHighlight]?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(primary: String, secondary: String? = nil, highlight: [AutocompleteHighlight]? = nil) {
            self.primary = primary
            self.secondary = secondary
            self.highlight = highlight
        }
    }

    /// A matched range in `AutocompleteText.primary`, in characters.
    public struct AutocompleteHighlight: Codable, Sendable, Hashable {
        /// Where a matched part starts in `primary`, in characters (`start`).
        public let start: Int
        /// How many characters the matched part spans (`length`).
        public let length: Int

        /// A value built in code (previews, tests); optionals default to nil.
        public init(start: Int, length: Int) {
            self.start = start
            self.length = length
        }
    }
}

private func parseISO8601(_ text: String) -> Date? {
    let withFraction = ISO8601DateFormatter()
    withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = withFraction.date(from: text) { return date }
    return ISO8601DateFormatter().date(from: text)
}

// Answers seen from the API send tips and photos as a bare array (`BareArrayAnswer`, SeedContractChoices).
extension SeedContract.Tip: BareArrayAnswer {}
extension SeedContract.PlacePhoto: BareArrayAnswer {}
