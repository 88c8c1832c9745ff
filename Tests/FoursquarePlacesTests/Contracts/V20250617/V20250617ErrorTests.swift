import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// 2025-06-17 errors are `{"message": …}`; each status maps to its code on every endpoint.
@Suite("2025-06-17 error mapping")
struct V20250617ErrorTests {
    static func error(status: Int, body: String, headers: HTTPHeaders = [:], sample: EndpointSample) async throws -> FoursquareError {
        let transport = CapturingTransport(status: status, headers: headers, body: body)
        let client = FoursquareClient(apiKey: APIKey("k"), contract: .v20250617, transport: transport)
        return try #require(await foursquareError { () async throws(FoursquareError) in
            try await EndpointSamples.send(sample, via: client)
        })
    }

    static let samples = Contract.v20250617.endpoints.compactMap { EndpointSamples.sample($0.id, in: .v20250617) }

    @Test("statuses map to codes with the message", arguments: [
        (400, FoursquareError.Code.badRequest), (401, .unauthorized), (403, .forbidden), (404, .notFound),
        (429, .rateLimited), (500, .serverError), (502, .serverError), (503, .serverError), (418, .unexpectedStatus),
    ], samples)
    func statuses(mapping: (Int, FoursquareError.Code), sample: EndpointSample) async throws {
        let error = try await Self.error(status: mapping.0, body: #"{"message":"m\#(mapping.0)"}"#, sample: sample)
        #expect(error.code == mapping.1)
        #expect(error.status == mapping.0)
        #expect(error.message == "m\(mapping.0)")
        #expect(error.errorDetail == nil)
        guard case let .response(status, message) = error.details else {
            Issue.record("expected response details, got \(error.details)")
            return
        }
        #expect(status == mapping.0 && message == "m\(mapping.0)")
    }

    @Test("an unknown place id: 404 invalid venue specified")
    func invalidVenue() async throws {
        let sample = try #require(EndpointSamples.sample(.placeDetails, in: .v20250617))
        let error = try await Self.error(status: 404, body: #"{"message":"invalid venue specified"}"#, sample: sample)
        #expect(error.code == .notFound)
        #expect(error.message == "invalid venue specified")
        #expect(error.description.contains("notFound (HTTP 404): invalid venue specified"))
    }

    @Test("a raw key on a bearer-only contract is the server's to refuse: 401 maps to unauthorized")
    func rawKeyGets401() async throws {
        let transport = CapturingTransport(status: 401, body: #"{"message":"Invalid request token."}"#)
        let client = FoursquareClient(apiKey: APIKey("k"), contract: .v20250617, transport: transport).using(.apiKey)
        let error = try #require(await foursquareError { () async throws(FoursquareError) in
            _ = try await client.send(Contract20250617.PlaceDetailsRequest(placeID: "x"))
        })
        #expect(transport.lastRequest?.headers["Authorization"] == "k")
        #expect(error.code == .unauthorized)
    }

    @Test("429 carries Retry-After and the rate-limit headers")
    func rateLimited() async throws {
        let sample = try #require(EndpointSamples.sample(.placeSearch, in: .v20250617))
        let error = try await Self.error(
            status: 429, body: #"{"message":"Quota exceeded"}"#,
            headers: ["Retry-After": "30", "X-RateLimit-Limit": "500", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1767225600"],
            sample: sample)
        #expect(error.retryAfter == 30)
        #expect(error.rateLimit == RateLimit(limit: 500, remaining: 0, reset: 1_767_225_600))
        #expect(error.isRetryable)
    }

    @Test("a transport failure keeps the underlying error and describes it")
    func underlyingError() async throws {
        let client = PlacesClient<Contract20250617>(apiKey: APIKey("k"), transport: CapturingTransport(failingWith: URLError(.timedOut)))
        let error = try #require(await foursquareError { () async throws(FoursquareError) in
            _ = try await client.placeDetails(Contract20250617.PlaceDetailsRequest(placeID: "x"))
        })
        #expect(error.code == .timedOut)
        #expect(!error.isRetryable)
        #expect((error.underlyingError as? URLError)?.code == .timedOut)
        guard case let .transport(underlying, description) = error.details else {
            Issue.record("expected transport details, got \(error.details)")
            return
        }
        #expect((underlying as? URLError)?.code == .timedOut)
        #expect(description.contains("URLError -1001"))
    }

    @Test("the error code is an open set: known names parse, others do not, status maps")
    func openCode() throws {
        #expect(FoursquareError.Code(rawValue: "notFound") == .notFound)
        #expect(FoursquareError.Code(rawValue: "teapot") == nil)
        #expect(FoursquareError.Code.allCases.count == 13)
        #expect(FoursquareError.Code(rawValue: "cancelled") == .cancelled)
        #expect(FoursquareError.Code(rawValue: "timedOut") == .timedOut)
        #expect(FoursquareError.Code(rawValue: "fixtureMismatch") == .fixtureMismatch)
        #expect(FoursquareError.Code(status: 404) == .notFound)
        let encoded = try JSONEncoder().encode([FoursquareError.Code.rateLimited])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["rateLimited"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([FoursquareError.Code].self, from: Data(#"["x"]"#.utf8)) }
    }
}
