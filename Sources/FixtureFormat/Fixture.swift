import Foundation
import FoursquarePlaces

/// One recorded interaction: the request the client should send and the response the API gave.
public struct Fixture: Sendable, Hashable {
    /// Path relative to the fixtures folder, with `/` separators: `place-details/404-not-found.json`.
    public var relativePath: String
    public var endpoint: EndpointID
    /// The contract the fixture was recorded under: `seed` (the spec documents) unless the file says otherwise.
    public var contract: ContractID
    public var summary: String?
    public var request: RecordedRequest
    public var response: RecordedResponse
    public var expect: ExpectedOutcome?
    public var recorded: RecordingInfo

    public init(
        relativePath: String, endpoint: EndpointID, contract: ContractID = .seed, summary: String? = nil,
        request: RecordedRequest,
        response: RecordedResponse, expect: ExpectedOutcome? = nil, recorded: RecordingInfo
    ) {
        self.relativePath = relativePath
        self.endpoint = endpoint
        self.contract = contract
        self.summary = summary
        self.request = request
        self.response = response
        self.expect = expect
        self.recorded = recorded
    }

    /// The typed error this fixture demands, if any: `expect.error`, else the one its status maps to.
    public var expectedError: FoursquareError.Code? {
        if let code = expect?.error { return code }
        return (200...299).contains(response.status) ? nil : FoursquareError.Code(status: response.status)
    }
}

/// The request side of a fixture.
public struct RecordedRequest: Sendable, Hashable {
    public var method: String
    /// Percent-encoded, as sent.
    public var path: String
    /// Decoded names and values; order does not matter.
    public var query: [String: String]
    /// Lower-case names; `authorization` is always `<redacted>`.
    public var headers: [String: String]

    public init(method: String = "GET", path: String, query: [String: String] = [:], headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }
}

/// The response side of a fixture.
public struct RecordedResponse: Sendable, Hashable {
    /// How the body is stored in the file.
    public enum Body: Sendable, Hashable {
        case empty
        /// The embedded JSON body's bytes, cut from the file as written (not re-encoded).
        case json(Data)
        /// Exact bytes from `body_base64`.
        case raw(Data)

        public var data: Data {
            switch self {
            case .empty: return Data()
            case let .json(data), let .raw(data): return data
            }
        }
    }

    public var status: Int
    /// Lower-case names.
    public var headers: [String: String]
    public var body: Body
    /// Header names whose values change on every call; drift ignores them.
    public var volatileHeaders: [String]

    public init(status: Int, headers: [String: String] = [:], body: Body = .empty, volatileHeaders: [String] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.volatileHeaders = volatileHeaders
    }

    /// The server's `message`, when the body is the API's JSON error.
    public var serverMessage: String? {
        guard case let .json(data) = body,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["message"] as? String
    }
}

/// What a fixture asserts beyond its status.
public struct ExpectedOutcome: Sendable, Hashable {
    public var error: FoursquareError.Code?
    public var retryAfter: Double?
    public var message: String?
    /// The query parameter whose recorded value the client must refuse before sending (`expect.invalidInput`).
    /// Replay checks the refusal; live mode sends the value as it is and maps the API's answer.
    public var invalidInput: String?

    public init(error: FoursquareError.Code? = nil, retryAfter: Double? = nil, message: String? = nil, invalidInput: String? = nil) {
        self.error = error
        self.retryAfter = retryAfter
        self.message = message
        self.invalidInput = invalidInput
    }
}

/// Where a fixture came from: written by hand, or recorded from a server.
public struct RecordingInfo: Sendable, Hashable {
    public var source: String
    public var at: String?
    public var baseURL: String?
    public var auth: AuthStyle?
    public var apiVersion: String?
    public var toolVersion: String?
    /// What the answer's place data is (`recorded.values`): nil when the file does not say.
    public var values: RecordedValues?

    public init(
        source: String, at: String? = nil, baseURL: String? = nil, auth: AuthStyle? = nil,
        apiVersion: String? = nil, toolVersion: String? = nil, values: RecordedValues? = nil
    ) {
        self.source = source
        self.at = at
        self.baseURL = baseURL
        self.auth = auth
        self.apiVersion = apiVersion
        self.toolVersion = toolVersion
        self.values = values
    }

    /// True when the body may hold the provider's own place data: recorded with `values: raw`, or recorded
    /// without saying (before record synthesized values). Hand-written (`authored`) and generated files hold what
    /// their author or generator wrote.
    public var holdsRawValues: Bool { source == "recorded" && values != .synthetic }

    public static let authored = RecordingInfo(source: "authored")
}

/// Whether a fixture's place data is the server's or synthesized (`recorded.values`).
public enum RecordedValues: String, Sendable, Hashable, CaseIterable {
    /// Every place-data value was replaced by a synthetic one of the same form (record's default, and scrub's).
    case synthetic
    /// Recorded as the server sent it (`record --keep-values`, or `keepValues: true` in the project file).
    case raw
}
