import Foundation

/// A decoded 2xx answer with what its headers say (the next page, the rate limit) and the body it was decoded from.
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded body.
    public let value: Value
    /// The status line and headers as received.
    public let response: HTTPResponse
    /// The elements of result lists that the client dropped because their model could not read them, with their
    /// JSON path and reason; empty when every element decoded. See `SkippedElement` for which arrays are lenient.
    public let skippedElements: [SkippedElement]

    /// The body as received: the JSON `value` was decoded from, every member the API sent included.
    public let body: Data

    /// A response, e.g. for a test double, with no body.
    public init(value: Value, response: HTTPResponse, skippedElements: [SkippedElement] = []) {
        self.init(value: value, response: response, skippedElements: skippedElements, body: Data())
    }

    /// A response with the body `value` was decoded from.
    public init(value: Value, response: HTTPResponse, skippedElements: [SkippedElement] = [], body: Data) {
        self.value = value
        self.response = response
        self.skippedElements = skippedElements
        self.body = body
    }

    /// The body as a JSON value: what the models hold and what they do not (a member the API added after this
    /// release, a seed answer's `related_places`); nil when the body is not JSON. Parsed on each read.
    public var raw: RawJSON? { RawJSON(data: body) }

    /// The `x-ratelimit-*` headers, when the server sent them.
    public var rateLimit: RateLimit? { RateLimit(headers: response.headers) }

    /// The `rel="next"` target of the `Link` header, when there is a next page.
    public var nextPage: URL? { LinkHeader.next(in: response.headers["Link"]) }

    /// The `cursor` of the next page, when there is one.
    public var nextCursor: String? {
        nextPage.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "cursor" }?.value }
    }
}

/// RFC 8288 `Link` header parsing, as far as pagination needs it.
enum LinkHeader {
    /// The URL of the first link whose `rel` includes `next`.
    static func next(in value: String?) -> URL? {
        guard let value else { return nil }
        for link in split(value) {
            guard let open = link.firstIndex(of: "<"), let close = link[open...].firstIndex(of: ">") else { continue }
            let target = String(link[link.index(after: open)..<close])
            let params = link[link.index(after: close)...].split(separator: ";")
            let isNext = params.contains { param in
                let parts = param.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, parts[0].lowercased() == "rel" else { return false }
                return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
                    .split(separator: " ").contains("next")
            }
            if isNext { return URL(string: target) }
        }
        return nil
    }

    // Commas separate links, but may also sit inside a quoted parameter or the URL itself.
    private static func split(_ value: String) -> [Substring] {
        var parts: [Substring] = []
        var start = value.startIndex
        var inURL = false, inQuotes = false
        for index in value.indices {
            switch value[index] {
            case "<" where !inQuotes: inURL = true
            case ">" where !inQuotes: inURL = false
            case "\"" where !inURL: inQuotes.toggle()
            case "," where !inURL && !inQuotes:
                parts.append(value[start..<index])
                start = value.index(after: index)
            default: break
            }
        }
        parts.append(value[start...])
        return parts
    }
}
