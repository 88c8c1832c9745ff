import Foundation

// Models of the 2025-06-17 API, from Foursquare's own OpenAPI document. Every field but the ids is
// optional: the document marks none required and `fields` projections leave any of them out.

extension Contract20250617 {
    /// A place as search, details, autocomplete and geotagging return it.
    public struct Place: Codable, Sendable, Hashable, Identifiable {
        /// The place's Foursquare id (`fsq_place_id`).
        public let id: String
        /// The place's name as Foursquare lists it (`name`).
        public let name: String?
        /// The document types these as bare `object`; the API sends numbers.
        public let latitude: Double?
        /// The place's longitude in degrees (`longitude`); the document types it as bare `object`, the API sends a number.
        public let longitude: Double?
        /// The place's categories, the primary one first (`categories`).
        public let categories: [Category]?
        /// The chains (brands) the place belongs to (`chains`).
        public let chains: [Chain]?
        /// The place's address (`location`).
        public let location: Location?
        /// How far the place is from the search point, in meters (`distance`).
        public let distance: Int?
        /// The API path of the place's details, `/places/…` (`link`).
        public let link: String?
        /// When Foursquare added the place, `YYYY-MM-DD` (`date_created`).
        public let dateCreated: String?
        /// When Foursquare last refreshed the place's data, `YYYY-MM-DD` (`date_refreshed`).
        public let dateRefreshed: String?
        /// `YYYY-MM-DD`, present when the place has closed.
        public let dateClosed: String?
        /// The place's own description of itself (`description`).
        public let description: String?
        /// The place's phone number, formatted as `tel_format` asked (`tel`).
        public let tel: String?
        /// The place's website as sent (`website`); see `websiteURL` for a parsed URL.
        public let website: String?
        /// The place's contact email address (`email`).
        public let email: String?
        /// The URL of the place's menu (`menu`).
        public let menu: String?
        /// The place's opening hours (`hours`).
        public let hours: Hours?
        /// The periods the place is busiest, in the form of `hours.regular` (`hours_popular`).
        public let hoursPopular: [Hours.Period]?
        /// Foursquare's rating of the place, 0 to 10 (`rating`).
        public let rating: Double?
        /// How popular the place is, 0 to 1 (`popularity`).
        public let popularity: Double?
        /// The place's price tier, 1 (most affordable) to 4 (most expensive) (`price`).
        public let price: Int?
        /// Whether Foursquare marks the place as verified (`verified`).
        public let verified: Bool?
        /// Counts of the place's photos, ratings and tips (`stats`).
        public let stats: Stats?
        /// The place's social media accounts (`social_media`).
        public let socialMedia: SocialMedia?
        /// Short phrases users associate with the place, e.g. "cozy" (`tastes`).
        public let tastes: [String]?
        /// The chain's own id for this store (`store_id`).
        public let storeID: String?
        /// The place's review page on Foursquare's Placemakers site (`placemaker_url`).
        public let placemakerURL: String?
        /// US market data for the place's location (`extended_location`).
        public let extendedLocation: ExtendedLocation?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(
            id: String, name: String? = nil, latitude: Double? = nil, longitude: Double? = nil,
            categories: [Category]? = nil, chains: [Chain]? = nil, location: Location? = nil, distance: Int? = nil,
            link: String? = nil, dateCreated: String? = nil, dateRefreshed: String? = nil, dateClosed: String? = nil,
            description: String? = nil, tel: String? = nil, website: String? = nil, email: String? = nil,
            menu: String? = nil, hours: Hours? = nil, rating: Double? = nil, popularity: Double? = nil,
            price: Int? = nil, verified: Bool? = nil, stats: Stats? = nil, socialMedia: SocialMedia? = nil,
            tastes: [String]? = nil, storeID: String? = nil, placemakerURL: String? = nil,
            extendedLocation: ExtendedLocation? = nil, hoursPopular: [Hours.Period]? = nil
        ) {
            self.id = id
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.categories = categories
            self.chains = chains
            self.location = location
            self.distance = distance
            self.link = link
            self.dateCreated = dateCreated
            self.dateRefreshed = dateRefreshed
            self.dateClosed = dateClosed
            self.description = description
            self.tel = tel
            self.website = website
            self.email = email
            self.menu = menu
            self.hours = hours
            self.hoursPopular = hoursPopular
            self.rating = rating
            self.popularity = popularity
            self.price = price
            self.verified = verified
            self.stats = stats
            self.socialMedia = socialMedia
            self.tastes = tastes
            self.storeID = storeID
            self.placemakerURL = placemakerURL
            self.extendedLocation = extendedLocation
        }

        /// The point, when both coordinates came.
        public var coordinate: Coordinate? {
            guard let latitude, let longitude else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }

        /// The website as a URL, when it parses.
        public var websiteURL: URL? { website.flatMap(URL.init(string:)) }

        enum CodingKeys: String, CodingKey {
            case id = "fsq_place_id"
            case name, latitude, longitude, categories, chains, location, distance, link
            case dateCreated = "date_created"
            case dateRefreshed = "date_refreshed"
            case dateClosed = "date_closed"
            case description, tel, website, email, menu, hours, rating, popularity, price, verified, stats, tastes
            case socialMedia = "social_media"
            case storeID = "store_id"
            case placemakerURL = "placemaker_url"
            case extendedLocation = "extended_location"
            case hoursPopular = "hours_popular"
        }
    }

    /// A category inside a place; ids are strings in 2025-06-17 (integers in seed).
    public struct Category: Codable, Sendable, Hashable, Identifiable {
        /// The category's Foursquare id (`fsq_category_id`), a string in this contract.
        public let id: String
        /// The category's full name, e.g. "Coffee Shop" (`name`).
        public let name: String?
        /// The category's short name for tight layouts (`short_name`).
        public let shortName: String?
        /// The category's plural name, e.g. "Coffee Shops" (`plural_name`).
        public let pluralName: String?
        /// The category's icon (`icon`); see `iconURL(size:background:)`.
        public let icon: Icon?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(id: String, name: String? = nil, shortName: String? = nil, pluralName: String? = nil, icon: Icon? = nil) {
            self.id = id
            self.name = name
            self.shortName = shortName
            self.pluralName = pluralName
            self.icon = icon
        }

        /// The icon URL at `size`, when the category has an icon.
        public func iconURL(size: Icon.Size = .px64, background: Bool = false) -> URL? {
            icon?.url(size: size, background: background)
        }

        /// An `icon` without `prefix` or `suffix` (the document requires neither) reads as no icon: its URL cannot be built.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            shortName = try container.decodeIfPresent(String.self, forKey: .shortName)
            pluralName = try container.decodeIfPresent(String.self, forKey: .pluralName)
            icon = try Icon.decodeIfComplete(container, forKey: .icon)
        }

        enum CodingKeys: String, CodingKey {
            case id = "fsq_category_id"
            case name, icon
            case shortName = "short_name"
            case pluralName = "plural_name"
        }
    }

    /// A chain (brand) a place belongs to.
    public struct Chain: Codable, Sendable, Hashable, Identifiable {
        /// The chain's Foursquare id (`fsq_chain_id`).
        public let id: String
        /// The chain's name, e.g. a brand name (`name`).
        public let name: String?
        /// The chain's logo (`logo`).
        public let logo: Icon?
        /// The Foursquare id of the chain this one belongs to (`parent_id`).
        public let parentID: String?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(id: String, name: String? = nil, logo: Icon? = nil, parentID: String? = nil) {
            self.id = id
            self.name = name
            self.logo = logo
            self.parentID = parentID
        }

        /// A `logo` without `prefix` or `suffix` (the document requires neither) reads as no logo.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            logo = try Icon.decodeIfComplete(container, forKey: .logo)
            parentID = try container.decodeIfPresent(String.self, forKey: .parentID)
        }

        enum CodingKeys: String, CodingKey {
            case id = "fsq_chain_id"
            case name, logo
            case parentID = "parent_id"
        }
    }

    /// A place's address; the fields vary by country.
    public struct Location: Codable, Sendable, Hashable {
        /// The street address (`address`).
        public let address: String?
        /// The city or town (`locality`).
        public let locality: String?
        /// The state, province or region (`region`).
        public let region: String?
        /// The postal code (`postcode`).
        public let postcode: String?
        /// The administrative region where a country uses one (`admin_region`).
        public let adminRegion: String?
        /// The post town where a country uses one (`post_town`).
        public let postTown: String?
        /// The PO box (`po_box`).
        public let poBox: String?
        /// The two-letter country code (`country`).
        public let country: String?
        /// The whole address as one display line (`formatted_address`).
        public let formattedAddress: String?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(
            address: String? = nil, locality: String? = nil, region: String? = nil, postcode: String? = nil,
            adminRegion: String? = nil, postTown: String? = nil, poBox: String? = nil, country: String? = nil,
            formattedAddress: String? = nil
        ) {
            self.address = address
            self.locality = locality
            self.region = region
            self.postcode = postcode
            self.adminRegion = adminRegion
            self.postTown = postTown
            self.poBox = poBox
            self.country = country
            self.formattedAddress = formattedAddress
        }

        enum CodingKeys: String, CodingKey {
            case address, locality, region, postcode, country
            case adminRegion = "admin_region"
            case postTown = "post_town"
            case poBox = "po_box"
            case formattedAddress = "formatted_address"
        }
    }

    /// US market data attached to a location.
    public struct ExtendedLocation: Codable, Sendable, Hashable {
        /// The designated market area, a US media market such as "New York" (`dma`).
        public let dma: String?
        /// The US census block the place is in (`census_block_id`).
        public let censusBlockID: String?

        /// A value built in code (previews, tests); every optional defaults to nil.
        public init(dma: String? = nil, censusBlockID: String? = nil) {
            self.dma = dma
            self.censusBlockID = censusBlockID
        }

        enum CodingKeys: String, CodingKey {
            case dma
            case censusBlockID = "census_block_id"
        }
    }

    /// Opening hours: a display line and the regular weekly periods.
    public struct Hours: Codable, Sendable, Hashable {
        /// The hours as one display line, e.g. "Mon-Sun 7:00-18:00" (`display`).
        public let display: String?
        /// Whether today is a local holiday, so the hours may differ (`is_local_holiday`).
        public let isLocalHoliday: Bool?
        /// Whether the place was open when the answer was made (`open_now`).
        public let openNow: Bool?
        /// The regular weekly opening periods (`regular`).
        public let regular: [Period]?

        /// A value built in code (previews, tests); every optional defaults to nil.
        public init(display: String? = nil, isLocalHoliday: Bool? = nil, openNow: Bool? = nil, regular: [Period]? = nil) {
            self.display = display
            self.isLocalHoliday = isLocalHoliday
            self.openNow = openNow
            self.regular = regular
        }

        /// One opening period: `day` 1 (Monday) to 7, times as `HHMM`.
        public struct Period: Codable, Sendable, Hashable {
            /// The day of the week, 1 (Monday) to 7 (Sunday) (`day`).
            public let day: Int?
            /// The opening time, `HHMM` (`open`).
            public let open: String?
            /// The closing time, `HHMM` (`close`).
            public let close: String?

            /// A value built in code (previews, tests); every optional defaults to nil.
            public init(day: Int? = nil, open: String? = nil, close: String? = nil) {
                self.day = day
                self.open = open
                self.close = close
            }
        }

        enum CodingKeys: String, CodingKey {
            case display, regular
            case isLocalHoliday = "is_local_holiday"
            case openNow = "open_now"
        }
    }

    /// Counts of photos, ratings and tips.
    public struct Stats: Codable, Sendable, Hashable {
        /// How many photos the place has (`total_photos`).
        public let totalPhotos: Int?
        /// How many ratings the place has (`total_ratings`).
        public let totalRatings: Int?
        /// How many tips the place has (`total_tips`).
        public let totalTips: Int?

        /// A value built in code (previews, tests); every optional defaults to nil.
        public init(totalPhotos: Int? = nil, totalRatings: Int? = nil, totalTips: Int? = nil) {
            self.totalPhotos = totalPhotos
            self.totalRatings = totalRatings
            self.totalTips = totalTips
        }

        enum CodingKeys: String, CodingKey {
            case totalPhotos = "total_photos"
            case totalRatings = "total_ratings"
            case totalTips = "total_tips"
        }
    }

    /// A place's social accounts.
    public struct SocialMedia: Codable, Sendable, Hashable {
        /// The place's Facebook page id (`facebook_id`).
        public let facebookID: String?
        /// The place's Instagram handle (`instagram`).
        public let instagram: String?
        /// The place's Twitter handle (`twitter`).
        public let twitter: String?

        /// A value built in code (previews, tests); every optional defaults to nil.
        public init(facebookID: String? = nil, instagram: String? = nil, twitter: String? = nil) {
            self.facebookID = facebookID
            self.instagram = instagram
            self.twitter = twitter
        }

        enum CodingKeys: String, CodingKey {
            case facebookID = "facebook_id"
            case instagram, twitter
        }
    }

    /// A user tip, keyed `fsq_tip_id`.
    public struct Tip: Codable, Sendable, Hashable, Identifiable {
        /// The tip's Foursquare id (`fsq_tip_id`).
        public let id: String
        /// When the tip was written, ISO 8601 (`created_at`).
        public let createdAt: String?
        /// The tip's text as the user wrote it (`text`).
        public let text: String?
        /// The tip's page on Foursquare (`url`).
        public let url: String?
        /// The language of the tip's text, e.g. `en` (`lang`).
        public let lang: String?
        /// How many users agreed with the tip (`agree_count`).
        public let agreeCount: Int?
        /// How many users disagreed with the tip (`disagree_count`).
        public let disagreeCount: Int?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(
            id: String, createdAt: String? = nil, text: String? = nil, url: String? = nil, lang: String? = nil,
            agreeCount: Int? = nil, disagreeCount: Int? = nil
        ) {
            self.id = id
            self.createdAt = createdAt
            self.text = text
            self.url = url
            self.lang = lang
            self.agreeCount = agreeCount
            self.disagreeCount = disagreeCount
        }

        enum CodingKeys: String, CodingKey {
            case id = "fsq_tip_id"
            case text, url, lang
            case createdAt = "created_at"
            case agreeCount = "agree_count"
            case disagreeCount = "disagree_count"
        }
    }

    /// A photo, keyed `id`; the image URL is `prefix + size + suffix`. The same fields as the seed contract's
    /// photo, but its own type, so a 2025-06-17 answer that does not decode names a 2025-06-17 model.
    public struct Photo: Codable, Sendable, Hashable, Identifiable {
        /// The sizes the photo CDN accepts between prefix and suffix.
        public typealias Size = SeedContract.PlacePhoto.Size

        /// The photo's Foursquare id (`id`).
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

        /// The image URL at `size`, or nil when the photo lacks a prefix or suffix.
        public func imageURL(size: Size = .original) -> URL? {
            SeedContract.PlacePhoto(id: id, prefix: prefix, suffix: suffix).imageURL(size: size)
        }

        /// When the photo was added, parsed from `created_at`; nil when absent or unreadable.
        public var createdDate: Date? { SeedContract.PlacePhoto(id: id, createdAt: createdAt).createdDate }

        enum CodingKeys: String, CodingKey {
            case id, prefix, suffix, width, height, classifications
            case createdAt = "created_at"
        }
    }

    /// A point in a response body.
    public struct Point: Codable, Sendable, Hashable {
        /// Degrees north of the equator (`latitude`).
        public let latitude: Double?
        /// Degrees east of Greenwich (`longitude`).
        public let longitude: Double?

        /// A value built in code (previews, tests); every optional defaults to nil.
        public init(latitude: Double? = nil, longitude: Double? = nil) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// The area a search covered.
    public struct SearchContext: Codable, Sendable, Hashable {
        /// The bounds of the area searched (`geo_bounds`).
        public let geoBounds: GeoBounds?

        /// A value built in code (previews, tests); every optional defaults to nil.
        public init(geoBounds: GeoBounds? = nil) {
            self.geoBounds = geoBounds
        }

        /// The search circle.
        public struct GeoBounds: Codable, Sendable, Hashable {
            /// The circle searched (`circle`).
            public let circle: Circle?

            /// A value built in code (previews, tests); every optional defaults to nil.
            public init(circle: Circle? = nil) {
                self.circle = circle
            }
        }

        /// A center and a radius in meters.
        public struct Circle: Codable, Sendable, Hashable {
            /// The circle's center (`center`).
            public let center: Point?
            /// The circle's radius in meters (`radius`).
            public let radius: Int?

            /// A value built in code (previews, tests); every optional defaults to nil.
            public init(center: Point? = nil, radius: Int? = nil) {
                self.center = center
                self.radius = radius
            }
        }

        enum CodingKeys: String, CodingKey {
            case geoBounds = "geo_bounds"
        }
    }

    /// The display text of a suggestion, with the ranges that matched the query. Every member is optional, as the
    /// document has it: a suggestion without a `primary` line still decodes.
    public struct AutocompleteText: Codable, Sendable, Hashable {
        /// The main display line, e.g. the place's name (`primary`).
        public let primary: String?
        /// The second display line, e.g. the address (`secondary`).
        public let secondary: String?
        /// The parts of `primary` that match the query (`highlight`).
        public let highlight: [AutocompleteHighlight]?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(primary: String? = nil, secondary: String? = nil, highlight: [AutocompleteHighlight]? = nil) {
            self.primary = primary
            self.secondary = secondary
            self.highlight = highlight
        }
    }

    /// A matched range in `AutocompleteText.primary`, in characters; either bound may be missing.
    public struct AutocompleteHighlight: Codable, Sendable, Hashable {
        /// Where a matched part starts in `primary`, in characters (`start`).
        public let start: Int?
        /// How many characters the matched part spans (`length`).
        public let length: Int?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(start: Int? = nil, length: Int? = nil) {
            self.start = start
            self.length = length
        }

        /// The matched characters of `text`, when both bounds came and fall inside it.
        public func range(in text: String) -> Range<String.Index>? {
            guard let start, let length, start >= 0, length >= 0, start + length <= text.count else { return nil }
            let lower = text.index(text.startIndex, offsetBy: start)
            return lower..<text.index(lower, offsetBy: length)
        }
    }

    /// A suggested search: the query, or the category or chain it names.
    public struct SearchSuggestion: Codable, Sendable, Hashable {
        /// The search text to run (`query`).
        public let query: String?
        /// The category the suggestion searches for (`category`).
        public let category: Category?
        /// The chain the suggestion searches for (`chain`).
        public let chain: Chain?

        /// A value built in code (previews, tests); every optional defaults to nil.
        public init(query: String? = nil, category: Category? = nil, chain: Chain? = nil) {
            self.query = query
            self.category = category
            self.chain = chain
        }
    }

    /// A suggested geographic area.
    public struct Geo: Codable, Sendable, Hashable {
        /// The area's name, e.g. "Brooklyn, NY" (`name`).
        public let name: String?
        /// The area's center (`center`).
        public let center: Point?
        /// The box around the area (`bounds`).
        public let bounds: Bounds?
        /// The area's two-letter country code (`cc`).
        public let cc: String?
        /// The kind of area, as the API names it (`type`).
        public let type: String?

        /// A value built in code (previews, tests); every optional defaults to nil.
        public init(name: String? = nil, center: Point? = nil, bounds: Bounds? = nil, cc: String? = nil, type: String? = nil) {
            self.name = name
            self.center = center
            self.bounds = bounds
            self.cc = cc
            self.type = type
        }

        /// The box around the area.
        public struct Bounds: Codable, Sendable, Hashable {
            /// The box's north-east corner (`ne`).
            public let ne: Point?
            /// The box's south-west corner (`sw`).
            public let sw: Point?

            /// A value built in code (previews, tests); every optional defaults to nil.
            public init(ne: Point? = nil, sw: Point? = nil) {
                self.ne = ne
                self.sw = sw
            }
        }
    }
}

/// What `/places/search` answers in contract `C`: the places, as `C.Place`, and the area searched.
public struct SearchResponse<C: Contract20250617Models>: Codable, Sendable, Hashable {
    /// The places found, best match first unless `sort` asked otherwise (`results`).
    public let results: [C.Place]
    /// The area the search covered (`context`).
    public let context: Contract20250617.SearchContext?

    /// A value built in code (previews, tests); optionals default to nil.
    public init(results: [C.Place], context: Contract20250617.SearchContext? = nil) {
        self.results = results
        self.context = context
    }

    /// Reads `results` element by element (see `SkippedElement`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        results = try container.decodeResults([C.Place].self, forKey: .results)
        context = try container.decodeIfPresent(Contract20250617.SearchContext.self, forKey: .context)
    }

    enum CodingKeys: String, CodingKey {
        case results, context
    }
}

/// One `/autocomplete` suggestion in contract `C`: a place (a `C.Place`), a search or a geo, by `type`.
public struct AutocompleteResult<C: Contract20250617Models>: Codable, Sendable, Hashable {
    /// `place`, `search`, `geo`, or whatever newer type the server sends.
    // `type` and `text` are read as required: every suggestion has them, and an object
    // without them is not a suggestion.
    public let type: String
    /// The suggestion's display text, with the matched parts marked (`text`).
    public let text: Contract20250617.AutocompleteText
    /// The API path of the suggested item, e.g. `/places/…` or `/geos/…` (`link`).
    public let link: String?
    /// The place, when `type` is `place` (`place`).
    public let place: C.Place?
    /// The suggested search, when `type` is `search` (`search`).
    public let search: Contract20250617.SearchSuggestion?
    /// The suggested area, when `type` is `geo` (`geo`).
    public let geo: Contract20250617.Geo?
    /// The suggestion's icon (`icon`): the document gives it the photo schema; `prefix` and `suffix` make its URL.
    public let icon: Icon?

    /// A value built in code (previews, tests); every optional defaults to nil.
    public init(type: String, text: Contract20250617.AutocompleteText, link: String? = nil, place: C.Place? = nil, search: Contract20250617.SearchSuggestion? = nil, geo: Contract20250617.Geo? = nil,
                icon: Icon? = nil) {
        self.type = type
        self.text = text
        self.link = link
        self.place = place
        self.search = search
        self.geo = geo
        self.icon = icon
    }

    /// Reads each member; an `icon` without both `prefix` and `suffix` (optional in the document) is nil, not a failure.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        text = try container.decode(Contract20250617.AutocompleteText.self, forKey: .text)
        link = try container.decodeIfPresent(String.self, forKey: .link)
        place = try container.decodeIfPresent(C.Place.self, forKey: .place)
        search = try container.decodeIfPresent(Contract20250617.SearchSuggestion.self, forKey: .search)
        geo = try container.decodeIfPresent(Contract20250617.Geo.self, forKey: .geo)
        icon = try Icon.decodeIfComplete(container, forKey: .icon)
    }

    enum CodingKeys: String, CodingKey {
        case type, text, link, place, search, geo, icon
    }
}

/// What `/geotagging/candidates` answers in contract `C`: the places a user is likely at, as `C.Place`.
public struct GeotaggingCandidates<C: Contract20250617Models>: Codable, Sendable, Hashable {
    /// The likely places, most likely first (`candidates`).
    public let candidates: [C.Place]

    /// Candidates built in code.
    public init(candidates: [C.Place]) { self.candidates = candidates }

    /// Reads `candidates` element by element (see `SkippedElement`).
    public init(from decoder: any Decoder) throws {
        candidates = try decoder.container(keyedBy: CodingKeys.self).decodeResults([C.Place].self, forKey: .candidates)
    }

    enum CodingKeys: String, CodingKey {
        case candidates
    }
}
