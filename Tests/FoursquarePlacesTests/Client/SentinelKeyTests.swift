import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// A recognisable key must never show up in anything a user could print or log.
@Suite("Sentinel key never leaks")
struct SentinelKeyTests {
    static let key = "SENTINEL-KEY-9f8e7d6c5b4a"
    static let keyTail = "5b4a"

    /// One way a call can fail.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let label: String
        let code: FoursquareError.Code
        let reply: CapturingTransport.Reply
        var testDescription: String { label }

        static func status(_ status: Int, _ code: FoursquareError.Code, body: String? = nil, headers: HTTPHeaders = ["Content-Type": "application/json"]) -> Scenario {
            // By default the server echoes the key back in both message and error_detail.
            let body = body ?? #"{"message":"Invalid key \#(key)","error_detail":"Authorization: Bearer \#(key) was rejected"}"#
            return Scenario(label: "HTTP \(status)", code: code, reply: .response(status: status, headers: headers, body: Data(body.utf8)))
        }
    }

    static let scenarios: [Scenario] = [
        .status(400, .badRequest),
        .status(401, .unauthorized),
        .status(403, .forbidden),
        .status(404, .notFound),
        .status(429, .rateLimited, headers: ["Retry-After": "5"]),
        .status(500, .serverError),
        .status(503, .serverError),
        .status(418, .unexpectedStatus),
        .status(302, .unexpectedStatus, headers: ["Location": "https://example.com/"]),
        Scenario(label: "HTML 502 echoing the key", code: .serverError, reply: .response(
            status: 502, headers: ["Content-Type": "text/html"], body: Data("<html>bad key \(key)</html>".utf8))),
        Scenario(label: "plain messages", code: .unauthorized, reply: .response(
            status: 401, headers: [:], body: Data(#"{"message":"Invalid request token.","error_detail":"no"}"#.utf8))),
        Scenario(label: "response header echoing the key", code: .unauthorized, reply: .response(
            status: 401, headers: ["WWW-Authenticate": "Bearer realm=\"\(key)\"", "X-Echo-Authorization": key],
            body: Data("{}".utf8))),
        Scenario(label: "decoding failure echoing the key", code: .decodingFailed, reply: .response(
            status: 200, headers: [:], body: Data(#"{"results":[{"fsq_id":"\#(key)","name":7}],"fsq_id":7,"echo":"\#(key)"}"#.utf8))),
        Scenario(label: "malformed 2xx body echoing the key", code: .decodingFailed, reply: .response(
            status: 200, headers: [:], body: Data("\(key) {".utf8))),
        Scenario(label: "empty 2xx body", code: .decodingFailed, reply: .response(status: 200, headers: [:], body: Data())),
        Scenario(label: "transport error naming the key", code: .transportFailed, reply: .failure(
            TestTransportError("socket closed while writing 'Authorization: Bearer \(key)' to \(key)"))),
        Scenario(label: "URLError", code: .timedOut, reply: .failure(URLError(.timedOut))),
        Scenario(label: "URLError -1004", code: .transportFailed, reply: .failure(URLError(.cannotConnectToHost))),
    ]

    @Test("no description, dump or reflection of the error, client or request shows the key",
          arguments: EndpointSamples.all, scenarios)
    func neverLeaks(sample: EndpointSample, scenario: Scenario) async throws {
        for style in sample.contract.authStyles {
            let transport = CapturingTransport { _ in scenario.reply }
            var client = FoursquareClient(apiKey: Self.key, auth: style, transport: transport)
            client.decodesResultsLeniently = false  // so the bad result element fails the call (strict, as the harness reads)
            let appClient = PlacesClient<Contract20250617>(apiKey: APIKey(Self.key), transport: transport)
            let error = try #require(await foursquareError { () async throws(FoursquareError) in
                try await EndpointSamples.send(sample, via: client)
            })
            #expect(error.code == scenario.code, "\(style)")

            // The key did go out, in the Authorization header and nowhere else.
            let sent = try #require(transport.lastRequest)
            let expectedAuthorization = style == .bearer ? "Bearer \(Self.key)" : Self.key
            #expect(sent.headers["Authorization"] == expectedAuthorization)
            #expect(!sent.url.absoluteString.contains(Self.key))

            var texts: [(String, String)] = [
                ("error.description", error.description),
                ("error.debugDescription", error.debugDescription),
                ("String(reflecting: error)", String(reflecting: error)),
                ("String(describing: error)", String(describing: error)),
                ("interpolated error", "\(error)"),
                ("error.localizedDescription", error.localizedDescription),
                ("(error as Error).localizedDescription", (error as any Error).localizedDescription),
                ("error.reason", error.reason ?? ""),
                ("error.message", error.message ?? ""),
                ("error.errorDetail", error.errorDetail ?? ""),
                ("dump(error)", dumped(error)),
                ("client.description", client.description),
                ("client.debugDescription", client.debugDescription),
                ("String(reflecting: client)", String(reflecting: client)),
                ("dump(client)", dumped(client)),
                ("dump(client.key)", dumped(client.key)),
                ("the app's client", "\(appClient) \(String(reflecting: appClient)) \(dumped(appClient))"),
                ("client.key", "\(client.key) \(String(reflecting: client.key))"),
                ("sent.description", sent.description),
                ("String(reflecting: sent)", String(reflecting: sent)),
                ("interpolated sent", "\(sent)"),
            ]
            if let redacted = error.request {
                texts += [
                    ("request.description", redacted.description),
                    ("String(reflecting: request)", String(reflecting: redacted)),
                    ("dump(request)", dumped(redacted)),
                ]
            } else {
                Issue.record("a request that was sent must be kept in the error")
            }
            let redactedDirect = RedactedRequest(sent, key: APIKey(Self.key))
            texts.append(("dump(RedactedRequest(sent))", dumped(redactedDirect)))
            let redactedAuthorization = redactedDirect.headers.first { $0.name.lowercased() == "authorization" }?.value
            #expect(redactedAuthorization == (style == .bearer ? "Bearer <redacted>" : "<redacted>"))
            #expect(error.request?.headers == redactedDirect.headers)

            for (label, text) in texts {
                #expect(!text.contains(Self.key), "\(style): \(label) leaks the key: \(text)")
                // Not even part of it (a "last four" hint is still a leak).
                #expect(!text.contains(Self.keyTail), "\(style): \(label) leaks part of the key: \(text)")
            }
        }
    }

    @Test("the server's message survives redaction, with the key replaced")
    func messageKeptButRedacted() async throws {
        let transport = CapturingTransport(status: 401, body: #"{"message":"Invalid key \#(Self.key)"}"#)
        let client = PlacesClient<SeedContract>(apiKey: APIKey(Self.key), transport: transport)
        let error = try #require(await foursquareError { () async throws(FoursquareError) in try await client.categories(SeedContract.CategoriesRequest()).results })
        #expect(error.message == "Invalid key <redacted>")
    }

    @Test("response headers kept in the error are redacted but still readable")
    func responseHeadersRedacted() async throws {
        let transport = CapturingTransport(
            status: 429, headers: ["Retry-After": "9", "X-Echo-Authorization": "Bearer \(Self.key)"], body: "{}")
        let client = PlacesClient<SeedContract>(apiKey: APIKey(Self.key), transport: transport).using(.bearer)
        let error = try #require(await foursquareError { () async throws(FoursquareError) in try await client.chains(SeedContract.ChainsRequest(query: "x")).results })
        #expect(error.retryAfter == 9)
        #expect(error.response?.headers["Retry-After"] == "9")
        #expect(error.response?.headers["X-Echo-Authorization"] == "Bearer <redacted>")
    }
}

func dumped<T>(_ value: T) -> String {
    var output = ""
    dump(value, to: &output)
    return output
}
