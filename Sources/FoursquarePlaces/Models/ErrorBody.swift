import Foundation

/// The error body the API sends with non-2xx statuses.
public struct ErrorBody: Codable, Sendable, Hashable {
    /// The API's one-line explanation of the error (`message`).
    public let message: String?
    /// More detail on the error, when the API gives it (`error_detail`).
    public let errorDetail: String?

    /// A value built in code (previews, tests); optionals default to nil.
    public init(message: String? = nil, errorDetail: String? = nil) {
        self.message = message
        self.errorDetail = errorDetail
    }

    enum CodingKeys: String, CodingKey {
        case message
        case errorDetail = "error_detail"
    }
}
