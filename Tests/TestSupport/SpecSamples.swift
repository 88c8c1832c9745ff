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

    /// The sample body for `id`.
    public static func body(for id: EndpointID) -> String {
        switch id {
        case .placeDetails: placeDetails
        case .placeTips: placeTips
        case .placePhotos: placePhotos
        case .placesAutocomplete: placesAutocomplete
        case .placeSearch: placeSearch
        case .geotagging: geotagging
        case .categories: categories
        case .chains: chains
        case .autocomplete: autocomplete
        }
    }
}

/// One valid, representative request per endpoint, for tests that loop over every endpoint.
public enum EndpointSamples {
    public static let placeID = "4a5f2f39f964a52067bf1fe3"

    /// Sends a valid request for `id` through `client`, discarding the decoded response.
    public static func send(_ id: EndpointID, via client: FoursquareClient) async throws(FoursquareError) {
        switch id {
        case .placeDetails: _ = try await client.send(PlaceDetailsRequest(placeID: placeID, fields: ["fsq_id", "name"]))
        case .placeTips: _ = try await client.send(PlaceTipsRequest(placeID: placeID, limit: 5))
        case .placePhotos: _ = try await client.send(PlacePhotosRequest(placeID: placeID, limit: 5))
        case .placesAutocomplete:
            _ = try await client.send(PlacesAutocompleteRequest(query: "blue bottle", ll: Coordinate(latitude: 37.8, longitude: -122.27)))
        case .placeSearch: _ = try await client.send(PlaceSearchRequest(query: "coffee", near: "Oakland, CA"))
        case .geotagging: _ = try await client.send(GeotaggingRequest(ll: Coordinate(latitude: 42.3601, longitude: -71.0589)))
        case .categories: _ = try await client.send(CategoriesRequest(locale: "en"))
        case .chains: _ = try await client.send(ChainsRequest(query: "Blue Bottle"))
        case .autocomplete: _ = try await client.send(AutocompleteRequest(query: "coffee"))
        }
    }

    /// The HTTP request `client` would send for the sample request of `id`.
    public static func httpRequest(_ id: EndpointID, via client: FoursquareClient) throws(FoursquareError) -> HTTPRequest {
        switch id {
        case .placeDetails: try client.makeHTTPRequest(PlaceDetailsRequest(placeID: placeID, fields: ["fsq_id", "name"]))
        case .placeTips: try client.makeHTTPRequest(PlaceTipsRequest(placeID: placeID, limit: 5))
        case .placePhotos: try client.makeHTTPRequest(PlacePhotosRequest(placeID: placeID, limit: 5))
        case .placesAutocomplete:
            try client.makeHTTPRequest(PlacesAutocompleteRequest(query: "blue bottle", ll: Coordinate(latitude: 37.8, longitude: -122.27)))
        case .placeSearch: try client.makeHTTPRequest(PlaceSearchRequest(query: "coffee", near: "Oakland, CA"))
        case .geotagging: try client.makeHTTPRequest(GeotaggingRequest(ll: Coordinate(latitude: 42.3601, longitude: -71.0589)))
        case .categories: try client.makeHTTPRequest(CategoriesRequest(locale: "en"))
        case .chains: try client.makeHTTPRequest(ChainsRequest(query: "Blue Bottle"))
        case .autocomplete: try client.makeHTTPRequest(AutocompleteRequest(query: "coffee"))
        }
    }
}
