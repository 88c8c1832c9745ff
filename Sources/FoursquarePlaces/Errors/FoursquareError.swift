import Foundation

/// The one error the client throws: what went wrong, the redacted request, the response and the cause.
public struct FoursquareError: Error, Sendable, Hashable {
    /// What kind of failure this is; fixtures name these in `expect.error`.
    public enum Code: String, Sendable, Hashable, CaseIterable, Codable {
        case badRequest, unauthorized, forbidden, notFound, rateLimited, serverError, unexpectedStatus
        case decodingFailed, transportFailed, invalidInput

        /// The code a status maps to, for non-2xx statuses.
        public init(status: Int) {
            switch status {
            case 400: self = .badRequest
            case 401: self = .unauthorized
            case 403: self = .forbidden
            case 404: self = .notFound
            case 429: self = .rateLimited
            case 500...599: self = .serverError
            default: self = .unexpectedStatus
            }
        }
    }

    public let code: Code
    /// The HTTP status, for errors that came with a response.
    public let status: Int?
    /// The server's `message`, when the body had one.
    public let message: String?
    /// The server's `error_detail`, when the body had one.
    public let errorDetail: String?
    /// Seconds to wait, from `Retry-After` on a 429 or 503.
    public let retryAfter: Double?
    /// Where and why decoding failed.
    public let decoding: DecodingFailure?
    /// The parameter that failed validation, for `invalidInput`.
    public let parameter: String?
    /// A one-line account of the cause (transport error, validation rule).
    public let reason: String?
    /// The request, secret removed; nil when validation stopped it before it was built.
    public let request: RedactedRequest?
    /// The response head, when there was one.
    public let response: HTTPResponse?

    public init(
        code: Code, status: Int? = nil, message: String? = nil, errorDetail: String? = nil,
        retryAfter: Double? = nil, decoding: DecodingFailure? = nil, parameter: String? = nil,
        reason: String? = nil, request: RedactedRequest? = nil, response: HTTPResponse? = nil
    ) {
        self.code = code
        self.status = status
        self.message = message
        self.errorDetail = errorDetail
        self.retryAfter = retryAfter
        self.decoding = decoding
        self.parameter = parameter
        self.reason = reason
        self.request = request
        self.response = response
    }

    /// An input the client refused to send.
    public static func invalidInput(_ parameter: String, _ reason: String) -> FoursquareError {
        FoursquareError(code: .invalidInput, parameter: parameter, reason: reason)
    }

    /// True for failures worth retrying: 429, 5xx and transport errors.
    public var isRetryable: Bool {
        switch code {
        case .rateLimited, .serverError, .transportFailed: return true
        default: return false
        }
    }
}

/// Where a body failed to decode: the JSON path and the expected versus found type.
public struct DecodingFailure: Sendable, Hashable, CustomStringConvertible {
    /// A JSON path such as `results[0].location.address`; `$` is the root.
    public let path: String
    public let expected: String
    public let found: String
    public let detail: String

    public init(path: String, expected: String, found: String, detail: String) {
        self.path = path
        self.expected = expected
        self.found = found
        self.detail = detail
    }

    public var description: String { "at \(path): expected \(expected), found \(found)" }
}

extension FoursquareError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    public var description: String {
        var text: String
        switch code {
        case .invalidInput:
            text = "invalid input: \(parameter ?? "request"): \(reason ?? "rejected")"
        case .decodingFailed:
            text = "could not decode the response: \(decoding?.description ?? reason ?? "unknown reason")"
        case .transportFailed:
            text = "transport failed: \(reason ?? "unknown reason")"
        case .rateLimited:
            text = "rate limited (HTTP \(status ?? 429))"
            if let retryAfter { text += ", retry after \(Self.seconds(retryAfter))s" }
        default:
            text = "\(code.rawValue) (HTTP \(status.map(String.init) ?? "?"))"
        }
        if let message, !message.isEmpty { text += ": \(message)" }
        if let errorDetail, !errorDetail.isEmpty, errorDetail != message { text += " (\(errorDetail))" }
        if let request { text += " [\(request)]" }
        return text
    }

    public var debugDescription: String { "FoursquareError(\(description))" }
    public var errorDescription: String? { description }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
