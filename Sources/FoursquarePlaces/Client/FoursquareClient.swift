import Foundation

/// A typed client for the Foursquare Places API, speaking either auth style over any `Transport`.
public struct FoursquareClient: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public static let defaultBaseURL = URL(string: "https://places-api.foursquare.com")!
    public static let defaultAPIVersion = "2025-06-17"

    public let key: APIKey
    public var auth: AuthStyle
    public var baseURL: URL
    /// Sent as `X-Places-Api-Version` in the bearer style.
    public var apiVersion: String
    public var transport: any Transport

    public init(
        apiKey: APIKey, auth: AuthStyle = .apiKey, baseURL: URL = FoursquareClient.defaultBaseURL,
        apiVersion: String = FoursquareClient.defaultAPIVersion, transport: any Transport = URLSessionTransport()
    ) {
        self.key = apiKey
        self.auth = auth
        self.baseURL = baseURL
        self.apiVersion = apiVersion
        self.transport = transport
    }

    public init(
        apiKey: String, auth: AuthStyle = .apiKey, baseURL: URL = FoursquareClient.defaultBaseURL,
        apiVersion: String = FoursquareClient.defaultAPIVersion, transport: any Transport = URLSessionTransport()
    ) {
        self.init(apiKey: APIKey(apiKey), auth: auth, baseURL: baseURL, apiVersion: apiVersion, transport: transport)
    }

    /// The same client speaking another auth style.
    public func using(_ auth: AuthStyle) -> FoursquareClient {
        var copy = self
        copy.auth = auth
        return copy
    }

    public var description: String {
        "FoursquareClient(baseURL: \(baseURL.absoluteString), auth: \(auth), apiVersion: \(apiVersion), key: \(key))"
    }

    public var debugDescription: String { description }

    // MARK: Sending

    /// Validates `request` and builds the HTTP request the client would send.
    public func makeHTTPRequest<R: EndpointRequest>(_ request: R) throws(FoursquareError) -> HTTPRequest {
        try request.validate()
        guard !key.secret.isEmpty else { throw .invalidInput("apiKey", "is empty") }
        let path = try request.path()
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw .invalidInput("baseURL", "'\(baseURL.absoluteString)' is not a valid URL")
        }
        let basePath = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = basePath + path
        let items = request.queryItems()
        components.percentEncodedQuery = items.isEmpty ? nil : items.map {
            "\(Self.encodeQuery($0.name))=\(Self.encodeQuery($0.value))"
        }.joined(separator: "&")
        guard let url = components.url else {
            throw .invalidInput("baseURL", "cannot form a URL from '\(baseURL.absoluteString)' and '\(path)'")
        }
        return HTTPRequest(method: R.endpointID.endpoint.method, url: url, headers: auth.headers(key: key, apiVersion: apiVersion))
    }

    /// Sends `request` and decodes the 2xx body, or throws the mapped `FoursquareError`.
    public func send<R: EndpointRequest>(_ request: R) async throws(FoursquareError) -> R.Response {
        let httpRequest = try makeHTTPRequest(request)
        let redacted = RedactedRequest(httpRequest, key: key)
        let data: Data
        let response: HTTPResponse
        do {
            (data, response) = try await transport.send(httpRequest)
        } catch {
            throw FoursquareError(code: .transportFailed, reason: key.redact(Self.describe(error)), request: redacted)
        }
        return try ResponseMapper(key: key).map(R.Response.self, data: data, response: response, request: redacted)
    }

    // Unreserved characters and the comma stay; `+`, `&`, `=` and spaces are escaped so servers read them literally.
    private static let queryAllowed: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        set.insert(charactersIn: "-._~,")
        return set
    }()

    static func encodeQuery(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }

    static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            let url = urlError.failingURL.map { " (\($0.absoluteString))" } ?? ""
            return "URLError \(urlError.errorCode): \(urlError.localizedDescription)\(url)"
        }
        return String(describing: error)
    }

    // MARK: Convenience calls

    public func placeDetails(id: String, fields: [String]? = nil, sessionToken: String? = nil) async throws(FoursquareError) -> PlaceDetails {
        try await send(PlaceDetailsRequest(placeID: id, fields: fields, sessionToken: sessionToken))
    }

    public func placeTips(id: String, limit: Int? = nil, sort: String? = nil, fields: [String]? = nil) async throws(FoursquareError) -> [Tip] {
        try await send(PlaceTipsRequest(placeID: id, limit: limit, sort: sort, fields: fields)).results
    }

    public func placePhotos(id: String, limit: Int? = nil, sort: String? = nil, classifications: [String]? = nil) async throws(FoursquareError) -> [PlacePhoto] {
        try await send(PlacePhotosRequest(placeID: id, limit: limit, sort: sort, classifications: classifications)).results
    }

    public func placesAutocomplete(query: String, ll: Coordinate? = nil, radius: Int? = nil, types: [String]? = nil, limit: Int? = nil) async throws(FoursquareError) -> [PlaceCandidate] {
        try await send(PlacesAutocompleteRequest(query: query, ll: ll, radius: radius, types: types, limit: limit)).results
    }

    public func searchPlaces(_ request: PlaceSearchRequest) async throws(FoursquareError) -> [PlaceCandidate] {
        try await send(request).results
    }

    public func geotagging(ll: Coordinate, limit: Int? = nil) async throws(FoursquareError) -> [PlaceCandidate] {
        try await send(GeotaggingRequest(ll: ll, limit: limit)).results
    }

    public func categories(locale: String? = nil) async throws(FoursquareError) -> [CategoryNode] {
        try await send(CategoriesRequest(locale: locale)).results
    }

    public func chains(query: String, limit: Int? = nil) async throws(FoursquareError) -> [Chain] {
        try await send(ChainsRequest(query: query, limit: limit)).results
    }

    public func autocomplete(_ request: AutocompleteRequest) async throws(FoursquareError) -> [AutocompleteResult] {
        try await send(request).results
    }
}
