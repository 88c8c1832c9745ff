import Foundation

// What 2025-06-17's models offer beyond the members the document gives them (those are generated, in
// Contract20250617+Models.swift, from the document and overrides-20250617.json).

extension Contract20250617.Place {
    /// The point, when both coordinates came.
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The website as a URL, when it parses.
    public var websiteURL: URL? { website.flatMap(URL.init(string:)) }
}

extension Contract20250617.Category {
    /// The icon URL at `size`, when the category has an icon with both `prefix` and `suffix`.
    public func iconURL(size: Icon.Size = .px64, background: Bool = false) -> URL? {
        icon?.url(size: size, background: background)
    }
}

extension Contract20250617.Photo {
    /// The sizes the photo CDN accepts between prefix and suffix.
    public typealias Size = SeedContract.PlacePhoto.Size

    /// The image URL at `size`, or nil when the photo lacks a prefix or suffix.
    public func imageURL(size: Size = .original) -> URL? {
        SeedContract.PlacePhoto(id: id, prefix: prefix, suffix: suffix).imageURL(size: size)
    }

    /// When the photo was added, parsed from `created_at`; nil when absent or unreadable.
    public var createdDate: Date? { SeedContract.PlacePhoto(id: id, createdAt: createdAt).createdDate }
}

extension Contract20250617.AutocompleteHighlight {
    /// The matched characters of `text`, when both bounds came and fall inside it.
    public func range(in text: String) -> Range<String.Index>? {
        guard let start, let length, start >= 0, length >= 0, start + length <= text.count else { return nil }
        let lower = text.index(text.startIndex, offsetBy: start)
        return lower..<text.index(lower, offsetBy: length)
    }
}

// Its description shows the job and where its files go, never the three secrets.
extension Contract20250617.OfflineJobCredentials: CustomStringConvertible {
    public var description: String {
        "OfflineJobCredentials(job: \(jobID ?? "nil"), input: \(inputURI ?? "nil"), output: \(outputURI ?? "nil"), secrets: <redacted>)"
    }

    /// The answer fields that hold a credential: redacted before any fixture is written.
    public static let secretFields = [CodingKeys.accessKeyID, .secretAccessKey, .sessionToken].map(\.stringValue)
}
