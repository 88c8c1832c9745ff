import Foundation

/// The one error the client throws: what went wrong, the redacted request, the response and the cause.
///
/// Its `description`, `debugDescription` and `localizedDescription` are safe to log: they name the operation
/// (`GET /places/{fsq_place_id}`) and the status, never the key, the URL, query values (`ll`, `near`, `ne`, `sw`,
/// `session_token`, …) or place ids. The full request, key removed, stays in ``request`` for debugging.
public struct FoursquareError: Error, Sendable, Hashable {
    /// What kind of failure this is; fixtures name these in `expect.error`. A struct with static
    /// members rather than an enum, so new codes do not break callers' switches.
    public struct Code: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The name fixtures and reports use (`notFound`).
        public let rawValue: String

        /// A known code; nil for any other name.
        public init?(rawValue: String) {
            guard Self.allCases.contains(where: { $0.rawValue == rawValue }) else { return nil }
            self.rawValue = rawValue
        }

        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// HTTP 400: the API refused the request's parameters.
        public static let badRequest = Code("badRequest")
        /// HTTP 401: the key is missing, wrong or revoked.
        public static let unauthorized = Code("unauthorized")
        /// HTTP 403: the key may not call this endpoint or field.
        public static let forbidden = Code("forbidden")
        /// HTTP 404: no such place (or path).
        public static let notFound = Code("notFound")
        /// HTTP 429: over the rate limit; see `retryAfter`.
        public static let rateLimited = Code("rateLimited")
        /// HTTP 5xx.
        public static let serverError = Code("serverError")
        /// Any other non-2xx status.
        public static let unexpectedStatus = Code("unexpectedStatus")
        /// A 2xx body the model cannot read.
        public static let decodingFailed = Code("decodingFailed")
        /// No HTTP answer: refused, reset, DNS, TLS, offline. Worth retrying.
        public static let transportFailed = Code("transportFailed")
        /// The client refused to send the request; nothing went out.
        public static let invalidInput = Code("invalidInput")
        /// The caller gave up: its `Task` was cancelled (or the transport reported `URLError.cancelled`). Not retryable:
        /// nobody is waiting for the answer.
        public static let cancelled = Code("cancelled")
        /// No answer within the transport's deadline (or `URLError.timedOut`). Not retried automatically: the caller
        /// chose the deadline, so whether to wait longer is the caller's decision.
        public static let timedOut = Code("timedOut")
        /// A replayed call that no fixture records (FoursquarePlacesTesting): a mistake in the test or the code under
        /// test, never a network condition, so not retryable.
        public static let fixtureMismatch = Code("fixtureMismatch")

        /// Every code this version knows, for fixtures and reports.
        public static let allCases: [Code] = [
            .badRequest, .unauthorized, .forbidden, .notFound, .rateLimited, .serverError, .unexpectedStatus,
            .decodingFailed, .transportFailed, .invalidInput, .cancelled, .timedOut, .fixtureMismatch,
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

        /// The raw name.
        public var description: String { rawValue }
    }

    /// The details of each kind of failure, reachable without unwrapping optionals.
    public enum Details: Sendable {
        /// The client refused to send: which parameter, and why.
        case invalidInput(parameter: String, reason: String)
        /// A 2xx body did not decode into the model.
        case decoding(DecodingFailure)
        /// No HTTP response (`transportFailed`, `cancelled`, `timedOut`, `fixtureMismatch`): the transport's error and a
        /// one-line account of it.
        case transport(underlying: any Error & Sendable, description: String)
        /// A non-2xx answer, with the server's `message` when the body had one.
        case response(status: Int, message: String?)
    }

    /// What kind of failure this is.
    public let code: Code
    /// The operation called, as its method and path template (`GET /places/{fsq_place_id}`): what the error's text
    /// names instead of the URL.
    public let operation: String?
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
    /// The full request with the secret removed (URL, query values and place id included), for debugging; the
    /// error's text never prints it. Nil when validation stopped the request before it was built.
    public let request: RedactedRequest?
    /// The response head, when there was one.
    public let response: HTTPResponse?
    /// The transport's own error, for `transportFailed`, as `ClientError.underlyingError` keeps it.
    public let underlyingError: (any Error & Sendable)?
    /// The query items (and place id, as `{id}`) of a request validation refused: the text leaves their values out.
    var unsentItems: [(name: String, value: String)] = []

    /// An error with these parts; the client builds them, tests and transports may too.
    public init(
        code: Code, status: Int? = nil, message: String? = nil, errorDetail: String? = nil,
        retryAfter: Double? = nil, decoding: DecodingFailure? = nil, parameter: String? = nil,
        reason: String? = nil, request: RedactedRequest? = nil, response: HTTPResponse? = nil,
        underlyingError: (any Error & Sendable)? = nil, operation: String? = nil
    ) {
        self.code = code
        self.operation = operation
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

    /// This error naming `operation` (unless it names one already), its text leaving out the values of `items` (those of
    /// a request refused before it was built).
    func naming(operation: String, items: [(name: String, value: String)]) -> FoursquareError {
        var copy = FoursquareError(
            code: code, status: status, message: message, errorDetail: errorDetail, retryAfter: retryAfter,
            decoding: decoding, parameter: parameter, reason: reason, request: request, response: response,
            underlyingError: underlyingError, operation: self.operation ?? operation)
        copy.unsentItems = unsentItems + items
        return copy
    }

    /// The failure's details by kind.
    public var details: Details {
        if code == .invalidInput { return .invalidInput(parameter: parameter ?? "request", reason: reason ?? "rejected") }
        if let decoding { return .decoding(decoding) }
        if Self.transportCodes.contains(code) || status == nil {
            return .transport(underlying: underlyingError ?? TransportFailure(reason ?? "unknown"),
                              description: reason ?? "unknown")
        }
        return .response(status: status ?? 0, message: message)
    }

    /// The `x-ratelimit-*` headers of the response, when it had them.
    public var rateLimit: RateLimit? { response.flatMap { RateLimit(headers: $0.headers) } }

    /// True for failures worth retrying: 429, 5xx and transport failures. Cancellation, timeouts and fixture
    /// mismatches are not.
    public var isRetryable: Bool { [.rateLimited, .serverError, .transportFailed].contains(code) }

    /// The codes of calls that got no HTTP answer.
    static let transportCodes: Set<Code> = [.transportFailed, .cancelled, .timedOut, .fixtureMismatch]

    // The underlying error is context, not identity: two errors are equal when everything else is.
    /// Equal when everything but the underlying error is.
    public static func == (lhs: FoursquareError, rhs: FoursquareError) -> Bool {
        lhs.code == rhs.code && lhs.status == rhs.status && lhs.message == rhs.message
            && lhs.errorDetail == rhs.errorDetail && lhs.retryAfter == rhs.retryAfter && lhs.decoding == rhs.decoding
            && lhs.parameter == rhs.parameter && lhs.reason == rhs.reason && lhs.request == rhs.request
            && lhs.response == rhs.response && lhs.operation == rhs.operation
    }

    /// Hashes the identifying fields.
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
    /// Every field but the underlying error, which may quote the key.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "code": code, "operation": operation as Any, "status": status as Any, "message": message as Any, "errorDetail": errorDetail as Any,
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
    /// What the model expected there (`string`, `a value`, …).
    public let expected: String
    /// What the body held there (`null`, `no such key`, …).
    public let found: String
    /// The decoder's own account, for debugging.
    public let detail: String

    /// A failure at `path`.
    public init(path: String, expected: String, found: String, detail: String) {
        self.path = path
        self.expected = expected
        self.found = found
        self.detail = detail
    }

    /// `at $.results[0].name: expected string, found number`.
    public var description: String { "at \(path): expected \(expected), found \(found)" }
}
