import ContractHarness
import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat

/// Reads `--openapi` documents (JSON or YAML, OpenAPI 3.0 or 3.1), patches them with their overrides and
/// compiles them: the loader `fsq-openapi` and `fsq-live` set.
public struct OpenAPIDocumentLoader: DocumentOracleLoader {
    public init() {}

    public func load(documents: [DocumentArgument], overrides: [DocumentArgument]) throws -> LoadedDocuments {
        var compiled: [String: CompiledDocument] = [:]
        var notices: [String] = []
        let given = try Dictionary(grouping: overrides) { argument throws(DocumentLoadError) -> String in
            guard let contract = argument.contract else {
                throw DocumentLoadError("--openapi-overrides \(argument.path): name the contract it patches, e.g. --openapi-overrides 2025-06-17=\(argument.path)")
            }
            return contract
        }
        for argument in documents {
            var tree = try DocumentFile.tree(at: argument.path)
            let contract = try Self.contract(of: tree, argument: argument)
            if compiled[contract] != nil {
                throw DocumentLoadError("--openapi \(argument.path): a second document for contract \(contract); give one per contract")
            }
            let patches = try given[contract].map { try $0.map { (argument) throws(DocumentLoadError) in try DocumentOverrides(path: argument.path) } }
                ?? ShippedOverrides.forDocument(tree, contract: contract).map { [$0] } ?? []
            var warnings: [JSONPointer] = []
            var applied = 0, places = 0
            for patch in patches {
                let result = patch.apply(to: &tree)
                applied += result.applied
                places += result.places
                warnings += result.warnings
                notices += result.unmatched
            }
            let document = try Self.decode(tree, path: argument.path)
            let dereferenced: OpenAPIKit.DereferencedDocument
            do {
                dereferenced = try document.locallyDereferenced()
            } catch {
                throw DocumentLoadError("\(argument.path): cannot resolve its $refs (\(DocumentFile.oneLine(error)))")
            }
            let result = CompiledDocument(contract: contract, source: argument.path, document: dereferenced, warnings: warnings)
            compiled[contract] = result
            let sources = patches.map(\.source).joined(separator: ", ")
            notices.append("openapi: \(argument.path) checks contract \(contract): \(result.operations.count) operations, "
                           + (patches.isEmpty ? "no overrides" : "\(applied) overrides applied at \(places) places (\(sources))"))
        }
        return LoadedDocuments(oracle: OpenAPIOracle(documents: compiled), notices: notices)
    }

    /// The flag's `CONTRACT=`, else `info.version` (`20250617` → `2025-06-17`).
    static func contract(of tree: Any, argument: DocumentArgument) throws(DocumentLoadError) -> String {
        if let contract = argument.contract { return contract }
        let version = ((tree as? [String: Any])?["info"] as? [String: Any])?["version"].map { "\($0)" } ?? ""
        var candidate = version
        if version.count == 8, version.allSatisfy(\.isNumber) {
            let digits = Array(version)
            candidate = "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))"
        }
        guard Contracts.known.contains(candidate), candidate != Fixture.seedContract else {
            let dated = Contracts.known.filter { $0 != Fixture.seedContract }
            throw DocumentLoadError("--openapi \(argument.path): info.version '\(version)' names no known contract (\(dated.joined(separator: ", "))); say which: --openapi \(dated.first ?? "2025-06-17")=\(argument.path)")
        }
        return candidate
    }

    /// OpenAPIKit's document; 3.0 documents are read with OpenAPIKit30 and converted to 3.1.
    static func decode(_ tree: Any, path: String) throws(DocumentLoadError) -> OpenAPIKit.OpenAPI.Document {
        let version = (tree as? [String: Any])?["openapi"] as? String ?? ""
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: tree)
        } catch {
            throw DocumentLoadError("\(path): cannot re-encode the patched document (\(DocumentFile.oneLine(error)))")
        }
        // Vendor extensions off: each schema otherwise decodes its whole subtree again as `AnyCodable` to look for
        // `x-` keys, 82% of a 3.3 s decode of Foursquare's document; no check reads them.
        let decoder = JSONDecoder()
        decoder.userInfo[OpenAPIKit.VendorExtensionsConfiguration.enabledKey] = false
        decoder.userInfo[OpenAPIKit30.VendorExtensionsConfiguration.enabledKey] = false
        do {
            if version.hasPrefix("3.0") {
                return try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: data).convert(to: .v3_1_1)
            }
            guard version.hasPrefix("3.1") || version.hasPrefix("3.2") else {
                throw DocumentLoadError("\(path): openapi '\(version)' is not 3.0, 3.1 or 3.2 (Swagger 2.0 documents need converting first)")
            }
            return try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: data)
        } catch let error as DocumentLoadError {
            throw error
        } catch {
            throw DocumentLoadError("\(path): not an OpenAPI \(version) document (\(OpenAPIKit.OpenAPI.Error(from: error).localizedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")))")
        }
    }
}

/// `DocumentLoadError` reads as its one line wherever the CLI prints a thrown error.
extension DocumentLoadError: LocalizedError {
    var errorDescription: String? { description }
}
