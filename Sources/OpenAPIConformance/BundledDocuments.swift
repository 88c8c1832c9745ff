import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore

/// The OpenAPI documents the binary carries: each dated contract's from the package's `docs/openapi/` (facts only),
/// embedded by `ShippedFilesPlugin`. `--openapi` with no file, or a project file's contract with no `document`,
/// checks against them, so no one downloads a document to use it.
package enum BundledDocuments {
    /// Each document by the contract its name gives (`openapi-20250617.json` is 2025-06-17's).
    static let files = EmbeddedFiles.byContract(embedded, prefix: "openapi-")

    /// The contracts the binary carries a document for, oldest first.
    package static var contracts: [ContractID] { Contract.known.filter { files[$0] != nil } }

    /// How messages name a bundled document: `bundled openapi-20250617.json`.
    package static func label(_ contract: ContractID) -> String {
        "bundled " + (files[contract]?.name ?? "openapi-\(contract.rawValue.replacingOccurrences(of: "-", with: "")).json")
    }

    /// The document of `contract` as a JSON tree.
    package static func tree(_ contract: ContractID) throws(DocumentLoadError) -> JSONValue {
        guard let file = files[contract] else {
            let carried = contracts.map(\.rawValue).joined(separator: ", ")
            throw DocumentLoadError("--openapi: this binary carries no document for \(contract) (it carries \(carried.isEmpty ? "none" : carried)); give the document's file: --openapi \(contract)=FILE")
        }
        do {
            return try JSONSpan.parse(Data(file.text.utf8))
        } catch {
            // Written by scripts/openapi-facts.py and checked by the tests, so it always parses.
            throw DocumentLoadError("\(label(contract)): not valid JSON (\(error.reason)); rebuild from a clean checkout")
        }
    }
}
