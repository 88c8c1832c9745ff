import Foundation

/// A category icon: the URL is `prefix + [bg_] + size + suffix`.
public struct Icon: Codable, Sendable, Hashable {
    /// The start of the icon URL, before the size (`prefix`); see `url(size:background:)`.
    public let prefix: String
    /// The end of the icon URL, after the size, e.g. `.png` (`suffix`).
    public let suffix: String

    /// A value built in code (previews, tests); optionals default to nil.
    public init(prefix: String, suffix: String) {
        self.prefix = prefix
        self.suffix = suffix
    }

    /// Sizes Foursquare serves category icons in.
    public enum Size: Int, Sendable, CaseIterable {
        /// Square icons of 32, 44, 64, 88 or 120 pixels.
        case px32 = 32, px44 = 44, px64 = 64, px88 = 88, px120 = 120
    }

    /// The icon at `key`, nil when absent or when it lacks `prefix` or `suffix`; a member of the wrong type still fails.
    package static func decodeIfComplete<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Icon? {
        guard let parts = try container.decodeIfPresent(Parts.self, forKey: key), let prefix = parts.prefix, let suffix = parts.suffix else {
            return nil
        }
        return Icon(prefix: prefix, suffix: suffix)
    }

    private struct Parts: Decodable {
        let prefix: String?
        let suffix: String?
    }

    /// The icon image URL; `background: true` asks for the grey-background variant.
    public func url(size: Size = .px64, background: Bool = false) -> URL? {
        URL(string: "\(prefix)\(background ? "bg_" : "")\(size.rawValue)\(suffix)")
    }
}
