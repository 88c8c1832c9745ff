import Foundation

/// The `{"results": [...]}` wrapper every list endpoint returns.
public struct ResultsPage<Element: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    /// This page's items (`results`).
    public let results: [Element]

    /// A page built in code.
    public init(results: [Element]) { self.results = results }

    /// Reads `results` element by element (see `SkippedElement`).
    public init(from decoder: any Decoder) throws {
        results = try decoder.container(keyedBy: CodingKeys.self).decodeResults([Element].self, forKey: .results)
    }

    enum CodingKeys: String, CodingKey {
        case results
    }
}

/// A category icon: the URL is `prefix + [bg_] + size + suffix`.
public struct Icon: Codable, Sendable, Hashable {
    /// The start of the icon URL, before the size (`prefix`); see `url(size:background:)`.
    public let prefix: String
    /// The end of the icon URL, after the size, e.g. `.png` (`suffix`).
    public let suffix: String

    /// A value built in code (previews, tests); optionals default to nil.
    public init(prefix: String, suffix: String) {
        self.prefix = prefix
        self.suffix = suffix
    }

    /// Sizes Foursquare serves category icons in.
    public enum Size: Int, Sendable, CaseIterable {
        /// Square icons of 32, 44, 64, 88 or 120 pixels.
        case px32 = 32, px44 = 44, px64 = 64, px88 = 88, px120 = 120
    }

    /// The icon at `key`, nil when absent or when it lacks `prefix` or `suffix`; a member of the wrong type still fails.
    package static func decodeIfComplete<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Icon? {
        guard let parts = try container.decodeIfPresent(Parts.self, forKey: key), let prefix = parts.prefix, let suffix = parts.suffix else {
            return nil
        }
        return Icon(prefix: prefix, suffix: suffix)
    }

    private struct Parts: Decodable {
        let prefix: String?
        let suffix: String?
    }

    /// The icon image URL; `background: true` asks for the grey-background variant.
    public func url(size: Size = .px64, background: Bool = false) -> URL? {
        URL(string: "\(prefix)\(background ? "bg_" : "")\(size.rawValue)\(suffix)")
    }
}

extension SeedContract {
    /// A category as it appears inside a place.
    public struct Category: Codable, Sendable, Hashable, Identifiable {
        /// The category's Foursquare id (`id`), an integer in the seed contract.
        public let id: Int
        /// The category's full name, e.g. "Coffee Shop" (`name`).
        public let name: String
        /// The category's icon (`icon`).
        public let icon: Icon?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(id: Int, name: String, icon: Icon? = nil) {
            self.id = id
            self.name = name
            self.icon = icon
        }

        /// The icon URL at `size`, when the category has an icon.
        public func iconURL(size: Icon.Size = .px64, background: Bool = false) -> URL? {
            icon?.url(size: size, background: background)
        }
    }

    /// A place's address. Every field is optional: addresses vary by country and `fields` projection.
    public struct Location: Codable, Sendable, Hashable {
        /// The street address (`address`).
        public let address: String?
        /// The city or town (`locality`).
        public let locality: String?
        /// The state, province or region (`region`).
        public let region: String?
        /// The two-letter country code (`country`).
        public let country: String?
        /// The postal code (`postcode`).
        public let postcode: String?
        /// The whole address as one display line (`formatted_address`).
        public let formattedAddress: String?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(
            address: String? = nil, locality: String? = nil, region: String? = nil, country: String? = nil,
            postcode: String? = nil, formattedAddress: String? = nil
        ) {
            self.address = address
            self.locality = locality
            self.region = region
            self.country = country
            self.postcode = postcode
            self.formattedAddress = formattedAddress
        }

        enum CodingKeys: String, CodingKey {
            case address, locality, region, country, postcode
            case formattedAddress = "formatted_address"
        }
    }

    /// A latitude and longitude as the API returns them.
    public struct GeoPoint: Codable, Sendable, Hashable {
        /// Degrees north of the equator (`latitude`).
        public let latitude: Double
        /// Degrees east of Greenwich (`longitude`).
        public let longitude: Double

        /// A value built in code (previews, tests); optionals default to nil.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// The `geocodes` object: the main point and, when known, the roof point.
    public struct Geocodes: Codable, Sendable, Hashable {
        /// The place's main point, the one to show it at (`main`).
        public let main: GeoPoint?
        /// The point on the building's rooftop (`roof`).
        public let roof: GeoPoint?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(main: GeoPoint? = nil, roof: GeoPoint? = nil) {
            self.main = main
            self.roof = roof
        }
    }
}

/// The error body the API sends with non-2xx statuses.
public struct ErrorBody: Codable, Sendable, Hashable {
    /// The API's one-line explanation of the error (`message`).
    public let message: String?
    /// More detail on the error, when the API gives it (`error_detail`).
    public let errorDetail: String?

    /// A value built in code (previews, tests); optionals default to nil.
    public init(message: String? = nil, errorDetail: String? = nil) {
        self.message = message
        self.errorDetail = errorDetail
    }

    enum CodingKeys: String, CodingKey {
        case message
        case errorDetail = "error_detail"
    }
}
