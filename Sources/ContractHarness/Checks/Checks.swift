import Foundation
import FoursquarePlaces

/// How one check ended.
public enum Verdict: Sendable, Hashable {
    case pass
    /// The client broke the contract; `detail` holds expected versus actual.
    case fail(message: String, detail: String)
    /// The case could not run (a broken fixture, a transport failure in live mode).
    case error(message: String, detail: String)
    case skip(reason: String)

    public var isProblem: Bool {
        switch self {
        case .fail, .error: return true
        case .pass, .skip: return false
        }
    }
}

/// The names of the checks, as they appear at the end of a testcase name.
public enum CheckName: String, Sendable, CaseIterable {
    case request
    case decoding
    case errorMapping = "error-mapping"
    case load
    case liveStatus = "live-status"
    case liveDecoding = "live-decoding"
    case liveErrorMapping = "live-error-mapping"
    case liveContentType = "live-content-type"
    case drift
}

/// The three replay checks: the request sent, and the decoding or error mapping of the response.
public enum Checks {
    /// Method, path and order-insensitive query equal the fixture's; the header set is exactly
    /// the auth style's; the key is nowhere in the URL.
    public static func request(
        fixture: Fixture, auth: AuthStyle, captured: [HTTPRequest], key: APIKey, apiVersion: String
    ) -> Verdict {
        if fixture.expect?.error == .invalidInput {
            return captured.isEmpty ? .pass : .fail(
                message: "the client sent a request it should have refused",
                detail: "expected no request (expect.error is invalidInput), but the client sent \(RedactedRequest(captured[0], key: key))")
        }
        guard captured.count == 1, let request = captured.first else {
            return .fail(message: "expected one request, the client sent \(captured.count)",
                         detail: "expected exactly one request to \(fixture.request.path); got \(captured.count)")
        }
        // The registry's one matcher, which the emulator routes with too.
        var problems = RequestMatcher.differences(
            recorded: (fixture.request.method, fixture.request.path, fixture.request.query),
            sent: (request.method, request.path, request.queryParameters))
        problems += compareHeaders(
            expected: expectedHeaders(fixture: fixture, auth: auth, key: key, apiVersion: apiVersion),
            sent: request.headers, key: key, auth: auth)
        if request.url.absoluteString.contains(key.secret) {
            problems.append("the API key appears in the URL")
        }
        guard problems.isEmpty else {
            return .fail(message: problems[0], detail: problems.joined(separator: "\n"))
        }
        return .pass
    }

    /// The style's header set; where the fixture recorded one of those headers (other than
    /// `authorization`), the recorded value is what the client must send, so a version bump shows.
    static func expectedHeaders(fixture: Fixture, auth: AuthStyle, key: APIKey, apiVersion: String) -> HTTPHeaders {
        var headers = auth.headers(key: key, apiVersion: apiVersion)
        for (name, value) in fixture.request.headers where name != "authorization" && headers[name] != nil {
            headers[name] = value
        }
        return headers
    }

    static func compareHeaders(expected: HTTPHeaders, sent: HTTPHeaders, key: APIKey, auth: AuthStyle) -> [String] {
        var problems: [String] = []
        let want = expected.lowercasedDictionary
        let got = sent.lowercasedDictionary
        for name in Set(want.keys).union(got.keys).sorted() {
            let show: (String) -> String = { key.redact($0) }
            switch (want[name], got[name]) {
            case let (w?, g?) where w != g:
                problems.append("header \(name) (\(auth)): expected '\(show(w))', sent '\(show(g))'")
            case let (w?, nil):
                problems.append("header \(name) (\(auth)): expected '\(show(w))', not sent")
            case let (nil, g?):
                problems.append("header \(name) (\(auth)): not part of the \(auth) style, sent '\(show(g))'")
            default:
                break
            }
        }
        return problems
    }

    /// Which outcome check a fixture gets: error mapping for non-2xx or an expected error, else decoding.
    public static func outcomeCheckName(for fixture: Fixture) -> CheckName {
        fixture.expectedError == nil ? .decoding : .errorMapping
    }

    /// A 2xx decodes into the endpoint's model; on failure, the JSON path and expected versus found type.
    public static func decoding(fixture: Fixture, outcome: CallOutcome) -> Verdict {
        switch outcome {
        case .decoded:
            return .pass
        case let .failed(error) where error.code == .decodingFailed:
            let failure = error.decoding
            let message = failure.map { "\((fixture.registryEntry ?? fixture.endpoint.endpoint).responseType) does not decode \($0)" }
                ?? "\((fixture.registryEntry ?? fixture.endpoint.endpoint).responseType) does not decode: \(error.reason ?? "unknown")"
            return .fail(message: message, detail: "\(message)\n\(failure?.detail ?? error.description)")
        case let .failed(error):
            return .fail(message: "expected a decoded \((fixture.registryEntry ?? fixture.endpoint.endpoint).responseType), got \(error.code.rawValue)",
                         detail: "HTTP \(fixture.response.status): the client threw \(error)")
        }
    }

    /// A non-2xx gives the expected typed error and keeps the server's message (and `Retry-After`).
    public static func errorMapping(fixture: Fixture, outcome: CallOutcome) -> Verdict {
        guard let expected = fixture.expectedError else { return decoding(fixture: fixture, outcome: outcome) }
        switch outcome {
        case .decoded:
            return .fail(message: "expected \(expected.rawValue), but the client returned a value",
                         detail: "HTTP \(fixture.response.status): expected the client to throw \(expected.rawValue); it decoded the body instead")
        case let .failed(error):
            var problems: [String] = []
            if error.code != expected {
                problems.append("expected \(expected.rawValue), got \(error.code.rawValue)")
            }
            if expected != .invalidInput, error.code != .invalidInput {
                let wantMessage = fixture.expect?.message ?? fixture.response.serverMessage
                if let wantMessage, error.message != wantMessage {
                    problems.append("message: expected '\(wantMessage)', got '\(error.message ?? "nil")'")
                }
                if let wantRetry = fixture.expect?.retryAfter, error.retryAfter != wantRetry {
                    problems.append("retry-after: expected \(wantRetry)s, got \(error.retryAfter.map { "\($0)s" } ?? "nil")")
                }
            }
            guard problems.isEmpty else {
                return .fail(message: problems[0], detail: problems.joined(separator: "\n") + "\nthe client threw: \(error)")
            }
            return .pass
        }
    }
}
