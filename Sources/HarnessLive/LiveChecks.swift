import Foundation
import FoursquarePlaces
import HarnessCore

/// The live checks: status class, decoding or error mapping, and the content type of a real server's answer.
package enum LiveChecks {
    /// The checks a live fixture × auth style gets, in report order.
    package static func names(for fixture: Fixture) -> [CheckName] {
        [.liveStatus, fixture.expectedError == nil ? .liveDecoding : .liveErrorMapping, .liveContentType]
    }

    /// Every live check's verdict for one exchange; text from the server (or a library) passes through `KeyScrubber`.
    /// A call that got no answer is one error testcase (`live-status`) naming the cause, not one per check.
    package static func verdicts(
        fixture: Fixture, auth: AuthStyle, exchange: LiveExchange, key: APIKey, provocation: LiveProvocation = .asRecorded,
        strict: Bool = false
    ) -> [(CheckName, Verdict)] {
        let names = names(for: fixture)
        let key = KeyScrubber(key: key)
        guard let response = exchange.response else {
            let cause = redact(noAnswer(exchange.outcome), key)
            guard case let .error(message, detail) = cause else { return [(.liveStatus, cause)] }
            return [(.liveStatus, .error(message: message, detail: "\(detail)\nattempts: \(exchange.attempts)"))]
        }
        // A provoked 400 the server answered with a value: judged by where the rule comes from, not as a failure.
        if (200...299).contains(response.status), let premise = LivePremise.of(fixture, provocation: provocation) {
            let verdict = redact(premise.verdict(fixture: fixture, status: response.status, strict: strict), key)
            return [(.liveStatus, verdict), (names[1], verdict),
                    (.liveContentType, redact(contentType(fixture: fixture, response: response), key))]
        }
        let outcome = fixture.expectedError == nil
            ? Checks.decoding(fixture: fixture, outcome: exchange.outcome)
            : errorMapping(fixture: fixture, outcome: exchange.outcome, status: response.status, provocation: provocation)
        var statusVerdict = status(fixture: fixture, auth: auth, response: response, outcome: exchange.outcome)
        // An answer the harness would have retried, and did not (the deadline, the budget), says why.
        if case let .fail(message, detail) = statusVerdict, let notRetried = exchange.notRetried {
            statusVerdict = .fail(message: "\(message) (\(notRetried))", detail: "\(detail)\n\(notRetried)")
        }
        return [
            (.liveStatus, redact(statusVerdict, key)),
            (names[1], redact(outcome, key)),
            (.liveContentType, redact(contentType(fixture: fixture, response: response), key)),
        ]
    }

    /// Why a call got no answer, in words shared by every call with the same cause (no URL, no path), so the
    /// terminal can group them: the client's refusal and its reason, or the transport's reason.
    static func noAnswer(_ outcome: CallOutcome) -> Verdict {
        guard case let .failed(error) = outcome else { return .error(message: "no response", detail: "no response") }
        if let refusal = outcome.refusal {
            let message = "the client refused the request: \(refusal.cause ?? "invalid input")"
            return .error(message: message, detail: "\(message)\nthe client threw: \(error.description)")
        }
        var cause = [.transportFailed, .timedOut, .cancelled].contains(error.code) ? "no answer: \(error.reason ?? error.description)" : error.description
        // An answer the stack refused (a body past the cap, a head past the parser's limit) was an answer.
        if let failure = error.underlyingError as? LiveTransportError, !failure.isNoAnswer { cause = failure.description }
        // A TLS, DNS or proxy failure is one line with what to do; the library's own words stay in the detail.
        let raw = (error.underlyingError as? LiveTransportError)?.raw.map { "\nraw error: \($0)" } ?? ""
        return .error(message: cause, detail: "\(cause)\nthe client threw: \(error.description)\(raw)")
    }

    /// The status class must match the fixture's; a refused style on a 2xx fixture says so.
    package static func status(fixture: Fixture, auth: AuthStyle, response: HTTPResponse, outcome: CallOutcome) -> Verdict {
        let wantClass = fixture.response.status / 100
        let gotClass = response.status / 100
        if wantClass == gotClass { return .pass }
        var message = "status: expected \(wantClass)xx (fixture \(fixture.response.status)), got \(response.status)"
        if (response.status == 401 || response.status == 403), wantClass == 2 {
            message = "auth failure: the server refused the \(auth) style with HTTP \(response.status)"
        }
        // The server's own words are the root cause of most wrong statuses.
        if case let .failed(error) = outcome, let said = error.message, !said.isEmpty { message += ": \(said)" }
        var detail = message
        if case let .failed(error) = outcome { detail += "\nthe client threw: \(error.description)" }
        return .fail(message: message, detail: detail)
    }

    /// Live errors must map to the right code; the message is the live server's, so it is not compared.
    /// `provocation` says how the error was asked for, so a server that gave a value instead is named plainly.
    package static func errorMapping(
        fixture: Fixture, outcome: CallOutcome, status: Int? = nil, provocation: LiveProvocation = .asRecorded
    ) -> Verdict {
        guard let expected = fixture.expectedError else { return .pass }
        switch outcome {
        case .decoded:
            let http = status.map { " with HTTP \($0)" } ?? ""
            let message: String
            switch provocation {
            case .invalidKey:
                message = "expected \(expected.rawValue), but the server accepted an invalid key\(http)"
            case let .invalidInput(parameter):
                message = "expected \(expected.rawValue), but the server accepted \(parameter)=\(fixture.request.query[parameter] ?? "")\(http)"
            case .unknownPlace:
                message = "expected \(expected.rawValue), but the server answered place id \(LiveProvocation.unknownPlaceID)\(http)"
            case .asRecorded, .emulatorOnly:
                message = "expected \(expected.rawValue), but the call succeeded\(http)"
            }
            return .fail(message: message,
                         detail: "\(message)\nthe fixture expects HTTP \(fixture.response.status) (\(expected.rawValue)); the live call decoded a value")
        case let .failed(error) where error.code == expected:
            return .pass
        case let .failed(error):
            var message = "expected \(expected.rawValue), got \(error.code.rawValue)"
            if let cause = error.cause { message += ": \(cause)" }
            return .fail(message: message, detail: "\(message)\nthe client threw: \(error)")
        }
    }

    /// The media type must match the fixture's (any JSON type matches any other).
    package static func contentType(fixture: Fixture, response: HTTPResponse) -> Verdict {
        let got = MediaType.of(response.headers["content-type"])
        let want = MediaType.of(fixture.response.headers["content-type"]) ?? "application/json"
        if got == want || (MediaType.isJSON(want) && MediaType.isJSON(got)) { return .pass }
        return .fail(message: "content-type: expected \(want), got \(got ?? "none")",
                     detail: "content-type: expected \(want), got \(response.headers["content-type"] ?? "none")")
    }

    static func redact(_ verdict: Verdict, _ key: KeyScrubber) -> Verdict {
        switch verdict {
        case let .fail(message, detail): return .fail(message: key.text(message), detail: key.text(detail))
        case let .error(message, detail): return .error(message: key.text(message), detail: key.text(detail))
        default: return verdict
        }
    }
}
