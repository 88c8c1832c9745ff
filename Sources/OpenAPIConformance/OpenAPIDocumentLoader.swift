import HarnessCore
import FixtureFormat
import Foundation
import FoursquarePlaces
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Synchronization

/// Reads `--openapi` documents (JSON or YAML, OpenAPI 3.0 or 3.1), patches them with their overrides and
/// compiles them: the loader `fsq-contract`'s main passes with the OpenAPI trait.
package struct OpenAPIDocumentLoader: DocumentOracleLoader {
    package init() {}

    package func load(documents: [DocumentArgument], overrides: [DocumentArgument]) throws -> LoadedDocuments {
        var compiled: [ContractID: CompiledDocument] = [:]
        var notices: [String] = []
        let given = try Dictionary(grouping: overrides) { argument throws(DocumentLoadError) -> ContractID in
            guard let contract = argument.contract else {
                throw DocumentLoadError("--openapi-overrides \(argument.path): name the contract it patches, e.g. --openapi-overrides 2025-06-17=\(argument.path)")
            }
            return contract
        }
        for argument in try Self.expandingBundled(documents) {
            var tree = argument.bundled ? try BundledDocuments.tree(argument.contract!) : try DocumentFile.tree(at: argument.path)
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
            let document = try Self.decode(Self.skeleton(tree), path: argument.path)
            let dereferenced: OpenAPIKit.DereferencedDocument
            do {
                dereferenced = try document.locallyDereferenced()
            } catch {
                throw DocumentLoadError("\(argument.path): cannot resolve its $refs (\(DocumentFile.oneLine(error)))")
            }
            let result = CompiledDocument(contract: contract, source: argument.path, document: dereferenced, tree: tree, warnings: warnings)
            if let bad = result.schemas.malformed.min(by: { $0.pointer < $1.pointer }) {
                let version: String
                if case let .string(text)? = tree.member("openapi") { version = text } else { version = "" }
                throw DocumentLoadError("\(argument.path): not an OpenAPI \(version) document (\(bad.pointer): \(bad.problem))")
            }
            compiled[contract] = result
            let sources = patches.map(\.source).joined(separator: ", ")
            notices.append("openapi: \(argument.path) checks contract \(contract): \(result.operations.count) operations, "
                           + (patches.isEmpty ? "no overrides" : "\(applied) overrides applied at \(places) places (\(sources))"))
            notices += Self.uncheckedWarnings(result.schemas.unchecked, path: argument.path)
        }
        return LoadedDocuments(oracle: OpenAPIOracle(documents: compiled), notices: notices)
    }

    /// `--openapi` with no file stands for every document the binary carries; `CONTRACT=bundled` for that contract's.
    /// A bundled argument comes out with its contract and its label as its path (what the messages name).
    static func expandingBundled(_ documents: [DocumentArgument]) throws(DocumentLoadError) -> [DocumentArgument] {
        var expanded: [DocumentArgument] = []
        for argument in documents {
            guard argument.bundled else { expanded.append(argument); continue }
            let contracts = argument.contract.map { [$0] } ?? BundledDocuments.contracts
            if contracts.isEmpty { throw DocumentLoadError("--openapi: this binary carries no document; give a file: --openapi FILE") }
            for contract in contracts {
                var one = DocumentArgument.bundled(contract)
                one.path = BundledDocuments.label(contract)
                expanded.append(one)
            }
        }
        return expanded
    }

    /// One line per keyword, format or pattern the validator cannot check, naming where the document uses it:
    /// `warning: openapi: doc.json: not checked: format "phone" at #/components/schemas/Place/properties/tel/format`.
    static func uncheckedWarnings(_ unchecked: [String: [JSONPointer]], path: String) -> [String] {
        unchecked.keys.sorted().map { keyword in
            let places = unchecked[keyword]!.sorted()
            let more = places.count > 1 ? " (and \(places.count - 1) more place\(places.count == 2 ? "" : "s"))" : ""
            return "\(uncheckedPrefix)\(path): not checked: \(keyword) at \(places[0])\(more); values there pass this keyword unchecked"
        }
    }

    /// How the CLI tells these warnings from the other notices.
    package static let uncheckedPrefix = "warning: openapi: "

    /// The flag's `CONTRACT=`, else `info.version` (`20250617` → `2025-06-17`).
    package static func contract(of tree: JSONValue, argument: DocumentArgument) throws(DocumentLoadError) -> ContractID {
        if let contract = argument.contract { return contract }
        let version: String
        switch tree.member("info")?.member("version") {
        case let .string(text)?, let .number(text)?: version = text
        default: version = ""
        }
        var candidate = version
        if version.count == 8, version.allSatisfy(\.isNumber) {
            let digits = Array(version)
            candidate = "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))"
        }
        guard Contract.known.contains(ContractID(candidate)), ContractID(candidate) != .seed else {
            let dated = Contract.known.filter { $0 != .seed }.map(\.rawValue)
            throw DocumentLoadError("--openapi \(argument.path): info.version '\(version)' names no known contract (\(dated.joined(separator: ", "))); say which: --openapi \(dated.first ?? "2025-06-17")=\(argument.path)")
        }
        return ContractID(candidate)
    }

    /// The document with every schema emptied to `{}` (the keys stay, so `$ref`s to components still resolve):
    /// schemas are compiled from the JSON itself, and OpenAPIKit, which gives the operations, parameters, responses
    /// and headers, can neither hold a recursive schema nor read every 2020-12 keyword (a `maximum` past a `Double`).
    package static func skeleton(_ tree: JSONValue) -> JSONValue {
        func strip(_ value: JSONValue) -> JSONValue {
            switch value {
            case let .object(members):
                return .object(members.map { member in
                    // A boolean schema too (3.1 allows `schema: false`; OpenAPIKit reads only objects).
                    switch (member.key, member.value) {
                    case ("schema", .object), ("schema", .bool): return (member.key, .object([]))
                    default: break
                    }
                    return (member.key, strip(member.value))
                })
            case let .array(elements):
                return .array(elements.map(strip))
            default:
                return value
            }
        }
        var skeleton = tree.replacingMember("paths", with: tree.member("paths").map(strip))
        if case let .object(components)? = tree.member("components") {
            let stripped = components.map { member -> (key: String, value: JSONValue) in
                if member.key == "schemas", case let .object(schemas) = member.value {
                    return (member.key, .object(schemas.map { ($0.key, JSONValue.object([])) }))
                }
                return (member.key, strip(member.value))
            }
            skeleton = skeleton.replacingMember("components", with: .object(stripped))
        }
        return skeleton
    }

    /// OpenAPIKit's document; 3.0 documents are read with OpenAPIKit30 and converted to 3.1.
    ///
    /// Decoding was most of a document's load (110 of 165 ms for Foursquare's), single-threaded while the replay
    /// workers waited for it, so two halves are decoded at once, each a whole document OpenAPIKit validates: one
    /// without `paths`, one without `components.schemas` (a `$ref` is not resolved while decoding). The first
    /// keeps everything but the second's `paths`.
    package static func decode(_ tree: JSONValue, path: String) throws(DocumentLoadError) -> OpenAPIKit.OpenAPI.Document {
        let version: String
        if case let .string(text)? = tree.member("openapi") { version = text } else { version = "" }
        guard version.hasPrefix("3.0") || version.hasPrefix("3.1") || version.hasPrefix("3.2") else {
            throw DocumentLoadError("\(path): openapi '\(version)' is not 3.0, 3.1 or 3.2 (Swagger 2.0 documents need converting first)")
        }
        let halves = [tree.replacingMember("paths", with: .object([])),
                      tree.replacingMember("components", with: tree.member("components")?.removingMember("schemas"))]
        let decoded = Mutex<[Result<OpenAPIKit.OpenAPI.Document, DocumentLoadError>?]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: halves.count) { index in
            let result = Result { () throws(DocumentLoadError) in try decodeWhole(halves[index], version: version, path: path) }
            decoded.withLock { $0[index] = result }
        }
        let results = decoded.withLock { $0 }
        var document = try results[0]!.get()
        document.paths = try results[1]!.get().paths
        return document
    }

    private static func decodeWhole(_ tree: JSONValue, version: String, path: String) throws(DocumentLoadError) -> OpenAPIKit.OpenAPI.Document {
        // Vendor extensions off: each schema otherwise decodes its whole subtree again as `AnyCodable` to look for
        // `x-` keys, 82% of a 3.3 s decode of Foursquare's document; no check reads them.
        let decoder = JSONDecoder()
        decoder.userInfo[OpenAPIKit.VendorExtensionsConfiguration.enabledKey] = false
        decoder.userInfo[OpenAPIKit30.VendorExtensionsConfiguration.enabledKey] = false
        let data = tree.jsonData
        do {
            if version.hasPrefix("3.0") {
                return try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: data).convert(to: .v3_1_1)
            }
            return try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: data)
        } catch {
            throw DocumentLoadError("\(path): not an OpenAPI \(version) document (\(OpenAPIKit.OpenAPI.Error(from: error).localizedDescription.split(whereSeparator: \.isNewline).joined(separator: " ")))")
        }
    }
}

/// `DocumentLoadError` reads as its one line wherever the CLI prints a thrown error.
extension DocumentLoadError: LocalizedError {
    package var errorDescription: String? { description }
}
