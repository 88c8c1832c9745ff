import Foundation

/// Takes out of a text about a request what the request carried that can identify a user or a place they visited:
/// every query value (`ll`, `near`, `ne`, `sw`, `session_token`, `query`, …) and the place id in the path, as sent
/// and percent-encoded, and any decimal number precise enough to be a coordinate (three or more decimals).
///
/// An error's text goes through it, so it can land in logs and crash reports; the request itself stays on the error.
struct LogSafeText {
    static let marker = "<…>"

    /// What to take out, longest first so a value is removed before a part of it.
    private let values: [String]

    /// For an error: its request's values, and those of a request validation stopped before it was built.
    init(request: RedactedRequest?, unsent: [(name: String, value: String)] = []) {
        var items = unsent
        var pathValues: [String] = []
        if let request, let components = URLComponents(string: request.url) {
            items += (components.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") }
            pathValues = Self.pathValues(components.percentEncodedPath)
        }
        // The URL itself first (the longest form), then each value on its own.
        var values = request.map { [$0.url, $0.url.split(separator: "?").first.map(String.init) ?? $0.url] } ?? []
        values += pathValues
        for item in items {
            values.append(item.value)
            if item.value.contains(",") { values += item.value.split(separator: ",").map(String.init) }
        }
        self.init(values: values)
    }

    private init(values: [String]) {
        var forms = Set<String>()
        for value in values {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            // One- and two-character values (`limit=5`, `sort` letters) identify no one and would mangle the text.
            guard trimmed.count >= 3 else { continue }
            forms.insert(trimmed)
            forms.insert(FoursquareClient.encodeQuery(trimmed))
            if let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) { forms.insert(encoded) }
        }
        self.values = forms.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// `text` without the request's values.
    func callAsFunction(_ text: String) -> String {
        var result = text
        for value in values where result.contains(value) {
            result = result.replacingOccurrences(of: value, with: Self.marker)
        }
        return Self.removingPreciseNumbers(result)
    }

    /// Decimal numbers with three or more fractional digits (a latitude such as `40.748`, about 100 m) replaced.
    static func removingPreciseNumbers(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < scalars.count && ("0"..."9").contains(scalars[i]) }
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            guard isDigit(index), !isDigit(index - 1), !(index > 0 && scalars[index - 1] == ".") else {
                output.append(scalars[index])
                index += 1
                continue
            }
            var end = index
            while isDigit(end) { end += 1 }
            if end < scalars.count, scalars[end] == ".", isDigit(end + 1), isDigit(end + 2), isDigit(end + 3) {
                end += 1
                while isDigit(end) { end += 1 }
                if output.last == "-" { output.removeLast() }
                output.append(contentsOf: marker.unicodeScalars)
            } else {
                output.append(contentsOf: scalars[index..<end])
            }
            index = end
        }
        return String(output)
    }

    /// The path segments that are not a literal segment of any endpoint: the place id, raw and decoded.
    static func pathValues(_ percentEncodedPath: String) -> [String] {
        percentEncodedPath.split(separator: "/").map(String.init).filter { !literalSegments.contains($0) }
            .flatMap { [$0, $0.removingPercentEncoding ?? $0] }
    }

    private static let literalSegments: Set<String> = Set(Contract.all.flatMap { contract in
        contract.endpoints.flatMap { $0.pathTemplate.split(separator: "/").map(String.init).filter { !$0.hasPrefix("{") } }
    })

    /// `GET /places/{fsq_place_id}` for a request the registry knows (any base path before it), else the method and host.
    static func operation(of request: RedactedRequest) -> String {
        guard let components = URLComponents(string: request.url) else { return request.method }
        let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true)
        for start in segments.indices {
            let path = "/" + segments[start...].joined(separator: "/")
            for contract in Contract.all {
                if let matched = RequestMatcher.route(method: request.method, path: path, in: contract) {
                    return "\(request.method) \(matched.endpoint.pathTemplate)"
                }
            }
        }
        return "\(request.method) \(components.host ?? "?")"
    }
}
