import HarnessCore
import FixtureFormat
import Foundation
import FoursquarePlaces
import OpenAPIKit

/// One contract's document, compiled once per run: its operations with parameter, status, content-type, header
/// and body rules, every schema a node in one table.
struct CompiledDocument: Sendable {
    struct Parameter: Sendable {
        var name: String
        var required: Bool
        var schema: Int?
        var pointer: JSONPointer
    }

    struct Header: Sendable {
        var name: String
        var required: Bool
        var schema: Int?
        var pointer: JSONPointer
    }

    struct Response: Sendable {
        /// `200`, `4XX` or `default`.
        var status: String
        /// Media type (`application/json`) → body schema node, if any.
        var content: [(mediaType: String, schema: Int?)]
        var headers: [Header]
        var pointer: JSONPointer
    }

    struct Operation: Sendable {
        var method: String
        var pathTemplate: String
        /// The template's segments; `nil` marks a `{placeholder}`.
        var segments: [String?]
        var query: [String: Parameter]
        var responses: [Response]
        var pointer: JSONPointer

        var label: String { "\(method) \(pathTemplate)" }
    }

    var contract: ContractID
    var source: String
    var operations: [Operation]
    var schemas: SchemaTable
    /// Violations at or under these pointers are warnings (overrides' `warn`).
    var warnings: [JSONPointer]

    /// `tree` is the patched document as JSON: schemas are compiled from it, OpenAPIKit's model gives the operations.
    init(contract: ContractID, source: String, document: DereferencedDocument, tree: JSONValue, warnings: [JSONPointer]) {
        self.contract = contract
        self.source = source
        self.warnings = warnings
        let dialect: SchemaDialect
        if case let .string(version)? = tree.member("openapi"), version.hasPrefix("3.0") { dialect = .openAPI30 } else { dialect = .jsonSchema2020 }
        var table = SchemaTable(document: tree, dialect: dialect)
        var operations: [Operation] = []
        for route in document.routes {
            let template = route.path.rawValue.hasPrefix("/") ? route.path.rawValue : "/" + route.path.rawValue
            let pathPointer = JSONPointer(["paths", route.path.rawValue])
            for endpoint in route.pathItem.endpoints {
                let method = endpoint.method.rawValue.uppercased()
                let pointer = pathPointer.appending(endpoint.method.rawValue.lowercased())
                let operation = endpoint.operation
                var query: [String: Parameter] = [:]
                // Path-level parameters first, so the operation's own override them.
                for (offset, parameter) in route.pathItem.parameters.enumerated() where parameter.location == .query {
                    query[parameter.name] = Self.parameter(parameter, pointer: pathPointer.appending("parameters").appending(String(offset)),
                                                           label: "\(method) \(template)", table: &table)
                }
                for (offset, parameter) in operation.parameters.enumerated() where parameter.location == .query {
                    query[parameter.name] = Self.parameter(parameter, pointer: pointer.appending("parameters").appending(String(offset)),
                                                           label: "\(method) \(template)", table: &table)
                }
                var responses: [Response] = []
                for (status, response) in operation.responses {
                    let responsePointer = pointer.appending("responses").appending(status.rawValue)
                    let label = "\(method) \(template) \(status.rawValue)"
                    let content = response.content.map { type, entry in
                        let schemaPointer = responsePointer.appending("content").appending(type.rawValue).appending("schema")
                        return (mediaType: type.typeAndSubtype.lowercased(),
                                schema: entry.schema == nil ? nil : table.compile(at: schemaPointer, name: label + " body"))
                    }.sorted { $0.mediaType < $1.mediaType }
                    let headers = (response.headers ?? [:]).map { name, header in
                        let headerPointer = responsePointer.appending("headers").appending(name)
                        return Header(name: name.lowercased(), required: header.required,
                                      schema: header.schemaOrContent.a == nil ? nil
                                          : table.compile(at: headerPointer.appending("schema"), name: "\(label) header \(name)"),
                                      pointer: headerPointer)
                    }.sorted { $0.name < $1.name }
                    responses.append(Response(status: status.rawValue, content: content, headers: headers, pointer: responsePointer))
                }
                let segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { segment -> String? in
                    segment.hasPrefix("{") && segment.hasSuffix("}") ? nil : String(segment)
                }
                operations.append(Operation(method: method, pathTemplate: template, segments: segments, query: query,
                                            responses: responses.sorted { Self.statusRank($0.status) < Self.statusRank($1.status) },
                                            pointer: pointer))
            }
        }
        // Document order as OpenAPIKit decodes it is not stable from run to run: sorted, so output is.
        self.operations = operations.sorted { ($0.pathTemplate, Self.methodRank($0.method)) < ($1.pathTemplate, Self.methodRank($1.method)) }
        schemas = table
    }

    /// `GET` before `POST` and the rest, as documents usually list them.
    static func methodRank(_ method: String) -> String {
        let order = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]
        return order.firstIndex(of: method).map { String($0) } ?? method
    }

    /// `200` … `599`, then `1XX` … `5XX`, then `default`.
    static func statusRank(_ status: String) -> String {
        if Int(status) != nil { return "0" + status }
        return status == "default" ? "2" : "1" + status.uppercased()
    }

    private static func parameter(_ parameter: DereferencedParameter, pointer: JSONPointer, label: String, table: inout SchemaTable) -> Parameter {
        let schema = parameter.schemaOrContent.a == nil ? nil
            : table.compile(at: pointer.appending("schema"), name: "\(label) query \(parameter.name)")
        return Parameter(name: parameter.name, required: parameter.required, schema: schema, pointer: pointer)
    }

    /// The operation for a method and a percent-encoded path; literal segments win over placeholders
    /// (`/places/search` before `/places/{fsq_place_id}`).
    func operation(method: String, path: String) -> Operation? {
        let method = method.uppercased()
        // Decoded once per call, and only where there is an escape: `removingPercentEncoding` was most of its cost.
        let sent = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.contains("%") ? $0.removingPercentEncoding ?? String($0) : String($0)
        }
        var best: (operation: Operation, literals: Int)?
        for operation in operations where operation.method == method && operation.segments.count == sent.count {
            var literals = 0
            var matches = true
            for (template, segment) in zip(operation.segments, sent) {
                if let template {
                    guard template == segment else { matches = false; break }
                    literals += 1
                } else if segment.isEmpty {
                    matches = false
                    break
                }
            }
            if matches, literals > best?.literals ?? -1 { best = (operation, literals) }
        }
        return best?.operation
    }
}
