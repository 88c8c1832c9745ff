import Foundation

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

        /// The icon URL at `size`, when the category has an icon with both `prefix` and `suffix`.
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
