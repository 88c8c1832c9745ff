import Foundation

/// The untyped engine under `PlacesClient`: sends any contract's `EndpointRequest` in either auth style over any
/// `Transport`, the contract picked at run time. The harness, the emulator and the tests use it directly; apps use
/// `PlacesClient`, the one client type they see.
package struct FoursquareClient: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The preferred contract's base URL.
    package static let defaultBaseURL = Contract.preferred.baseURL
    /// The preferred contract's `X-Places-Api-Version`, sent by default.
    package static let defaultAPIVersion = Contract.preferred.apiVersion

    /// The key; it prints as `<redacted>`.
    package let key: APIKey
    /// How the key is sent.
    package var auth: AuthStyle
    /// Where requests go; a path prefix is kept.
    package var baseURL: URL
    /// Sent as `X-Places-Api-Version` in the bearer style.
    package var apiVersion: String
    /// What sends the requests (`URLSessionTransport` by default).
    package var transport: any Transport
    /// Whether an unreadable element of a result list is dropped (and listed in `APIResponse.skippedElements`) rather
    /// than failing the call. On by default; the contract harness turns it off, since such an answer breaks the contract.
    package var decodesResultsLeniently = true

    /// A client with `apiKey` (an `APIKey`), the auth style, base URL, version header and transport.
    package init(
        apiKey: APIKey, auth: AuthStyle = .apiKey, baseURL: URL = FoursquareClient.defaultBaseURL,
        apiVersion: String = FoursquareClient.defaultAPIVersion, transport: any Transport = URLSessionTransport()
    ) {
        self.key = apiKey
        self.auth = auth
        self.baseURL = baseURL
        self.apiVersion = apiVersion
        self.transport = transport
    }

    /// A client with `apiKey` (its secret), the auth style, base URL, version header and transport.
    package init(
        apiKey: String, auth: AuthStyle = .apiKey, baseURL: URL = FoursquareClient.defaultBaseURL,
        apiVersion: String = FoursquareClient.defaultAPIVersion, transport: any Transport = URLSessionTransport()
    ) {
        self.init(apiKey: APIKey(apiKey), auth: auth, baseURL: baseURL, apiVersion: apiVersion, transport: transport)
    }

    /// A client set up as `contract` says: its base URL, preferred auth style and version header.
    package init(apiKey: APIKey, contract: Contract, baseURL: URL? = nil, transport: any Transport = URLSessionTransport()) {
        self.init(apiKey: apiKey, auth: contract.authStyles.first ?? .bearer, baseURL: baseURL ?? contract.baseURL,
                  apiVersion: contract.apiVersion, transport: transport)
    }

    /// The same client speaking another auth style.
    package func using(_ auth: AuthStyle) -> FoursquareClient {
        var copy = self
        copy.auth = auth
        return copy
    }

    /// Base URL, auth style, version; the key as `<redacted>`.
    package var description: String {
        "FoursquareClient(baseURL: \(baseURL.absoluteString), auth: \(auth), apiVersion: \(apiVersion), key: \(key))"
    }

    /// The same as `description`.
    package var debugDescription: String { description }

    // MARK: Sending

    /// Validates `request` and builds the HTTP request the client would send.
    package func makeHTTPRequest<R: EndpointRequest>(_ request: R) throws(FoursquareError) -> HTTPRequest {
        do {
            try request.validate()
            return try makeHTTPRequest(method: R.endpoint.method, path: try request.path(), query: request.queryItems())
        } catch {
            // The text of a refusal names the operation and leaves the refused values out (they can be a location).
            var items = request.queryItems()
            if let scoped = request as? any PlaceScopedRequest { items.append(("{id}", scoped.placeID)) }
            throw error.naming(operation: R.operation, items: items)
        }
    }

    func makeHTTPRequest(method: String, path: String, query items: [(name: String, value: String)]) throws(FoursquareError) -> HTTPRequest {
        guard !key.secret.isEmpty else { throw .invalidInput("apiKey", "is empty") }
        if let reason = key.unsendableReason { throw .invalidInput("apiKey", reason) }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw .invalidInput("baseURL", "'\(baseURL.absoluteString)' is not a valid URL")
        }
        let basePath = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = basePath + path
        components.percentEncodedQuery = items.isEmpty ? nil : items.map {
            "\(Self.encodeQuery($0.name))=\(Self.encodeQuery($0.value))"
        }.joined(separator: "&")
        guard let url = components.url else {
            throw .invalidInput("baseURL", "cannot form a URL from '\(baseURL.absoluteString)' and '\(path)'")
        }
        return HTTPRequest(method: method, url: url, headers: auth.headers(key: key, apiVersion: apiVersion))
    }

    /// Sends `request` and decodes the 2xx body, or throws the mapped `FoursquareError`.
    package func send<R: EndpointRequest>(_ request: R) async throws(FoursquareError) -> R.Response {
        try await response(to: request).value
    }

    /// Sends `request` as it is, skipping its validation, and decodes or maps the answer like `send`: for
    /// contract tests that need the API's own answer to input the client refuses.
    package func sendUnvalidated<R: EndpointRequest>(_ request: R) async throws(FoursquareError) -> R.Response {
        try await perform(try makeHTTPRequest(method: R.endpoint.method, path: try request.path(), query: request.queryItems()),
                          as: R.Response.self, operation: R.operation).value
    }

    /// Sends `request` and returns the decoded body with the response head (rate limit, next page).
    package func response<R: EndpointRequest>(to request: R) async throws(FoursquareError) -> APIResponse<R.Response> {
        try await perform(try makeHTTPRequest(request), as: R.Response.self, operation: R.operation)
    }

    /// Every page of `request`, following `Link: <…>; rel="next"` until there is none.
    package func pages<R: EndpointRequest>(_ request: R) -> Pages<R.Response> {
        Pages(client: self, operation: R.operation, first: { () throws(FoursquareError) -> HTTPRequest in try makeHTTPRequest(request) })
    }

    func perform<Value: Decodable & Sendable>(
        _ httpRequest: HTTPRequest, as type: Value.Type, operation: String
    ) async throws(FoursquareError) -> APIResponse<Value> {
        let redacted = RedactedRequest(httpRequest, key: key)
        // A call whose task is already cancelled sends nothing.
        guard !Task.isCancelled else {
            throw FoursquareError(code: .cancelled, reason: "the calling task was cancelled before sending", request: redacted,
                                  underlyingError: CancellationError(), operation: operation)
        }
        let data: Data
        let response: HTTPResponse
        do {
            (data, response) = try await transport.send(httpRequest)
        } catch {
            throw FoursquareError(code: Self.code(forTransportError: error), reason: key.redact(Self.describe(error)),
                                  request: redacted, underlyingError: error, operation: operation)
        }
        do {
            let (value, skipped) = try ResponseMapper(key: key).mapReportingSkipped(
                Value.self, data: data, response: response, request: redacted, lenient: decodesResultsLeniently)
            return APIResponse(value: value, response: response, skippedElements: skipped, body: data)
        } catch {
            throw error.naming(operation: operation, items: [])
        }
    }

    /// The code for a call the transport ended without an answer: the caller's cancellation, a deadline, a transport
    /// that classifies its own error, or a transport failure.
    package static func code(forTransportError error: any Error) -> FoursquareError.Code {
        if let classified = error as? any TransportErrorClassifying { return classified.foursquareErrorCode }
        if error is CancellationError { return .cancelled }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled: return .cancelled
            case .timedOut: return .timedOut
            default: return .transportFailed
            }
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            if nsError.code == NSURLErrorCancelled { return .cancelled }
            if nsError.code == NSURLErrorTimedOut { return .timedOut }
        }
        // A transport that threw its own error because the task was cancelled.
        return Task.isCancelled ? .cancelled : .transportFailed
    }

    /// The request for the page a `Link` header points at: its path and query on this client's
    /// base URL, so the key is never sent to another host.
    func request(following next: URL, method: String) throws(FoursquareError) -> HTTPRequest {
        guard let components = URLComponents(url: next, resolvingAgainstBaseURL: false) else {
            throw .invalidInput("Link", "'\(next.absoluteString)' is not a URL")
        }
        let items = (components.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") }
        let path = components.percentEncodedPath.hasPrefix("/") ? components.percentEncodedPath : "/" + components.percentEncodedPath
        let basePath = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        let relative = !basePath.isEmpty && basePath != "/" && path.hasPrefix(basePath) ? String(path.dropFirst(basePath.count)) : path
        return try makeHTTPRequest(method: method, path: relative, query: items)
    }

    // Unreserved characters and the comma stay; `+`, `&`, `=` and spaces are escaped so servers read them literally.
    private static let queryAllowed: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        set.insert(charactersIn: "-._~,")
        return set
    }()

    static func encodeQuery(_ text: String) -> String {
        // Most values need no escaping; checking the bytes first skips Foundation's CFString round trip.
        if text.utf8.allSatisfy({ byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~") || byte == UInt8(ascii: ",")
        }) { return text }
        return text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }

    /// A transport error in one line (URLError by code and text, anything else as it describes itself). The failing
    /// URL is left out: the error keeps the request, and its text is for logs.
    package static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            return "URLError \(urlError.errorCode): \(urlError.localizedDescription)"
        }
        if error is CancellationError { return "the calling task was cancelled" }
        return String(describing: error)
    }
}
