import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// Non-2xx statuses, undecodable bodies and transport failures, each mapped to a `FoursquareError`.
@Suite("Error mapping")
struct ErrorMappingTests {
    static func error(
        status: Int, headers: HTTPHeaders = ["Content-Type": "application/json"], body: String,
        endpoint: EndpointID = .placeDetails, contract: Contract = .seed, style: AuthStyle? = nil
    ) async throws -> FoursquareError {
        let transport = CapturingTransport(status: status, headers: headers, body: body)
        let client = engine(transport, key: "test-key", style: style ?? contract.authStyles[0])
        let sample = try #require(EndpointSamples.sample(endpoint, in: contract))
        let error = try #require(await foursquareError { () async throws(FoursquareError) in
            try await EndpointSamples.send(sample, via: client)
        })
        #expect(transport.requestCount == 1)
        return error
    }

    @Test("API statuses map to codes, keeping message and error_detail", arguments: [
        (400, FoursquareError.Code.badRequest, false),
        (401, .unauthorized, false),
        (403, .forbidden, false),
        (404, .notFound, false),
        (429, .rateLimited, true),
        (500, .serverError, true),
        (503, .serverError, true),
    ], EndpointSamples.all)
    func statusMapping(mapping: (Int, FoursquareError.Code, Bool), sample: EndpointSample) async throws {
        let (status, code, retryable) = mapping
        let body = #"{"message":"Message for \#(status)","error_detail":"Detail for \#(status)"}"#
        let error = try await Self.error(status: status, body: body, endpoint: sample.endpoint.id, contract: sample.contract)
        #expect(error.code == code)
        #expect(error.status == status)
        #expect(error.message == "Message for \(status)")
        #expect(error.errorDetail == "Detail for \(status)")
        #expect(error.response?.status == status)
        #expect(error.decoding == nil)
        #expect(error.isRetryable == retryable)
        let request = try #require(error.request)
        #expect(request.method == "GET")
        #expect(request.url.hasPrefix("https://places-api.foursquare.com/"))
        #expect(error.description.contains("Message for \(status)"))
        #expect(error.description.contains("Detail for \(status)"))
        #expect(error.localizedDescription == error.description)
    }

    @Test("the v2 endpoint maps statuses the same way with the bearer style")
    func bearerStatusMapping() async throws {
        let error = try await Self.error(status: 401, body: #"{"message":"Invalid token"}"#, endpoint: .autocomplete, style: .bearer)
        #expect(error.code == .unauthorized)
        #expect(error.message == "Invalid token")
        #expect(error.errorDetail == nil)
        #expect(error.request?.url.hasSuffix("/autocomplete?query=coffee") == true)
    }

    @Test("other statuses are unexpectedStatus", arguments: [418, 302, 304, 409, 422, 451, 100])
    func unexpectedStatus(status: Int) async throws {
        let error = try await Self.error(status: status, body: #"{"message":"odd \#(status)"}"#)
        #expect(error.code == .unexpectedStatus)
        #expect(error.status == status)
        #expect(error.message == "odd \(status)")
        #expect(error.description.contains("HTTP \(status)"))
        #expect(!error.isRetryable)
    }

    @Test("429 Retry-After in delta-seconds", arguments: [("120", 120.0), ("0", 0), (" 7 ", 7)])
    func retryAfterSeconds(header: String, seconds: Double) async throws {
        let error = try await Self.error(
            status: 429, headers: ["Retry-After": header], body: #"{"message":"Too many requests"}"#)
        #expect(error.code == .rateLimited)
        #expect(error.retryAfter == seconds)
        #expect(error.message == "Too many requests")
    }

    @Test("429 Retry-After as an HTTP date")
    func retryAfterDate() async throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: Date().addingTimeInterval(90))
        let error = try await Self.error(status: 429, headers: ["retry-after": date], body: "{}")
        let seconds = try #require(error.retryAfter)
        #expect((85...91).contains(seconds), "Retry-After \(date) gave \(seconds)s")
        #expect(error.description.contains("retry after"))

        // A date in the past means "now", not a negative wait.
        let past = try await Self.error(status: 429, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"], body: "{}")
        #expect(past.retryAfter == 0)
    }

    @Test("503 honours Retry-After too")
    func retryAfter503() async throws {
        let error = try await Self.error(status: 503, headers: ["Retry-After": "30"], body: "")
        #expect(error.code == .serverError)
        #expect(error.retryAfter == 30)
    }

    @Test("a garbled or missing Retry-After gives no wait", arguments: ["soon", "-5", ""])
    func retryAfterGarbage(header: String) async throws {
        let error = try await Self.error(status: 429, headers: ["Retry-After": header], body: "{}")
        #expect(error.code == .rateLimited)
        #expect(error.retryAfter == nil)
        let none = try await Self.error(status: 429, headers: [:], body: "{}")
        #expect(none.retryAfter == nil)
    }

    @Test("Retry-After is ignored on statuses that do not use it")
    func retryAfterIgnored() async throws {
        let error = try await Self.error(status: 404, headers: ["Retry-After": "10"], body: "{}")
        #expect(error.retryAfter == nil)
    }

    @Test("a non-JSON error body still maps by status, never as a decoding error", arguments: [
        (502, "<html><body><h1>502 Bad Gateway</h1></body></html>", FoursquareError.Code.serverError),
        (404, "", .notFound),
        (401, "", .unauthorized),
        (403, "Forbidden", .forbidden),
        (429, "[1,2,3]", .rateLimited),
        (400, #"{"message": 42}"#, .badRequest),
        (500, "null", .serverError),
    ])
    func nonJSONErrorBody(status: Int, body: String, code: FoursquareError.Code) async throws {
        let error = try await Self.error(status: status, headers: ["Content-Type": "text/html"], body: body)
        #expect(error.code == code)
        #expect(error.status == status)
        #expect(error.message == nil)
        #expect(error.errorDetail == nil)
        #expect(error.decoding == nil)
    }

    @Test("an error body with only error_detail keeps it")
    func onlyErrorDetail() async throws {
        let error = try await Self.error(status: 400, body: #"{"error_detail":"ll must be lat,lng"}"#)
        #expect(error.code == .badRequest)
        #expect(error.message == nil)
        #expect(error.errorDetail == "ll must be lat,lng")
        #expect(error.description.contains("ll must be lat,lng"))
    }

    @Test("a transport that throws gives transportFailed with the cause")
    func transportFailure() async throws {
        let transport = CapturingTransport(failingWith: TestTransportError("connection reset by peer"))
        let client = engine(transport, key: "test-key")
        let error = try #require(await foursquareError { () async throws(FoursquareError) in try await client.send(SeedContract.ChainsRequest(query: "Starbucks")).results })
        #expect(error.code == .transportFailed)
        #expect(error.status == nil)
        #expect(error.response == nil)
        #expect(error.reason?.contains("connection reset by peer") == true)
        #expect(error.request?.url == "https://places-api.foursquare.com/places/chains?query=Starbucks")
        #expect(error.isRetryable)
        #expect(error.description.hasPrefix("transport failed: "))
        #expect(transport.requestCount == 1)
    }

    @Test("a URLError keeps its code; the failing URL stays on the request, out of the text")
    func urlErrorFailure() async throws {
        let url = URL(string: "https://places-api.foursquare.com/places/chains?query=Starbucks")!
        let transport = CapturingTransport(failingWith: URLError(.cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        let error = try #require(await foursquareError { () async throws(FoursquareError) in try await engine(transport, key: "test-key").send(SeedContract.ChainsRequest(query: "Starbucks")).results })
        #expect(error.code == .transportFailed)
        #expect(error.reason?.contains(String(URLError.Code.cannotConnectToHost.rawValue)) == true)
        #expect(error.reason?.contains(url.absoluteString) == false)
        #expect(!error.description.contains("query=Starbucks"))
        #expect(error.request?.url == url.absoluteString)
    }
}

/// 2xx bodies that do not decode: `decodingFailed` with a JSON path and the expected versus found type.
@Suite("Decoding failures")
struct DecodingFailureTests {
    static func failure(_ body: String, endpoint: EndpointID = .placeSearch, status: Int = 200) async throws -> FoursquareError {
        let transport = CapturingTransport(status: status, body: body)
        var client = FoursquareClient(apiKey: "k", transport: transport)
        // Strict, as the harness decodes: a result element that does not decode fails the call with its path
        // (by default the client drops it instead; LenientResultsTests).
        client.decodesResultsLeniently = false
        let error = try #require(await foursquareError { () async throws(FoursquareError) in
            try await EndpointSamples.send(endpoint, via: client)
        })
        #expect(error.code == .decodingFailed)
        #expect(error.status == status)
        #expect(error.response?.status == status)
        #expect(error.request != nil)
        #expect(!error.isRetryable)
        return error
    }

    @Test("a number where a string belongs")
    func typeMismatch() async throws {
        let error = try await Self.failure(#"{"results":[{"fsq_id":"a","name":42}]}"#)
        let decoding = try #require(error.decoding)
        #expect(decoding.path == "$.results[0].name")
        #expect(decoding.expected == "string")
        #expect(decoding.found == "number")
        #expect(error.description.contains("at $.results[0].name: expected string, found number"))
    }

    @Test("a string where a number belongs, deep inside")
    func nestedTypeMismatch() async throws {
        let body = #"{"results":[{"fsq_id":"a","name":"A"},{"fsq_id":"b","name":"B","categories":[{"id":"13034","name":"Coffee"}]}]}"#
        let decoding = try #require(try await Self.failure(body).decoding)
        #expect(decoding.path == "$.results[1].categories[0].id")
        #expect(decoding.expected.hasPrefix("number"))
        #expect(decoding.found == "string")
    }

    @Test("a missing required key")
    func missingKey() async throws {
        let decoding = try #require(try await Self.failure(#"{"results":[{"fsq_id":"a"}]}"#).decoding)
        #expect(decoding.path == "$.results[0].name")
        #expect(decoding.found == "no such key")
    }

    @Test("a missing results array")
    func missingResults() async throws {
        let decoding = try #require(try await Self.failure(#"{"places":[]}"#, endpoint: .chains).decoding)
        #expect(decoding.path == "$.results")
        #expect(decoding.found == "no such key")
    }

    @Test("null where a value is required")
    func nullValue() async throws {
        let decoding = try #require(try await Self.failure(#"{"results":[{"fsq_id":"a","name":null}]}"#).decoding)
        #expect(decoding.path == "$.results[0].name")
        #expect(decoding.expected == "string")
        #expect(decoding.found == "null")
    }

    @Test("an object where an array belongs")
    func objectForArray() async throws {
        let decoding = try #require(try await Self.failure(#"{"results":{"fsq_id":"a"}}"#, endpoint: .geotagging).decoding)
        #expect(decoding.path == "$.results")
        #expect(decoding.expected == "array")
        #expect(decoding.found == "object")
    }

    @Test("a boolean is reported as a boolean, not a number")
    func booleanFound() async throws {
        let decoding = try #require(try await Self.failure(#"{"results":[{"fsq_id":true,"name":"x"}]}"#).decoding)
        #expect(decoding.path == "$.results[0].fsq_id")
        #expect(decoding.found == "boolean")
    }

    @Test("the v2 autocomplete reports paths into nested text")
    func autocompletePath() async throws {
        let body = #"{"results":[{"type":"place","text":{"primary":7}}]}"#
        let decoding = try #require(try await Self.failure(body, endpoint: .autocomplete).decoding)
        #expect(decoding.path == "$.results[0].text.primary")
        #expect(decoding.found == "number")
    }

    @Test("an empty 2xx body is a decoding failure", arguments: [200, 201, 204])
    func emptyBody(status: Int) async throws {
        let error = try await Self.failure("", endpoint: .categories, status: status)
        #expect(error.decoding?.found == "an empty body")
    }

    @Test("malformed JSON and HTML in a 2xx are decoding failures", arguments: [
        #"{"results": ["#, "<html>OK</html>", "results",
    ])
    func malformed(body: String) async throws {
        let error = try await Self.failure(body, endpoint: .chains)
        #expect(error.decoding?.found == "malformed JSON")
        #expect(error.decoding?.path == "$")
    }

    @Test("unknown extra fields do not break decoding")
    func extraFields() async throws {
        let body = #"{"results":[{"fsq_id":"a","name":"A","chains":[],"popularity":0.9,"new_field":{"x":1}}],"context":{}}"#
        let transport = CapturingTransport(body: body)
        let client = FoursquareClient(apiKey: "k", transport: transport)
        let places = try await client.send(SeedContract.PlaceSearchRequest(location: .near("Paris"))).results
        #expect(places.map(\.id) == ["a"])
    }
}
