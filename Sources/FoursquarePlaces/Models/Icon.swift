import Foundation

/// A category icon or a chain logo: the URL is `prefix + [bg_] + size + suffix`. The 2025-06-17 document gives
/// icons the photo schema, so an icon also carries the photo's id, date, size and classifications when sent.
public struct Icon: Codable, Sendable, Hashable {
    /// The start of the icon URL, before the size (`prefix`); empty when the answer left it out, and then
    /// `url(size:background:)` is nil.
    public let prefix: String
    /// The end of the icon URL, after the size, e.g. `.png` (`suffix`); empty when the answer left it out.
    public let suffix: String
    /// The image's Foursquare id (`id`, or `fsq_photo_id` where the document keys it so).
    public let id: String?
    /// When the image was added, ISO 8601 (`created_at`).
    public let createdAt: String?
    /// The image's width in pixels (`width`).
    public let width: Int?
    /// The image's height in pixels (`height`).
    public let height: Int?
    /// What the image shows (`classifications`).
    public let classifications: [String]?
    /// The tip the image came with (`tip`): the document gives icons the photo schema, tip included.
    public var tip: Tip? { _tip?.value }
    private let _tip: Indirect<Tip>?

    /// A value built in code (previews, tests); optionals default to nil.
    public init(prefix: String, suffix: String) {
        self.init(prefix: prefix, suffix: suffix, id: nil)
    }

    /// A value built in code with the photo schema's members.
    public init(prefix: String, suffix: String, id: String?, createdAt: String? = nil, width: Int? = nil, height: Int? = nil,
                classifications: [String]? = nil, tip: Tip? = nil) {
        self.prefix = prefix
        self.suffix = suffix
        self.id = id
        self.createdAt = createdAt
        self.width = width
        self.height = height
        self.classifications = classifications
        _tip = tip.map { Indirect($0) }
    }

    /// A tip as the photo schema nests it in an icon, holding an image of the icon's own shape in turn.
    public struct Tip: Codable, Sendable, Hashable {
        /// The tip's Foursquare id (`id`).
        public let id: String?
        /// When the tip was written, ISO 8601 (`created_at`).
        public let createdAt: String?
        /// The tip's text (`text`).
        public let text: String?
        /// The tip's page on Foursquare (`url`).
        public let url: String?
        /// The language of the tip's text (`lang`).
        public let lang: String?
        /// How many users agreed with the tip (`agree_count`).
        public let agreeCount: Int?
        /// How many users disagreed with the tip (`disagree_count`).
        public let disagreeCount: Int?
        /// The tip's image (`photo`).
        public var photo: Icon? { _photo?.value }
        private let _photo: Indirect<Icon>?

        /// A value built in code (previews, tests); optionals default to nil.
        public init(id: String? = nil, createdAt: String? = nil, text: String? = nil, url: String? = nil, lang: String? = nil,
                    agreeCount: Int? = nil, disagreeCount: Int? = nil, photo: Icon? = nil) {
            self.id = id
            self.createdAt = createdAt
            self.text = text
            self.url = url
            self.lang = lang
            self.agreeCount = agreeCount
            self.disagreeCount = disagreeCount
            _photo = photo.map { Indirect($0) }
        }

        /// Reads every member; the id is `id`, or `fsq_tip_id` where the document keys it so.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decodeIfPresent(String.self, forKey: .id)
                ?? decoder.container(keyedBy: TipKeys.self).decodeIfPresent(String.self, forKey: .id)
            createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
            text = try container.decodeIfPresent(String.self, forKey: .text)
            url = try container.decodeIfPresent(String.self, forKey: .url)
            lang = try container.decodeIfPresent(String.self, forKey: .lang)
            agreeCount = try container.decodeIfPresent(Int.self, forKey: .agreeCount)
            disagreeCount = try container.decodeIfPresent(Int.self, forKey: .disagreeCount)
            _photo = try container.decodeIfPresent(Indirect<Icon>.self, forKey: ._photo)
        }

        /// Where the document keys the tip's id as a tip's own.
        private enum TipKeys: String, CodingKey {
            case id = "fsq_tip_id"
        }

        enum CodingKeys: String, CodingKey {
            case id, text, url, lang
            case createdAt = "created_at"
            case agreeCount = "agree_count"
            case disagreeCount = "disagree_count"
            case _photo = "photo"
        }
    }

    /// Sizes Foursquare serves category icons in.
    public enum Size: Int, Sendable, CaseIterable {
        /// Square icons of 32, 44, 64, 88 or 120 pixels.
        case px32 = 32, px44 = 44, px64 = 64, px88 = 88, px120 = 120
    }

    /// The icon image URL; `background: true` asks for the grey-background variant. Nil when the answer gave no
    /// `prefix` or no `suffix` (the document requires neither).
    public func url(size: Size = .px64, background: Bool = false) -> URL? {
        guard !prefix.isEmpty, !suffix.isEmpty else { return nil }
        return URL(string: "\(prefix)\(background ? "bg_" : "")\(size.rawValue)\(suffix)")
    }

    /// Reads every member; a missing `prefix` or `suffix` is empty, not a failure.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        prefix = try container.decodeIfPresent(String.self, forKey: .prefix) ?? ""
        suffix = try container.decodeIfPresent(String.self, forKey: .suffix) ?? ""
        let keyedByPhoto = try decoder.container(keyedBy: PhotoKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id) ?? keyedByPhoto.decodeIfPresent(String.self, forKey: .id)
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        classifications = try container.decodeIfPresent([String].self, forKey: .classifications)
        _tip = try container.decodeIfPresent(Indirect<Tip>.self, forKey: ._tip)
    }

    /// Writes the members it holds; an empty `prefix` or `suffix` is left out, as it arrived.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !prefix.isEmpty { try container.encode(prefix, forKey: .prefix) }
        if !suffix.isEmpty { try container.encode(suffix, forKey: .suffix) }
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(width, forKey: .width)
        try container.encodeIfPresent(height, forKey: .height)
        try container.encodeIfPresent(classifications, forKey: .classifications)
        try container.encodeIfPresent(_tip, forKey: ._tip)
    }

    enum CodingKeys: String, CodingKey {
        case prefix, suffix, id, width, height, classifications
        case createdAt = "created_at"
        case _tip = "tip"
    }

    /// Where the document keys the image's id as a photo's.
    private enum PhotoKeys: String, CodingKey {
        case id = "fsq_photo_id"
    }
}
