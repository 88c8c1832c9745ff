import Foundation

// An error's one line: above the error itself, because it names the operation from the registry and scrubs the
// request's values (LogSafeText), while the registry and the transports below throw FoursquareError.
extension FoursquareError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// One line safe to log: the kind of failure, the status and the operation; no URL, query value or place id.
    public var description: String {
        let scrub = LogSafeText(request: request, unsent: unsentItems)
        var text: String
        switch details {
        case let .invalidInput(parameter, reason):
            text = "invalid input: \(parameter): \(scrub(reason))"
        case let .decoding(failure):
            text = "could not decode the response: \(failure)"
        case let .transport(_, description):
            switch code {
            case .transportFailed: text = "transport failed: \(scrub(description))"
            case .cancelled: text = "cancelled"
            case .timedOut: text = "timed out: \(scrub(description))"
            // The replay's own words: fixtures hold no user's data, and the test needs them to fix the mismatch.
            case .fixtureMismatch: text = "no fixture answers the request: \(description)"
            default: text = "\(code.rawValue): \(scrub(description))"
            }
        case .response:
            if code == .rateLimited {
                text = "rate limited (HTTP \(status ?? 429))"
                if let retryAfter { text += ", retry after \(Self.seconds(retryAfter))s" }
            } else {
                text = "\(code.rawValue) (HTTP \(status.map(String.init) ?? "?"))"
            }
        }
        if let message, !message.isEmpty { text += ": \(scrub(message))" }
        if let errorDetail, !errorDetail.isEmpty, errorDetail != message { text += " (\(scrub(errorDetail)))" }
        if let operation = operation ?? request.map({ LogSafeText.operation(of: $0) }) { text += " [\(operation)]" }
        return text
    }

    /// The same line as `description`, named.
    public var debugDescription: String { "FoursquareError(\(description))" }
    /// The same line as `description`.
    public var errorDescription: String? { description }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
