import Foundation

/// The one error the client throws: what went wrong, the redacted request, the response and the cause.
public struct FoursquareError: Error, Sendable, Hashable {
    /// What kind of failure this is; fixtures name these in `expect.error`. A struct with static
    /// members rather than an enum, so new codes do not break callers' switches.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        public let rawValue: String

        /// A known code; nil for any other name.
        public init?(rawValue: String) {
            guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
            self.rawValue = rawValue
        }

        private init(_ rawValue: String) { self.rawValue = rawValue }

        public static let badRequest = Code("badRequest")
        public static let unauthorized = Code("unauthorized")
        public static let forbidden = Code("forbidden")
        public static let notFound = Code("notFound")
        public static let rateLimited = Code("rateLimited")
        public static let serverError = Code("serverError")
        public static let unexpectedStatus = Code("unexpectedStatus")
        public static let decodingFailed = Code("decodingFailed")
        public static let transportFailed = Code("transportFailed")
        public static let invalidInput = Code("invalidInput")

        /// Every code this version knows, for fixtures and reports.
        public static let allCases: [Code] = [
            .badRequest, .unauthorized, .forbidden, .notFound, .rateLimited, .serverError, .unexpectedStatus,
            .decodingFailed, .transportFailed, .invalidInput,
        ]

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

        public init(from decoder: any Decoder) throws {
            let name = try decoder.singleValueContainer().decode(String.self)
            guard let code = Code(rawValue: name) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown error code '\(name)'"))
            }
            self = code
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        public var description: String { rawValue }
    }

    /// The details of each kind of failure, reachable without unwrapping optionals.
    public enum Details: Sendable {
        /// The client refused to send: which parameter, and why.
        case invalidInput(parameter: String, reason: String)
        /// A 2xx body did not decode into the model.
        case decoding(DecodingFailure)
        /// No HTTP response: the transport's error and a one-line account of it.
        case transport(underlying: any Error & Sendable, description: String)
        /// A non-2xx answer, with the server's `message` when the body had one.
        case response(status: Int, message: String?)
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
    /// The transport's own error, for `transportFailed`, as `ClientError.underlyingError` keeps it.
    public let underlyingError: (any Error & Sendable)?

    public init(
        code: Code, status: Int? = nil, message: String? = nil, errorDetail: String? = nil,
        retryAfter: Double? = nil, decoding: DecodingFailure? = nil, parameter: String? = nil,
        reason: String? = nil, request: RedactedRequest? = nil, response: HTTPResponse? = nil,
        underlyingError: (any Error & Sendable)? = nil
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
        self.underlyingError = underlyingError
    }

    /// An input the client refused to send.
    public static func invalidInput(_ parameter: String, _ reason: String) -> FoursquareError {
        FoursquareError(code: .invalidInput, parameter: parameter, reason: reason)
    }

    /// The failure's details by kind.
    public var details: Details {
        if code == .invalidInput { return .invalidInput(parameter: parameter ?? "request", reason: reason ?? "rejected") }
        if let decoding { return .decoding(decoding) }
        if code == .transportFailed || status == nil {
            return .transport(underlying: underlyingError ?? TransportFailure(reason ?? "unknown"),
                              description: reason ?? "unknown")
        }
        return .response(status: status ?? 0, message: message)
    }

    /// The `x-ratelimit-*` headers of the response, when it had them.
    public var rateLimit: RateLimit? { response.flatMap { RateLimit(headers: $0.headers) } }

    /// True for failures worth retrying: 429, 5xx and transport errors.
    public var isRetryable: Bool { [.rateLimited, .serverError, .transportFailed].contains(code) }

    // The underlying error is context, not identity: two errors are equal when everything else is.
    public static func == (lhs: FoursquareError, rhs: FoursquareError) -> Bool {
        lhs.code == rhs.code && lhs.status == rhs.status && lhs.message == rhs.message
            && lhs.errorDetail == rhs.errorDetail && lhs.retryAfter == rhs.retryAfter && lhs.decoding == rhs.decoding
            && lhs.parameter == rhs.parameter && lhs.reason == rhs.reason && lhs.request == rhs.request
            && lhs.response == rhs.response
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(status)
        hasher.combine(message)
        hasher.combine(parameter)
        hasher.combine(reason)
    }
}

// The underlying error is the transport's own value and may quote the key (a proxy echoing a
// header); reflection shows only its redacted account in `reason`.
extension FoursquareError: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: [
            "code": code, "status": status as Any, "message": message as Any, "errorDetail": errorDetail as Any,
            "retryAfter": retryAfter as Any, "decoding": decoding as Any, "parameter": parameter as Any,
            "reason": reason as Any, "request": request as Any, "response": response as Any,
        ], displayStyle: .struct)
    }
}

/// A transport failure with no error value of its own.
struct TransportFailure: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
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
        switch details {
        case let .invalidInput(parameter, reason):
            text = "invalid input: \(parameter): \(reason)"
        case let .decoding(failure):
            text = "could not decode the response: \(failure)"
        case let .transport(_, description):
            text = code == .transportFailed ? "transport failed: \(description)" : "\(code.rawValue): \(description)"
        case .response:
            if code == .rateLimited {
                text = "rate limited (HTTP \(status ?? 429))"
                if let retryAfter { text += ", retry after \(Self.seconds(retryAfter))s" }
            } else {
                text = "\(code.rawValue) (HTTP \(status.map(String.init) ?? "?"))"
            }
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
