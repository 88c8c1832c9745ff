import Foundation
import FoursquarePlaces

/// How one check ended.
package enum Verdict: Sendable, Hashable {
    case pass
    /// The client broke the contract; `detail` holds expected versus actual.
    case fail(message: String, detail: String)
    /// The case could not run (a broken fixture, a transport failure in live mode).
    case error(message: String, detail: String)
    case skip(reason: String)

    package var isProblem: Bool {
        switch self {
        case .fail, .error: return true
        case .pass, .skip: return false
        }
    }
}

/// The names of the checks, as they appear at the end of a testcase name.
package enum CheckName: String, Sendable, CaseIterable {
    case request
    case decoding
    case errorMapping = "error-mapping"
    case load
    case liveStatus = "live-status"
    case liveDecoding = "live-decoding"
    case liveErrorMapping = "live-error-mapping"
    case liveContentType = "live-content-type"
    case drift
    /// The run's worker died by a signal: one case for the whole run (`CrashReport`).
    case crash
    /// The recorded answer against the provider's OpenAPI document (`--openapi`).
    case openapi
    case liveOpenapi = "live-openapi"
    /// The next page a recorded `Link` names, requested through the client's paging API (`PagingCheck`).
    case paging
    /// A documented bound tried on one side of an edge (`BoundsCheck`).
    case bound
    /// How much of one documented operation the run's cases exercised (`CoverageCheck`).
    case coverage
}

/// The three replay checks: the request sent, and the decoding or error mapping of the response.
package enum Checks {
    /// Method, path and order-insensitive query equal the fixture's; the header set is exactly `styleHeaders` (the
    /// auth style's, lower-cased; replay computes it once per style, not per fixture); the key is nowhere in the URL.
    /// `outcome` is what the call the request was captured from ended with: a refusal's reason is the root cause
    /// of a request that was never sent.
    package static func request(
        fixture: Fixture, auth: AuthStyle, captured: [HTTPRequest], key: APIKey, styleHeaders: [String: String],
        outcome: CallOutcome? = nil
    ) -> Verdict {
        if fixture.expect?.error == .invalidInput {
            return captured.isEmpty ? .pass : .fail(
                message: "the client sent a request it should have refused",
                detail: "expected no request (expect.error is invalidInput), but the client sent \(RedactedRequest(captured[0], key: key))")
        }
        let refusal = outcome?.refusal
        if let parameter = fixture.expect?.invalidInput {
            return refused(parameter, fixture: fixture, captured: captured, refusal: refusal, key: key)
        }
        guard captured.count == 1, let request = captured.first else {
            if captured.isEmpty, let refusal {
                let message = "the client refused the request: \(refusal.cause ?? "invalid input")"
                return .fail(message: message, detail: "\(message)\nexpected exactly one request to \(fixture.request.path); got none")
            }
            return .fail(message: "expected one request, the client sent \(captured.count)",
                         detail: "expected exactly one request to \(fixture.request.path); got \(captured.count)")
        }
        // One parse of the URL for path and query (HTTPRequest's `path` and `queryParameters` each parse it).
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        let sentPath = components?.percentEncodedPath ?? request.url.path
        var sentQuery: [String: String] = [:]
        var doubled: [String] = []
        for item in components?.queryItems ?? [] {
            // A fixture records each parameter once: one sent twice is a different request, whatever its values.
            if sentQuery[item.name] != nil, !doubled.contains(item.name) { doubled.append(item.name) }
            sentQuery[item.name] = item.value ?? ""
        }
        // The registry's one matcher, which the emulator routes with too.
        var problems = RequestMatcher.differences(
            recorded: (fixture.request.method, fixture.request.path, fixture.request.query),
            sent: (request.method, sentPath, sentQuery))
        problems += doubled.map { "query '\($0)': sent more than once" }
        problems += compareHeaders(expected: expectedHeaders(fixture: fixture, styleHeaders: styleHeaders),
                                   sent: request.headers.lowercasedDictionary, key: key, auth: auth)
        if containsBytes(request.url.absoluteString, key.secret) {
            problems.append("the API key appears in the URL")
        }
        guard problems.isEmpty else {
            return .fail(message: problems[0], detail: problems.joined(separator: "\n"))
        }
        return .pass
    }

    /// `expect.invalidInput`: the client must refuse the named parameter's recorded value and send nothing.
    static func refused(
        _ parameter: String, fixture: Fixture, captured: [HTTPRequest], refusal: FoursquareError?, key: APIKey
    ) -> Verdict {
        let value = fixture.request.query[parameter] ?? ""
        if let sent = captured.first {
            return .fail(message: "the client sent \(parameter)=\(value), which it should refuse before sending",
                         detail: "expect.invalidInput names \(parameter); the client sent \(RedactedRequest(sent, key: key))")
        }
        guard let refusal else {
            return .fail(message: "the client sent nothing and threw no invalidInput for \(parameter)=\(value)",
                         detail: "expect.invalidInput names \(parameter); expected the client to throw invalidInput for it")
        }
        guard refusal.parameter == parameter else {
            let message = "expected the client to refuse \(parameter)=\(value), it refused \(refusal.cause ?? "another input")"
            return .fail(message: message, detail: message)
        }
        return .pass
    }

    /// The style's header set; where the fixture recorded one of those headers (other than
    /// `authorization`), the recorded value is what the client must send, so a version bump shows.
    /// Whether `needle`'s UTF-8 occurs in `text`'s. Foundation's `contains` compares Unicode-aware, and the
    /// generic `firstRange(of:)` is unspecialised: either cost more than the rest of the request check.
    static func containsBytes(_ text: String, _ needle: String) -> Bool {
        var text = text, needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { needle in
                guard !needle.isEmpty else { return true }
                guard haystack.count >= needle.count else { return false }
                for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
                    if memcmp(haystack.baseAddress! + start, needle.baseAddress!, needle.count) == 0 { return true }
                }
                return false
            }
        }
    }

    /// Names are lower-case: the loader lower-cases the fixture's, and `styleHeaders` is lower-cased.
    static func expectedHeaders(fixture: Fixture, styleHeaders: [String: String]) -> [String: String] {
        var headers = styleHeaders
        for (name, value) in fixture.request.headers where name != "authorization" && headers[name] != nil {
            headers[name] = value
        }
        return headers
    }

    static func compareHeaders(expected want: [String: String], sent got: [String: String], key: APIKey, auth: AuthStyle) -> [String] {
        var problems: [String] = []
        for name in Set(want.keys).union(got.keys).sorted() {
            let show: (String) -> String = { key.redact($0) }
            switch (want[name], got[name]) {
            case let (w?, g?) where w != g:
                problems.append("header \(name) (\(auth)): the contract requires '\(show(w))', sent '\(show(g))'")
            case let (w?, nil):
                problems.append("header \(name) (\(auth)): the contract requires '\(show(w))', not sent")
            case let (nil, g?):
                problems.append("header \(name) (\(auth)): not part of the \(auth) style, sent '\(show(g))'")
            default:
                break
            }
        }
        return problems
    }

    /// Which outcome check a fixture gets: error mapping for non-2xx or an expected error, else decoding.
    package static func outcomeCheckName(for fixture: Fixture) -> CheckName {
        fixture.expectedError == nil ? .decoding : .errorMapping
    }

    /// A 2xx decodes into the endpoint's model; on failure, the JSON path and expected versus found type.
    package static func decoding(fixture: Fixture, outcome: CallOutcome) -> Verdict {
        switch outcome {
        case .decoded:
            return .pass
        case let .failed(error) where error.code == .decodingFailed:
            let failure = error.decoding
            let message = failure.map { "\((fixture.registryEntry ?? fixture.endpoint.endpoint).responseType) does not decode \($0)" }
                ?? "\((fixture.registryEntry ?? fixture.endpoint.endpoint).responseType) does not decode: \(error.reason ?? "unknown")"
            return .fail(message: message, detail: "\(message)\n\(failure?.detail ?? error.description)")
        case let .failed(error):
            var message = "expected a decoded \((fixture.registryEntry ?? fixture.endpoint.endpoint).responseType), got \(error.code.rawValue)"
            if let cause = error.cause { message += ": \(cause)" }
            return .fail(message: message, detail: "HTTP \(fixture.response.status): the client threw \(error)")
        }
    }

    /// A non-2xx gives the expected typed error and keeps the server's message (and `Retry-After`).
    package static func errorMapping(fixture: Fixture, outcome: CallOutcome) -> Verdict {
        guard let expected = fixture.expectedError else { return decoding(fixture: fixture, outcome: outcome) }
        switch outcome {
        case .decoded:
            return .fail(message: "expected \(expected.rawValue), but the client returned a value",
                         detail: "HTTP \(fixture.response.status): expected the client to throw \(expected.rawValue); it decoded the body instead")
        case let .failed(error):
            var problems: [String] = []
            if error.code != expected {
                problems.append("expected \(expected.rawValue), got \(error.code.rawValue)" + (error.cause.map { ": \($0)" } ?? ""))
            }
            if expected != .invalidInput, error.code != .invalidInput {
                let wantMessage = fixture.expect?.message ?? fixture.response.serverMessage
                if let wantMessage, error.message != wantMessage {
                    problems.append("message: expected '\(wantMessage)', got '\(error.message ?? "nil")'")
                }
                // The error body's second member (every seed document's FoursquareErrorResponse) reaches the error too.
                if let wantDetail = errorDetail(of: fixture), error.errorDetail != wantDetail {
                    problems.append("errorDetail: the answer's error_detail is '\(wantDetail)', the client holds '\(error.errorDetail ?? "nil")'")
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

extension Checks {
    /// The `error_detail` string of a fixture's JSON error body, read apart from the client.
    static func errorDetail(of fixture: Fixture) -> String? {
        guard case let .json(data) = fixture.response.body,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["error_detail"] as? String
    }
}

extension FoursquareError {
    /// The root cause in a few words: the refused parameter and why, the server's message, or the reason.
    package var cause: String? {
        let text = code == .invalidInput ? "\(parameter ?? "request"): \(reason ?? "rejected")" : message ?? reason
        return text?.isEmpty == false ? text : nil
    }
}
