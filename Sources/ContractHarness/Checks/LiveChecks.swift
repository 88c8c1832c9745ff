import Foundation
import FoursquarePlaces

/// The live checks: status class, decoding or error mapping, and the content type of a real server's answer.
public enum LiveChecks {
    /// The checks a live fixture × auth style gets, in report order.
    public static func names(for fixture: Fixture) -> [CheckName] {
        [.liveStatus, fixture.expectedError == nil ? .liveDecoding : .liveErrorMapping, .liveContentType]
    }

    /// Every live check's verdict for one exchange; text from the server or a library passes through `KeyScrubber`.
    public static func verdicts(fixture: Fixture, auth: AuthStyle, exchange: LiveExchange, key: APIKey) -> [(CheckName, Verdict)] {
        let names = names(for: fixture)
        let key = KeyScrubber(key: key)
        guard let response = exchange.response else {
            // No HTTP response at all: the call itself is the problem, reported once per check.
            let message: String
            if case let .failed(error) = exchange.outcome { message = key.text(error.description) } else { message = "no response" }
            return names.map { ($0, .error(message: message, detail: "\(message)\nattempts: \(exchange.attempts)")) }
        }
        let outcome = fixture.expectedError == nil
            ? Checks.decoding(fixture: fixture, outcome: exchange.outcome)
            : errorMapping(fixture: fixture, outcome: exchange.outcome)
        return [
            (.liveStatus, redact(status(fixture: fixture, auth: auth, response: response, outcome: exchange.outcome), key)),
            (names[1], redact(outcome, key)),
            (.liveContentType, redact(contentType(fixture: fixture, response: response), key)),
        ]
    }

    /// The status class must match the fixture's; a refused style on a 2xx fixture says so.
    public static func status(fixture: Fixture, auth: AuthStyle, response: HTTPResponse, outcome: CallOutcome) -> Verdict {
        let wantClass = fixture.response.status / 100
        let gotClass = response.status / 100
        if wantClass == gotClass { return .pass }
        var message = "status: expected \(wantClass)xx (fixture \(fixture.response.status)), got \(response.status)"
        if (response.status == 401 || response.status == 403), wantClass == 2 {
            message = "auth failure: the server refused the \(auth) style with HTTP \(response.status)"
        }
        var detail = message
        if case let .failed(error) = outcome { detail += "\nthe client threw: \(error.description)" }
        return .fail(message: message, detail: detail)
    }

    /// Live errors must map to the right code; the message is the live server's, so it is not compared.
    public static func errorMapping(fixture: Fixture, outcome: CallOutcome) -> Verdict {
        guard let expected = fixture.expectedError else { return .pass }
        switch outcome {
        case .decoded:
            return .fail(message: "expected \(expected.rawValue), but the call succeeded",
                         detail: "the fixture expects HTTP \(fixture.response.status) (\(expected.rawValue)); the live call decoded a value")
        case let .failed(error) where error.code == expected:
            return .pass
        case let .failed(error):
            return .fail(message: "expected \(expected.rawValue), got \(error.code.rawValue)",
                         detail: "expected \(expected.rawValue), got \(error.code.rawValue)\nthe client threw: \(error)")
        }
    }

    /// The media type must match the fixture's (any JSON type matches any other).
    public static func contentType(fixture: Fixture, response: HTTPResponse) -> Verdict {
        let got = mediaType(response.headers["content-type"])
        let want = mediaType(fixture.response.headers["content-type"]) ?? "application/json"
        if got == want || (isJSON(want) && isJSON(got)) { return .pass }
        return .fail(message: "content-type: expected \(want), got \(got ?? "none")",
                     detail: "content-type: expected \(want), got \(response.headers["content-type"] ?? "none")")
    }

    /// `application/json; charset=utf-8` → `application/json`.
    public static func mediaType(_ value: String?) -> String? {
        value?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    static func isJSON(_ media: String?) -> Bool {
        guard let media else { return false }
        return media == "application/json" || media.hasSuffix("+json")
    }

    static func redact(_ verdict: Verdict, _ key: KeyScrubber) -> Verdict {
        switch verdict {
        case let .fail(message, detail): return .fail(message: key.text(message), detail: key.text(detail))
        case let .error(message, detail): return .error(message: key.text(message), detail: key.text(detail))
        default: return verdict
        }
    }
}
