import Foundation

/// How the client authenticates: the two styles the spec documents.
public enum AuthStyle: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
    /// Documents 000–003: `Authorization: <key>`.
    case apiKey
    /// Document 004: `Authorization: Bearer <key>` plus `X-Places-Api-Version`.
    case bearer

    /// `apiKey` or `bearer`.
    public var description: String { rawValue }

    /// The header set this style sends, authorization included.
    package func headers(key: APIKey, apiVersion: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        switch self {
        case .apiKey:
            headers["Authorization"] = key.secret
        case .bearer:
            headers["Authorization"] = "Bearer \(key.secret)"
            headers["X-Places-Api-Version"] = apiVersion
        }
        headers["accept"] = "application/json"
        return headers
    }
}
