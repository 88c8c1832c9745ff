import Foundation
import FoursquarePlaces

/// The "Typical response schema" JSON of each endpoint, copied from the spec documents.
public enum SpecSamples {
    /// 000, `GET /places/{fsq_id}`.
    public static let placeDetails = """
        {
          "fsq_id": "5a187743ccad6b307315e6fe",
          "name": "Sample Venue",
          "timezone": "America/Los_Angeles",
          "website": "https://example.com",
          "tel": "+1 555 123 4567",
          "categories": [{ "id": 13034, "name": "Coffee Shop" }],
          "location": {
            "address": "123 Example St",
            "locality": "Oakland",
            "region": "CA",
            "country": "US",
            "formatted_address": "123 Example St, Oakland, CA 94607"
          }
        }
        """

    /// 000, `GET /places/{fsq_id}/tips`.
    public static let placeTips = """
        {
          "results": [
            {
              "id": "5f0c2f1e5b4f5f0a3f5d7a11",
              "created_at": "2024-01-12T20:45:11.000Z",
              "text": "Great espresso and friendly staff",
              "lang": "en"
            }
          ]
        }
        """

    /// 000, `GET /places/{fsq_id}/photos`.
    public static let placePhotos = """
        {
          "results": [
            {
              "id": "6484f4f8f42f6f21a2f8bb2d",
              "created_at": "2024-01-10T18:33:22.000Z",
              "prefix": "https://fastly.4sqi.net/img/general/",
              "suffix": "/12345_photo.jpg",
              "width": 1440,
              "height": 1080
            }
          ]
        }
        """

    /// 001, `GET /places/autocomplete`.
    public static let placesAutocomplete = """
        {
          "results": [
            {
              "fsq_id": "4a5f2f39f964a52067bf1fe3",
              "name": "Blue Bottle Coffee",
              "distance": 120,
              "categories": [
                {
                  "id": 13034,
                  "name": "Coffee Shop",
                  "icon": {
                    "prefix": "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_",
                    "suffix": ".png"
                  }
                }
              ],
              "location": {
                "address": "300 Webster St",
                "locality": "Oakland",
                "region": "CA",
                "country": "US"
              }
            }
          ]
        }
        """

    /// 001, `GET /places/search`.
    public static let placeSearch = """
        {
          "results": [
            {
              "fsq_id": "4a5f2f39f964a52067bf1fe3",
              "name": "Sample Coffee Shop",
              "distance": 120,
              "categories": [{ "id": 13034, "name": "Coffee Shop" }],
              "location": {
                "address": "123 Example St",
                "locality": "New York",
                "region": "NY",
                "country": "US"
              },
              "geocodes": {
                "main": { "latitude": 40.7243, "longitude": -74.0018 }
              }
            }
          ]
        }
        """

    /// 002, `GET /places/geotagging`.
    public static let geotagging = """
        {
          "results": [
            {
              "fsq_id": "4a5f2f39f964a52067bf1fe3",
              "name": "Sample Coffee Shop",
              "distance": 45,
              "categories": [
                {
                  "id": 13034,
                  "name": "Coffee Shop",
                  "icon": {
                    "prefix": "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_",
                    "suffix": ".png"
                  }
                }
              ],
              "location": {
                "address": "123 Example St",
                "locality": "Boston",
                "region": "MA",
                "country": "US"
              }
            }
          ]
        }
        """

    /// 003, `GET /places/categories`.
    public static let categories = """
        {
          "results": [
            {
              "id": 13000,
              "name": "Dining and Drinking",
              "short_name": "Dining",
              "plural_name": "Dining and Drinking Places",
              "icon": {
                "prefix": "https://ss3.4sqi.net/img/categories_v2/food/default_",
                "suffix": ".png"
              },
              "parent": null,
              "categories": [
                {
                  "id": 13065,
                  "name": "Restaurant",
                  "short_name": "Restaurant",
                  "plural_name": "Restaurants",
                  "icon": {
                    "prefix": "https://ss3.4sqi.net/img/categories_v2/food/default_",
                    "suffix": ".png"
                  },
                  "parent": 13000,
                  "categories": []
                }
              ]
            }
          ]
        }
        """

    /// 003, `GET /places/chains`.
    public static let chains = """
        {
          "results": [
            {
              "fsq_id": "c3f5c4fd-617e-4f74-bb3f-2f58f9fa7654",
              "name": "Blue Bottle Coffee"
            }
          ]
        }
        """

    /// 004, `GET /autocomplete`. 004 shows no JSON, only Swift models (`AutocompleteResult` with
    /// `type`, `text{primary,secondary,highlight[{start,length}]}`, `link`, `place`); this body follows
    /// them, with `place` shaped like 001's place candidate, plus a search suggestion without link/place.
    public static let autocomplete = """
        {
          "results": [
            {
              "type": "place",
              "text": {
                "primary": "Blue Bottle Coffee",
                "secondary": "300 Webster St, Oakland, CA",
                "highlight": [{ "start": 12, "length": 6 }]
              },
              "link": "/places/4a5f2f39f964a52067bf1fe3",
              "place": {
                "fsq_id": "4a5f2f39f964a52067bf1fe3",
                "name": "Blue Bottle Coffee",
                "distance": 120,
                "categories": [{ "id": 13034, "name": "Coffee Shop" }],
                "location": { "address": "300 Webster St", "locality": "Oakland", "region": "CA", "country": "US" }
              }
            },
            {
              "type": "search",
              "text": { "primary": "coffee shops" }
            }
          ]
        }
        """

    /// The sample body for `id` in the seed contract.
    public static func body(for id: EndpointID) -> String { EndpointSamples.sample(id, in: .seed)?.body ?? "{}" }
}

/// Bodies of the 2025-06-17 API with only fields Foursquare's OpenAPI documents, in their JSON types
/// (numbers for the coordinates the document types as bare objects).
public enum V20250617Samples {
    public static let place = """
        {
          "fsq_place_id": "4b5a1c3ef964a520b0b128e3",
          "name": "Blue Bottle Coffee",
          "latitude": 37.7764,
          "longitude": -122.4233,
          "categories": [{ "fsq_category_id": "4bf58dd8d48988d1e0931735", "name": "Coffee Shop",
                           "short_name": "Coffee Shop", "plural_name": "Coffee Shops",
                           "icon": { "prefix": "https://ss3.4sqi.net/img/categories_v2/food/coffeeshop_", "suffix": ".png" } }],
          "chains": [{ "fsq_chain_id": "ab4c54c0-d68a-012e-5619-003048cad9da", "name": "Blue Bottle" }],
          "location": { "address": "315 Linden St", "locality": "San Francisco", "region": "CA", "postcode": "94102",
                        "country": "US", "formatted_address": "315 Linden St, San Francisco, CA 94102" },
          "distance": 120,
          "link": "/places/4b5a1c3ef964a520b0b128e3",
          "date_created": "2010-01-22",
          "date_refreshed": "2025-05-01",
          "tel": "(510) 653-3394",
          "website": "https://bluebottlecoffee.com",
          "hours": { "display": "Mon-Sun 7:00-18:00", "open_now": true, "is_local_holiday": false,
                     "regular": [{ "day": 1, "open": "0700", "close": "1800" }] },
          "rating": 9.1,
          "price": 2,
          "popularity": 0.98,
          "verified": true,
          "stats": { "total_photos": 120, "total_ratings": 300, "total_tips": 42 },
          "social_media": { "instagram": "bluebottle", "twitter": "bluebottleroast" },
          "tastes": ["pour-over"]
        }
        """

    public static let search = """
        { "results": [\(place)],
          "context": { "geo_bounds": { "circle": { "center": { "latitude": 37.7764, "longitude": -122.4233 }, "radius": 1000 } } } }
        """

    public static let tips = """
        [{ "fsq_tip_id": "5f0c2f1e5b4f5f0a3f5d7a11", "created_at": "2023-04-01T12:00:00.000Z", "text": "Get the New Orleans iced.",
           "lang": "en", "agree_count": 3, "disagree_count": 0 }]
        """

    public static let photos = """
        [{ "id": "5d8e2b1c7f1a2b0008c3a1b2", "created_at": "2019-09-27T15:00:00.000Z",
           "prefix": "https://fastly.4sqi.net/img/general/", "suffix": "/photo.jpg", "width": 1440, "height": 1920,
           "classifications": ["food"] }]
        """

    public static let autocomplete = """
        { "results": [
            { "type": "place", "text": { "primary": "Blue Bottle Coffee", "secondary": "315 Linden St",
                                         "highlight": [{ "start": 0, "length": 4 }] },
              "link": "/places/4b5a1c3ef964a520b0b128e3", "place": \(place) },
            { "type": "search", "text": { "primary": "coffee" }, "search": { "query": "coffee" } },
            { "type": "geo", "text": { "primary": "San Francisco, CA" },
              "geo": { "name": "San Francisco", "center": { "latitude": 37.77, "longitude": -122.42 },
                       "bounds": { "ne": { "latitude": 37.83, "longitude": -122.35 }, "sw": { "latitude": 37.7, "longitude": -122.51 } },
                       "cc": "US", "type": "locality" } }
        ] }
        """

    public static let geotaggingCandidates = """
        { "candidates": [\(place)] }
        """
}

/// One valid, representative request and a 2xx body per endpoint of every contract, for tests that
/// loop over the registry. The request is built through the registry from a sample query.
public struct EndpointSample: Sendable, CustomStringConvertible {
    public let endpoint: Endpoint
    /// The place id the path carries, when the template has one.
    public let placeID: String?
    public let query: [String: String]
    public let body: String

    public var contract: Contract { Contract.named(endpoint.contract)! }
    public var request: any EndpointRequest { try! endpoint.makeRequest(placeID: placeID, query: query) }
    public var description: String { "\(endpoint.contract) \(endpoint.id)" }
}

public enum EndpointSamples {
    public static let placeID = "4a5f2f39f964a52067bf1fe3"

    private static let seed: [EndpointID: (query: [String: String], body: String)] = [
        .placeDetails: (["fields": "fsq_id,name"], SpecSamples.placeDetails),
        .placeTips: (["limit": "5"], SpecSamples.placeTips),
        .placePhotos: (["limit": "5"], SpecSamples.placePhotos),
        .placesAutocomplete: (["query": "blue bottle", "ll": "37.8,-122.27"], SpecSamples.placesAutocomplete),
        .placeSearch: (["query": "coffee", "near": "Oakland, CA"], SpecSamples.placeSearch),
        .geotagging: (["ll": "42.3601,-71.0589"], SpecSamples.geotagging),
        .categories: (["locale": "en"], SpecSamples.categories),
        .chains: (["query": "Blue Bottle"], SpecSamples.chains),
        .autocomplete: (["query": "coffee"], SpecSamples.autocomplete),
    ]

    private static let current: [EndpointID: (query: [String: String], body: String)] = [
        .placeSearch: (["query": "coffee", "ll": "37.7764,-122.4233", "radius": "1000", "fsq_category_ids": "4bf58dd8d48988d1e0931735",
                        "open_now": "true", "sort": "DISTANCE", "limit": "5"], V20250617Samples.search),
        .placeDetails: (["fields": "fsq_place_id,name"], V20250617Samples.place),
        .placeTips: (["limit": "5", "sort": "NEWEST"], V20250617Samples.tips),
        .placePhotos: (["limit": "5", "classifications": "food"], V20250617Samples.photos),
        .autocomplete: (["query": "blue bottle", "types": "place,search", "limit": "5"], V20250617Samples.autocomplete),
        .geotaggingCandidates: (["ll": "37.7764,-122.4233", "hacc": "20", "limit": "3"], V20250617Samples.geotaggingCandidates),
    ]

    /// The sample for `id` in `contract`, nil when the contract has no such endpoint.
    public static func sample(_ id: EndpointID, in contract: Contract) -> EndpointSample? {
        guard let endpoint = contract.endpoint(id),
              let entry = (contract.id == Contract.seed.id ? seed : current)[id] else { return nil }
        return EndpointSample(endpoint: endpoint, placeID: endpoint.hasPlaceID ? placeID : nil, query: entry.query, body: entry.body)
    }

    /// A sample for every endpoint of every contract, in registry order.
    public static var all: [EndpointSample] {
        Contract.all.flatMap { contract in contract.endpoints.compactMap { sample($0.id, in: contract) } }
    }

    /// Sends the seed sample request for `id` through `client`, discarding the decoded response.
    package static func send(_ id: EndpointID, via client: FoursquareClient) async throws(FoursquareError) {
        guard let sample = sample(id, in: .seed) else { return }
        try await send(sample, via: client)
    }

    /// Sends `sample`'s request through `client`, discarding the decoded response.
    package static func send(_ sample: EndpointSample, via client: FoursquareClient) async throws(FoursquareError) {
        _ = try await client.send(sample.request)
    }

    /// The HTTP request `client` would send for the seed sample request of `id`.
    package static func httpRequest(_ id: EndpointID, via client: FoursquareClient) throws(FoursquareError) -> HTTPRequest {
        try httpRequest(sample(id, in: .seed)!, via: client)
    }

    package static func httpRequest(_ sample: EndpointSample, via client: FoursquareClient) throws(FoursquareError) -> HTTPRequest {
        try client.makeHTTPRequest(sample.request)
    }
}
