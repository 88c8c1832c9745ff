import Foundation
import FoursquarePlaces

/// A bound the contract's documents state for one integer parameter of one operation: `limit` 1–50, `radius`
/// 0–100000, `durationSeconds` 900–43200. The bounds the harness tries are `DocumentedBound.all`, written for every
/// document by `scripts/contract-data.py`, so that the main job reads no document and compiles no OpenAPI parser.
/// `derive(openAPI:contract:source:)` reads the documents (`docs/openapi/`, the seed contract's included) a second,
/// independent time: a test compares what it finds with the committed table.
package struct DocumentedBound: Sendable, Hashable {
    /// The contract the document describes.
    package let contract: ContractID
    /// The operation (the document's `operationId` as an endpoint id, `endpointID(operationID:)`, or the seed
    /// documents' endpoint id).
    package let endpoint: EndpointID
    /// The document's path template, its placeholders filled with `samplePathValue` when the request is built.
    package let path: String
    /// The parameter the bound is on.
    package let parameter: String
    /// The smallest value the document allows, when it states one.
    package let minimum: Int?
    /// The largest value the document allows, when it states one.
    package let maximum: Int?
    /// What else the request needs to be valid: the document's required parameters, and parameters the bounded
    /// one only applies with (`radius` with `ll`), each with a valid sample value.
    package let with: [String: String]
    /// The document the bound comes from, for the failure message.
    package let source: String

    package init(contract: ContractID, endpoint: EndpointID, path: String, parameter: String, minimum: Int?, maximum: Int?,
                 with: [String: String] = [:], source: String) {
        self.contract = contract
        self.endpoint = endpoint
        self.path = path
        self.parameter = parameter
        self.minimum = minimum
        self.maximum = maximum
        self.with = with
        self.source = source
    }

    /// What a path placeholder is filled with: any id the client can send.
    package static let samplePathValue = "fsq-contract-bound-sample"

    /// `1...50`, `...50` or `900...`: the bound as the messages write it.
    package var range: String { "\(minimum.map(String.init) ?? "")...\(maximum.map(String.init) ?? "")" }

    /// The values tried: each stated edge, and one step past it.
    package var cases: [(value: Int, inside: Bool)] {
        var cases: [(Int, Bool)] = []
        if let minimum { cases += [(minimum - 1, false), (minimum, true)] }
        if let maximum { cases += [(maximum, true), (maximum + 1, false)] }
        return cases
    }
}

extension DocumentedBound {
    /// Parameters a bounded one applies only with, and a valid value for each: `radius` counts only beside `ll`
    /// (2025-06-17's `/places/search`, in its publisher's words, which the package's copy leaves out).
    static let companions: [(parameter: String, name: String, value: String)] = [
        ("radius", "ll", "40.7484,-73.9857"),
    ]

    /// A valid sample of a required parameter, by its schema: the first of an enumeration, the minimum of an
    /// integer, else a word (long enough for `/autocomplete`'s "at least 3 characters").
    static func sample(schema: [String: Any]) -> String {
        if let values = schema["enum"] as? [Any], let first = values.first { return "\(first)" }
        if schema["type"] as? String == "integer" { return "\((schema["minimum"] as? Int) ?? 1)" }
        return "coffee"
    }

    /// The endpoint id an operationId stands for: kebab-case, lowercase. camelCase and PascalCase split before
    /// each capital that follows a lowercase letter or digit, and before the last capital of a run followed by a
    /// lowercase letter (`URLPrefix` is `url-prefix`); `_` and spaces are `-`. `placeMenu` is `place-menu`;
    /// `place-search` and `places-suggest-place` are unchanged. `scripts/endpoint_id.py` is the same rule for the
    /// generator and `contract-data.py`; `EndpointIDRuleTests` holds the two to one answer for every operationId.
    package static func endpointID(operationID: String) -> String {
        func upper(_ c: Character?) -> Bool { c.map { $0.isASCII && $0.isUppercase } ?? false }
        func lowerOrDigit(_ c: Character?) -> Bool { c.map { $0.isASCII && ($0.isLowercase || $0.isNumber) } ?? false }
        func lower(_ c: Character?) -> Bool { c.map { $0.isASCII && $0.isLowercase } ?? false }
        let characters = Array(operationID.map { $0 == "_" || $0.isWhitespace ? "-" : $0 })
        var out = ""
        for (index, character) in characters.enumerated() {
            let previous = index > 0 ? characters[index - 1] : nil
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if upper(character), lowerOrDigit(previous) || (upper(previous) && lower(next)) { out.append("-") }
            out.append(character)
        }
        let words = out.lowercased().split(separator: "-", omittingEmptySubsequences: true)
        return words.joined(separator: "-")
    }

    /// Every integer bound of every operation of an OpenAPI document (`minimum`/`maximum` of a query parameter's
    /// schema), in the document's order. `contract` names the version the document describes.
    package static func derive(openAPI data: Data, contract: ContractID, source: String) throws -> [DocumentedBound] {
        guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let paths = document["paths"] as? [String: Any] else {
            throw DerivationError("\(source) is not an OpenAPI document with paths")
        }
        func resolve(_ value: Any?) -> [String: Any] {
            guard let object = value as? [String: Any] else { return [:] }
            guard let reference = object["$ref"] as? String, reference.hasPrefix("#/") else { return object }
            var node: Any? = document
            for part in reference.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(part)] }
            return resolve(node)
        }
        var bounds: [DocumentedBound] = []
        for path in paths.keys.sorted() {
            let item = resolve(paths[path])
            for method in ["get", "post", "put", "patch", "delete"] {
                // Every operation with an id, registered by the client or not: the run tries only the bounds of the
                // endpoints its fixtures called, so the table is the documents' alone.
                guard let operation = item[method] as? [String: Any], let operationID = operation["operationId"] as? String
                else { continue }
                let id = EndpointID(endpointID(operationID: operationID))
                let parameters = ((item["parameters"] as? [Any] ?? []) + (operation["parameters"] as? [Any] ?? [])).map(resolve)
                    .filter { $0["in"] as? String == "query" }
                var required: [String: String] = [:]
                for parameter in parameters where parameter["required"] as? Bool == true {
                    if let name = parameter["name"] as? String { required[name] = sample(schema: resolve(parameter["schema"])) }
                }
                for parameter in parameters {
                    let schema = resolve(parameter["schema"])
                    guard let name = parameter["name"] as? String, schema["type"] as? String == "integer" else { continue }
                    let minimum = schema["minimum"] as? Int, maximum = schema["maximum"] as? Int
                    guard minimum != nil || maximum != nil else { continue }
                    var with = required.filter { $0.key != name }
                    let names = Set(parameters.compactMap { $0["name"] as? String })
                    for companion in companions where companion.parameter == name && names.contains(companion.name) {
                        with[companion.name] = companion.value
                    }
                    bounds.append(DocumentedBound(contract: contract, endpoint: id, path: path, parameter: name,
                                                  minimum: minimum, maximum: maximum, with: with, source: source))
                }
            }
        }
        return bounds
    }

    /// A document the derivation cannot read.
    package struct DerivationError: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }
}
