import Foundation

/// The stand-in's sample data: a few places in midtown Manhattan, with tips and photos, written from the fields
/// Foursquare's OpenAPI for 2025-06-17 documents, with their JSON types. Coordinates are JSON numbers: the
/// document types them as bare `object`, a generator flaw; the API sends numbers.
enum StandInPlaces {
    struct Place: Sendable {
        var id: String
        var name: String
        var latitude: Double
        var longitude: Double
        /// (fsq_category_id, name, short_name, plural_name, icon prefix)
        var categories: [(id: String, name: String, short: String, plural: String, icon: String)]
        var chain: (id: String, name: String)?
        var address: String
        var postcode: String
        var tel: String
        var website: String?
        var rating: Double
        var price: Int
        var openNow: Bool
        var dateCreated: String
        var dateRefreshed: String
        var tips: [Tip]
        var photos: [Photo]
    }

    struct Tip: Sendable {
        var id: String
        var createdAt: String
        var text: String
        var agree: Int
        var lang: String
    }

    struct Photo: Sendable {
        var id: String
        var createdAt: String
        var prefix: String
        var suffix: String
        var width: Int
        var height: Int
        var classifications: [String]
    }

    static let coffee = (id: "4bf58dd8d48988d1e0931735", name: "Coffee Shop", short: "Coffee Shop", plural: "Coffee Shops",
                         icon: "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_")
    static let cafe = (id: "4bf58dd8d48988d16d941735", name: "Café", short: "Café", plural: "Cafés",
                       icon: "https://ss3.4sqi.net/img/categories_v2/food/cafe_")
    static let bakery = (id: "4bf58dd8d48988d16a941735", name: "Bakery", short: "Bakery", plural: "Bakeries",
                         icon: "https://ss3.4sqi.net/img/categories_v2/food/bakery_")
    static let office = (id: "4bf58dd8d48988d124941735", name: "Office", short: "Office", plural: "Offices",
                         icon: "https://ss3.4sqi.net/img/categories_v2/building/default_")
    static let pizza = (id: "4bf58dd8d48988d1ca941735", name: "Pizzeria", short: "Pizza", plural: "Pizzerias",
                        icon: "https://ss3.4sqi.net/img/categories_v2/food/pizza_")

    /// Every place the stand-in knows; any other id gets 404 `invalid venue specified`.
    static let all: [Place] = [
        Place(id: "5a187743ccad6b307315e6fe", name: "Foursquare HQ", latitude: 40.744341, longitude: -73.987719,
              categories: [office], chain: nil, address: "50 W 23rd St", postcode: "10010", tel: "(646) 555-0100",
              website: "https://foursquare.com", rating: 8.9, price: 1, openNow: true,
              dateCreated: "2017-11-24", dateRefreshed: "2025-05-30",
              tips: [
                  Tip(id: "5b1a2f3c4d5e6f7a8b9c0d11", createdAt: "2024-03-02T14:10:00.000Z", text: "Great views of Madison Square Park.", agree: 12, lang: "en"),
                  Tip(id: "5b1a2f3c4d5e6f7a8b9c0d12", createdAt: "2025-01-17T09:45:00.000Z", text: "Ask for the rooftop tour.", agree: 4, lang: "en"),
              ],
              photos: [
                  Photo(id: "5c2b3a4d5e6f7a8b9c0d1e21", createdAt: "2023-06-11T18:02:11.000Z", prefix: "https://fastly.4sqi.net/img/general/",
                        suffix: "/1234_hq-lobby.jpg", width: 1440, height: 1920, classifications: ["indoor_general"]),
              ]),
        Place(id: "4a5f2f39f964a52067bf1fe3", name: "Starbucks", latitude: 40.748441, longitude: -73.985664,
              categories: [coffee], chain: (id: "ab4c54c0-d68a-012e-5619-003048cad9da", name: "Starbucks"),
              address: "350 5th Ave", postcode: "10118", tel: "(212) 555-0101", website: "https://www.starbucks.com",
              rating: 7.4, price: 2, openNow: true, dateCreated: "2009-07-16", dateRefreshed: "2025-06-02",
              tips: [
                  Tip(id: "5b1a2f3c4d5e6f7a8b9c0d21", createdAt: "2022-09-30T07:30:00.000Z", text: "Busy at 8am, quiet after 10.", agree: 31, lang: "en"),
                  Tip(id: "5b1a2f3c4d5e6f7a8b9c0d22", createdAt: "2024-12-05T16:20:00.000Z", text: "Mobile orders are ready fast.", agree: 9, lang: "en"),
                  Tip(id: "5b1a2f3c4d5e6f7a8b9c0d23", createdAt: "2025-04-21T11:05:00.000Z", text: "Café correcto, un poco caro.", agree: 2, lang: "es"),
              ],
              photos: [
                  Photo(id: "5c2b3a4d5e6f7a8b9c0d1e31", createdAt: "2021-02-14T10:00:00.000Z", prefix: "https://fastly.4sqi.net/img/general/",
                        suffix: "/2222_counter.jpg", width: 1920, height: 1440, classifications: ["food_or_drink"]),
                  Photo(id: "5c2b3a4d5e6f7a8b9c0d1e32", createdAt: "2024-08-03T12:30:00.000Z", prefix: "https://fastly.4sqi.net/img/general/",
                        suffix: "/2223_storefront.jpg", width: 1080, height: 1350, classifications: ["outdoor"]),
                  Photo(id: "5c2b3a4d5e6f7a8b9c0d1e33", createdAt: "2025-03-09T08:15:00.000Z", prefix: "https://fastly.4sqi.net/img/general/",
                        suffix: "/2224_menu.jpg", width: 1200, height: 1600, classifications: ["menu"]),
              ]),
        Place(id: "48cec87af964a520ea93746d", name: "Stumptown Coffee Roasters", latitude: 40.745648, longitude: -73.988253,
              categories: [coffee, cafe], chain: nil, address: "18 W 29th St", postcode: "10001", tel: "(212) 555-0102",
              website: nil, rating: 8.7, price: 2, openNow: false, dateCreated: "2009-09-10", dateRefreshed: "2025-05-18",
              tips: [
                  Tip(id: "5b1a2f3c4d5e6f7a8b9c0d31", createdAt: "2023-11-11T08:00:00.000Z", text: "Hair Bender espresso, every time.", agree: 18, lang: "en"),
              ],
              photos: [
                  Photo(id: "5c2b3a4d5e6f7a8b9c0d1e41", createdAt: "2022-05-20T09:10:00.000Z", prefix: "https://fastly.4sqi.net/img/general/",
                        suffix: "/3333_bar.jpg", width: 1440, height: 1440, classifications: ["indoor_or_ambience"]),
              ]),
        Place(id: "534ac091a59a6ceffe5649c9", name: "Culture Espresso", latitude: 40.752949, longitude: -73.989829,
              categories: [coffee, bakery], chain: nil, address: "247 W 38th St", postcode: "10018", tel: "(212) 555-0103",
              website: "https://cultureespresso.com", rating: 9.1, price: 1, openNow: true,
              dateCreated: "2014-04-13", dateRefreshed: "2025-06-10",
              tips: [
                  Tip(id: "5b1a2f3c4d5e6f7a8b9c0d41", createdAt: "2024-02-02T15:00:00.000Z", text: "The chocolate chip cookie is the reason to come.", agree: 44, lang: "en"),
                  Tip(id: "5b1a2f3c4d5e6f7a8b9c0d42", createdAt: "2025-05-29T10:40:00.000Z", text: "Seats fill up by noon.", agree: 3, lang: "en"),
              ],
              photos: []),
        Place(id: "4bf3c82cf964a52053874afa", name: "Joe's Pizza Broadway", latitude: 40.754683, longitude: -73.987231,
              categories: [pizza], chain: nil, address: "1435 Broadway", postcode: "10018", tel: "(212) 555-0104",
              website: nil, rating: 8.8, price: 1, openNow: true, dateCreated: "2010-05-19", dateRefreshed: "2025-06-12",
              tips: [],
              photos: [
                  Photo(id: "5c2b3a4d5e6f7a8b9c0d1e51", createdAt: "2023-10-01T19:45:00.000Z", prefix: "https://fastly.4sqi.net/img/general/",
                        suffix: "/5555_slice.jpg", width: 1920, height: 1920, classifications: ["food_or_drink"]),
              ]),
    ]

    static func place(id: String) -> Place? { all.first { $0.id == id } }

    /// The fields a `fields` projection may name on a place.
    static let placeFields: Set<String> = [
        "fsq_place_id", "latitude", "longitude", "categories", "chains", "date_created", "date_refreshed", "distance",
        "link", "location", "name", "tel", "website", "social_media", "extended_location", "placemaker_url",
        "rating", "price", "hours", "stats", "tips", "photos", "verified", "popularity", "description", "email",
    ]

    /// The fields sent when a request names none (the API's "Pro" fields).
    static let defaultFields: [String] = [
        "fsq_place_id", "latitude", "longitude", "categories", "chains", "date_created", "date_refreshed", "distance",
        "link", "location", "name", "tel", "website", "social_media", "extended_location", "placemaker_url",
    ]

    /// The place as JSON, with only `fields`; `distance` only when the request had a point to measure from.
    static func json(_ place: Place, fields: [String], distance: Int?) -> [String: Any] {
        var object: [String: Any] = [:]
        for field in fields {
            switch field {
            case "fsq_place_id": object[field] = place.id
            case "latitude": object[field] = place.latitude
            case "longitude": object[field] = place.longitude
            case "name": object[field] = place.name
            case "categories":
                object[field] = place.categories.map { category -> [String: Any] in
                    ["fsq_category_id": category.id, "name": category.name, "short_name": category.short,
                     "plural_name": category.plural, "icon": ["prefix": category.icon, "suffix": ".png"]]
                }
            case "chains":
                object[field] = place.chain.map { [["fsq_chain_id": $0.id, "name": $0.name]] } ?? [[String: Any]]()
            case "date_created": object[field] = place.dateCreated
            case "date_refreshed": object[field] = place.dateRefreshed
            case "distance": if let distance { object[field] = distance }
            case "link": object[field] = "/places/\(place.id)"
            case "location":
                object[field] = [
                    "address": place.address, "locality": "New York", "region": "NY", "postcode": place.postcode,
                    "country": "US", "formatted_address": "\(place.address), New York, NY \(place.postcode)",
                ]
            case "tel": object[field] = place.tel
            case "website": if let website = place.website { object[field] = website }
            case "social_media": object[field] = ["twitter": place.name.lowercased().filter(\.isLetter)]
            case "extended_location": object[field] = ["dma": "New York", "census_block_id": "360610076001000"]
            case "placemaker_url": object[field] = "https://foursquare.com/placemakers/review-place/\(place.id)"
            case "rating": object[field] = place.rating
            case "price": object[field] = place.price
            case "verified": object[field] = true
            case "popularity": object[field] = (place.rating / 10 * 1000).rounded() / 1000
            case "description": object[field] = "\(place.name) in Manhattan."
            case "email": object[field] = "hello@example.com"
            case "hours":
                object[field] = [
                    "display": "Mon-Sun 7:00 AM-8:00 PM", "is_local_holiday": false, "open_now": place.openNow,
                    "regular": (1...7).map { ["day": $0, "open": "0700", "close": "2000"] as [String: Any] },
                ]
            case "stats":
                object[field] = ["total_photos": place.photos.count, "total_ratings": 120 + place.tips.count * 7,
                                 "total_tips": place.tips.count]
            case "tips": object[field] = place.tips.map(json)
            case "photos":
                object[field] = place.photos.map { photo -> [String: Any] in
                    ["fsq_photo_id": photo.id, "created_at": photo.createdAt, "prefix": photo.prefix,
                     "suffix": photo.suffix, "width": photo.width, "height": photo.height,
                     "classifications": photo.classifications]
                }
            default: break
            }
        }
        return object
    }

    /// A tip as `/places/{id}/tips` sends it: keyed `fsq_tip_id`.
    static func json(_ tip: Tip) -> [String: Any] {
        ["fsq_tip_id": tip.id, "created_at": tip.createdAt, "text": tip.text, "lang": tip.lang,
         "agree_count": tip.agree, "disagree_count": 0]
    }

    /// A photo as `/places/{id}/photos` sends it: keyed `id`.
    static func photoJSON(_ photo: Photo) -> [String: Any] {
        ["id": photo.id, "created_at": photo.createdAt, "prefix": photo.prefix, "suffix": photo.suffix,
         "width": photo.width, "height": photo.height, "classifications": photo.classifications]
    }

    /// Great-circle distance in whole metres.
    static func distance(from latitude: Double, _ longitude: Double, to place: Place) -> Int {
        let radians = Double.pi / 180
        let dLat = (place.latitude - latitude) * radians, dLng = (place.longitude - longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * radians) * cos(place.latitude * radians) * sin(dLng / 2) * sin(dLng / 2)
        return Int((6_371_000 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())).rounded())
    }
}
