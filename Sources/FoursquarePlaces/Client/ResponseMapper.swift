import Foundation

/// Turns a response into a decoded value or a `FoursquareError`, the same way for every endpoint.
package struct ResponseMapper: Sendable {
    package let key: APIKey?

    package init(key: APIKey?) { self.key = key }

    package func map<T: Decodable>(
        _ type: T.Type, data: Data, response: HTTPResponse, request: RedactedRequest?
    ) throws(FoursquareError) -> T {
        try mapReportingSkipped(type, data: data, response: response, request: request, lenient: false).value
    }

    /// `map`, and with `lenient` the result-list elements it dropped instead of failing (see `SkippedElement`).
    package func mapReportingSkipped<T: Decodable>(
        _ type: T.Type, data: Data, response: HTTPResponse, request: RedactedRequest?, lenient: Bool
    ) throws(FoursquareError) -> (value: T, skipped: [SkippedElement]) {
        guard response.isSuccess else { throw error(data: data, response: response, request: request) }
        do {
            let decoder = JSONDecoder()
            guard lenient else { return (try decoder.decode(T.self, from: data), []) }
            let log = SkippedElementLog(body: data)
            decoder.userInfo[.skippedElements] = log
            let value: T
            if let list = T.self as? any TopLevelResultList.Type {
                // `T` is that array type, so the cast cannot fail.
                value = try list.decodeResults(with: decoder, from: data) as! T
            } else {
                value = try decoder.decode(T.self, from: data)
            }
            return (value, log.elements.map { SkippedElement(path: $0.path, failure: redact($0.failure)) })
        } catch let decodingError as DecodingError {
            let failure = DecodingFailure(decodingError, body: data)
            throw FoursquareError(code: .decodingFailed, status: response.status, decoding: failure,
                                  reason: redact(failure.detail), request: request, response: redact(response))
        } catch {
            let detail = redact(String(describing: error))
            let failure = DecodingFailure(path: "$", expected: "a decodable body", found: "an unknown problem", detail: detail)
            throw FoursquareError(code: .decodingFailed, status: response.status, decoding: failure,
                                  reason: detail, request: request, response: redact(response))
        }
    }

    /// The error a non-2xx response maps to. A body that is not the API's JSON (an HTML page from
    /// a proxy, nothing at all) still maps by status.
    package func error(data: Data, response: HTTPResponse, request: RedactedRequest?) -> FoursquareError {
        let body = try? JSONDecoder().decode(ErrorBody.self, from: data)
        let code = FoursquareError.Code(status: response.status)
        var retryAfter: Double?
        if code == .rateLimited || response.status == 503 {
            retryAfter = response.headers["Retry-After"].flatMap(Self.parseRetryAfter)
        }
        return FoursquareError(
            code: code, status: response.status, message: body?.message.map(redact),
            errorDetail: body?.errorDetail.map(redact), retryAfter: retryAfter, request: request, response: redact(response))
    }

    /// `Retry-After` as seconds: either delta-seconds or an HTTP date.
    package static func parseRetryAfter(_ value: String) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSinceNow.rounded())
    }

    private func redact(_ text: String) -> String { key?.redact(text) ?? text }

    private func redact(_ failure: DecodingFailure) -> DecodingFailure {
        DecodingFailure(path: failure.path, expected: failure.expected, found: failure.found, detail: redact(failure.detail))
    }

    // A server or proxy may echo the Authorization header back; the head kept in an error must not carry it.
    private func redact(_ response: HTTPResponse) -> HTTPResponse {
        guard let key else { return response }
        var copy = response
        copy.headers = HTTPHeaders(response.headers.map { ($0.name, key.redact($0.value)) })
        return copy
    }
}

extension DecodingFailure {
    /// Describes `error` with a JSON path, and what the body held there.
    package init(_ error: DecodingError, body: Data) {
        switch error {
        case let .typeMismatch(type, context):
            let path = Self.path(context.codingPath)
            self.init(path: path, expected: Self.name(type), found: Self.kind(at: context.codingPath, in: body),
                      detail: "\(path): \(context.debugDescription)")
        case let .valueNotFound(type, context):
            let path = Self.path(context.codingPath)
            self.init(path: path, expected: Self.name(type), found: "null",
                      detail: "\(path): \(context.debugDescription)")
        case let .keyNotFound(key, context):
            let path = Self.path(context.codingPath + [key])
            self.init(path: path, expected: "a value", found: "no such key",
                      detail: "\(path): required key '\(key.stringValue)' is missing")
        case let .dataCorrupted(context):
            let path = Self.path(context.codingPath)
            let found = body.isEmpty ? "an empty body" : "malformed JSON"
            self.init(path: path, expected: "valid JSON", found: found, detail: "\(path): \(context.debugDescription)")
        @unknown default:
            self.init(path: "$", expected: "a decodable body", found: "an unknown problem", detail: "\(error)")
        }
    }

    /// `$.results[0].location.address` style paths.
    package static func path(_ codingPath: [any CodingKey]) -> String {
        var text = "$"
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += ".\(key.stringValue)" }
        }
        return text
    }

    static func name(_ type: Any.Type) -> String {
        let raw = String(describing: type)
        if raw.hasPrefix("Array") { return "array" }
        if raw.hasPrefix("Dictionary") { return "object" }
        switch raw {
        case "String": return "string"
        case "Int", "Int64", "Int32", "UInt", "Double", "Float": return "number (\(raw))"
        case "Bool": return "boolean"
        default: return raw
        }
    }

    static func kind(at codingPath: [any CodingKey], in body: Data) -> String {
        guard var node = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            return "unknown"
        }
        for key in codingPath {
            if let index = key.intValue, let array = node as? [Any], array.indices.contains(index) {
                node = array[index]
            } else if let object = node as? [String: Any], let value = object[key.stringValue] {
                node = value
            } else {
                return "nothing"
            }
        }
        switch node {
        case is NSNull: return "null"
        case is String: return "string"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        case let number as NSNumber:
            // Booleans arrive as NSNumber too; their ObjC type is `c`.
            return String(cString: number.objCType) == "c" ? "boolean" : "number"
        default: return String(describing: Swift.type(of: node))
        }
    }
}
