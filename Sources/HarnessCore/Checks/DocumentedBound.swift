import Foundation
import FoursquarePlaces

/// A bound the contract's documents state for one integer parameter of one operation: `limit` 1–50, `radius`
/// 0–100000, `durationSeconds` 900–43200. The bounds the harness tries are `DocumentedBound.all`, written from the
/// documents by `derive(openAPI:seedDocuments:)` and compared with them by a test, so that the main job reads no
/// document and compiles no OpenAPI parser.
package struct DocumentedBound: Sendable, Hashable {
    /// The contract the document describes.
    package let contract: ContractID
    /// The operation (the document's `operationId`, or the seed documents' endpoint id).
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
    /// Parameters a bounded one applies only with, as the document's description of it says, and a valid value
    /// for each: `radius` "can be used in combination with ll" (2025-06-17's `/places/search`).
    static let companions: [(parameter: String, saying: String, name: String, value: String)] = [
        ("radius", "in combination with ll", "ll", "40.7484,-73.9857"),
    ]

    /// A valid sample of a required parameter, by its schema: the first of an enumeration, the minimum of an
    /// integer, else a word (long enough for `/autocomplete`'s "at least 3 characters").
    static func sample(schema: [String: Any]) -> String {
        if let values = schema["enum"] as? [Any], let first = values.first { return "\(first)" }
        if schema["type"] as? String == "integer" { return "\((schema["minimum"] as? Int) ?? 1)" }
        return "coffee"
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
                // An operation the client does not register has no request to try.
                guard let operation = item[method] as? [String: Any], let id = (operation["operationId"] as? String).flatMap(EndpointID.init(rawValue:))
                else { continue }
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
                    let description = parameter["description"] as? String ?? ""
                    for companion in companions where companion.parameter == name && description.contains(companion.saying) {
                        with[companion.name] = companion.value
                    }
                    bounds.append(DocumentedBound(contract: contract, endpoint: id, path: path, parameter: name,
                                                  minimum: minimum, maximum: maximum, with: with, source: source))
                }
            }
        }
        return bounds
    }

    /// The bounds a seed document's query-parameter table states in words ("up to 50"), for the operation the
    /// document's `` `GET /path` `` line names; `endpoint` finds its id (the seed registry's path templates).
    package static func derive(seedDocument text: String, source: String, endpoint: (String) -> EndpointID?) -> [DocumentedBound] {
        var bounds: [DocumentedBound] = []
        var path: String?
        var required: [String: String] = [:]
        var found: [(name: String, maximum: Int)] = []
        func flush() {
            guard let current = path, let id = endpoint(current) else { return }
            for (name, maximum) in found {
                bounds.append(DocumentedBound(contract: .seed, endpoint: id, path: current, parameter: name, minimum: nil,
                                              maximum: maximum, with: required.filter { $0.key != name }, source: source))
            }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("`GET /"), trimmed.hasSuffix("`") {
                flush()
                path = String(trimmed.dropFirst(5).dropLast())
                required = [:]
                found = []
                continue
            }
            // | `limit` | `query` | No | `integer` | The number of results to return, up to 50. Defaults to 10. |
            let cells = trimmed.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 7, cells[2] == "`query`" else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            if cells[3] == "Yes" { required[name] = sample(schema: ["type": cells[4].trimmingCharacters(in: CharacterSet(charactersIn: "`"))]) }
            guard cells[4] == "`integer`", let range = cells[5].range(of: "up to ") else { continue }
            let digits = cells[5][range.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
            if let maximum = Int(digits) { found.append((name, maximum)) }
        }
        flush()
        return bounds
    }

    /// `DocumentedBound+All.swift` as the derivation writes it.
    package static func render(_ bounds: [DocumentedBound], from sources: [String]) -> String {
        func literal(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        var lines = [
            "// Written by DocumentedBound.derive from \(sources.joined(separator: " and ")); do not edit.",
            "// To write it again: FSQ_WRITE_DOCUMENTED_BOUNDS=1 swift test --traits Live,OpenAPI,Emulator --filter DocumentedBoundsTests",
            "import FoursquarePlaces",
            "",
            "extension DocumentedBound {",
            "    /// Every integer bound the contracts' documents state, one line each.",
            "    package static let all: [DocumentedBound] = [",
        ]
        for bound in bounds {
            let with = bound.with.isEmpty ? "[:]" : "[" + bound.with.sorted { $0.key < $1.key }
                .map { "\(literal($0.key)): \(literal($0.value))" }.joined(separator: ", ") + "]"
            lines.append("        DocumentedBound(contract: \(literal(bound.contract.rawValue)), endpoint: EndpointID(\(literal(bound.endpoint.rawValue))), "
                + "path: \(literal(bound.path)), parameter: \(literal(bound.parameter)), minimum: \(bound.minimum.map(String.init) ?? "nil"), "
                + "maximum: \(bound.maximum.map(String.init) ?? "nil"), with: \(with), source: \(literal(bound.source))),")
        }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// A document the derivation cannot read.
    package struct DerivationError: Error, CustomStringConvertible {
        package let description: String
        init(_ description: String) { self.description = description }
    }
}
