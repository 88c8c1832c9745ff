import Foundation

/// The OpenAPI documents the package carries (`docs/openapi/`, facts only, written by `scripts/openapi-facts.py`):
/// the one place a test reads a version's document, so a clone with nothing beside it runs every test.
public enum PackageDocuments {
    /// `docs/openapi/`.
    public static let folder = Products.packageRoot.appendingPathComponent("docs/openapi")

    /// The document of the version `yyyymmdd` (`openapi-<yyyymmdd>.json`).
    public static func openAPI(_ yyyymmdd: String) -> URL { folder.appendingPathComponent("openapi-\(yyyymmdd).json") }

    /// 2025-06-17's document: the API that serves traffic today.
    public static let current = openAPI("20250617")

    /// The seed contract's document, written from the seed documents 000-004.
    public static let seed = folder.appendingPathComponent("openapi-seed.json")
}
