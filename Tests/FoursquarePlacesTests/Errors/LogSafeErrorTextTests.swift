import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// An error's text lands in logs and crash reports: it names the operation and the status, never a location, a
/// search text, a session token or a place id. Sentinels make a leak visible; the request property keeps them all.
@Suite("Error text safe to log")
struct LogSafeErrorTextTests {
    typealias C = Contract20250617
    static let key = "SENTINEL-KEY-7c1e"
    static let secrets = ["40.123456", "-73.654321", "SentinelTown", "SENTINEL-SESSION-42", "SENTINELPLACE0001", "41.987654",
                          "-72.111111", "sentinel query text"]

    static let ll = C.PlaceSearchRequest(query: "sentinel query text", location: .ll(Coordinate(latitude: 40.123456, longitude: -73.654321)))
    static let near = C.PlaceSearchRequest(location: .near("SentinelTown"))
    static let bounds = C.PlaceSearchRequest(location: .bounds(ne: Coordinate(latitude: 41.987654, longitude: -72.111111),
                                                         sw: Coordinate(latitude: 40.123456, longitude: -73.654321)))
    static let session = C.AutocompleteRequest(query: "sentinel query text", sessionToken: "SENTINEL-SESSION-42")
    static let details = C.PlaceDetailsRequest(placeID: "SENTINELPLACE0001")

    /// Answers that echo the request back, as servers and proxies do.
    static let replies: [(String, @Sendable (HTTPRequest) -> CapturingTransport.Reply)] = [
        ("400 echoing the request", { request in
            let values = request.queryParameters.values.sorted().joined(separator: " ")
            let body = try! JSONSerialization.data(withJSONObject: [
                "message": "Invalid request \(request.url.absoluteString)", "error_detail": "bad values: \(values) \(request.path)"])
            return .response(status: 400, headers: [:], body: body)
        }),
        ("429", { _ in .response(status: 429, headers: ["Retry-After": "3"], body: Data(#"{"message":"Rate limit exceeded."}"#.utf8)) }),
        ("404", { request in .response(status: 404, headers: [:], body: Data(#"{"message":"no place at \#(request.path)"}"#.utf8)) }),
        ("decoding", { _ in .response(status: 200, headers: [:], body: Data(#"{"results":"x","candidates":"x"}"#.utf8)) }),
        ("URLError with the URL", { request in .failure(URLError(.cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: request.url])) }),
        ("a transport error quoting the URL", { request in
            .failure(TextError(text: "GET \(request.url.absoluteString) failed; \(request.queryParameters.values.sorted()) at 40.12345600"))
        }),
        ("timeout", { _ in .failure(URLError(.timedOut)) }),
        ("cancelled", { _ in .failure(CancellationError()) }),
    ]

    struct TextError: Error, Sendable, CustomStringConvertible { let text: String; var description: String { text } }

    static func texts(_ error: FoursquareError) -> [(String, String)] {
        [("description", error.description), ("debugDescription", error.debugDescription),
         ("localizedDescription", error.localizedDescription), ("String(describing:)", String(describing: error)),
         ("interpolated", "\(error)")]
    }

    static func check(_ error: FoursquareError, _ label: String) {
        for (name, text) in texts(error) {
            for secret in secrets + [key] {
                #expect(!text.contains(secret), "\(label): \(name) shows '\(secret)': \(text)")
            }
            #expect(!text.contains("places-api.foursquare.com"), "\(label): \(name) shows the URL: \(text)")
        }
    }

    @Test("no answer's error text shows the query values or the place id; the request keeps them")
    func responses() async throws {
        for (label, reply) in Self.replies {
            let client = PlacesClient<C>(apiKey: APIKey(Self.key), transport: CapturingTransport(handler: reply))
            let calls: [(String, @Sendable () async throws(FoursquareError) -> Void)] = [
                ("search ll", { () async throws(FoursquareError) in _ = try await client.placeSearch(Self.ll) }),
                ("search near", { () async throws(FoursquareError) in _ = try await client.placeSearch(Self.near) }),
                ("search ne/sw", { () async throws(FoursquareError) in _ = try await client.placeSearch(Self.bounds) }),
                ("autocomplete", { () async throws(FoursquareError) in _ = try await client.autocomplete(Self.session) }),
                ("details", { () async throws(FoursquareError) in _ = try await client.placeDetails(Self.details) }),
            ]
            for (name, call) in calls {
                let error = try #require(await foursquareError(call), "\(label) \(name)")
                Self.check(error, "\(label) \(name)")
                #expect(error.description.contains("[GET /"), "\(label) \(name): \(error)")
                #expect(error.request?.url.contains("places-api.foursquare.com") == true)
            }
        }
    }

    @Test("the text names the operation by its template and the status")
    func operationAndStatus() async throws {
        let client = PlacesClient<C>(apiKey: APIKey(Self.key), transport: CapturingTransport(status: 404, body: #"{"message":"gone"}"#))
        let error = try #require(await foursquareError { () async throws(FoursquareError) in _ = try await client.placeDetails(Self.details) })
        #expect(error.description == "notFound (HTTP 404): gone [GET /places/{fsq_place_id}]")
        #expect(error.operation == "GET /places/{fsq_place_id}")
        #expect(error.request?.url == "https://places-api.foursquare.com/places/SENTINELPLACE0001")
    }

    @Test("a refused input's text leaves out the refused value")
    func refusedInput() async throws {
        let client = PlacesClient<C>(apiKey: APIKey(Self.key), transport: CapturingTransport())
        let southOfSW = C.PlaceSearchRequest(location: .bounds(ne: Coordinate(latitude: 40.123456, longitude: -73.654321),
                                                          sw: Coordinate(latitude: 41.987654, longitude: -72.111111)))
        let outside = C.PlaceSearchRequest(location: .ll(Coordinate(latitude: 123.456789, longitude: 10.5)))
        for request in [southOfSW, outside] {
            let error = try #require(await foursquareError { () async throws(FoursquareError) in _ = try await client.placeSearch(request) })
            #expect(error.code == .invalidInput)
            Self.check(error, "invalid input")
            #expect(!error.description.contains("123.456789"), "\(error)")
            #expect(error.description.hasPrefix("invalid input: "), "\(error)")
            #expect(error.description.hasSuffix("[GET /places/search]"), "\(error)")
        }
        let slash = C.PlaceDetailsRequest(placeID: "SENTINELPLACE0001/x")
        let error = try #require(await foursquareError { () async throws(FoursquareError) in _ = try await client.placeDetails(slash) })
        Self.check(error, "bad place id")
    }
}
