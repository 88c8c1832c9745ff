import ContractHarness
import Foundation
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

    var contract: String
    var source: String
    var operations: [Operation]
    var schemas: SchemaTable
    /// Violations at or under these pointers are warnings (overrides' `warn`).
    var warnings: [JSONPointer]

    init(contract: String, source: String, document: DereferencedDocument, warnings: [JSONPointer]) {
        self.contract = contract
        self.source = source
        self.warnings = warnings
        var table = SchemaTable()
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
                                schema: entry.schema.map { table.compile($0, pointer: schemaPointer, name: label + " body") })
                    }
                    let headers = (response.headers ?? [:]).map { name, header in
                        let headerPointer = responsePointer.appending("headers").appending(name)
                        return Header(name: name.lowercased(), required: header.required,
                                      schema: header.schemaOrContent.a.map { table.compile($0.schema, pointer: headerPointer.appending("schema"), name: "\(label) header \(name)") },
                                      pointer: headerPointer)
                    }
                    responses.append(Response(status: status.rawValue, content: content, headers: headers, pointer: responsePointer))
                }
                let segments = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { segment -> String? in
                    segment.hasPrefix("{") && segment.hasSuffix("}") ? nil : String(segment)
                }
                operations.append(Operation(method: method, pathTemplate: template, segments: segments, query: query,
                                            responses: responses, pointer: pointer))
            }
        }
        self.operations = operations
        schemas = table
    }

    private static func parameter(_ parameter: DereferencedParameter, pointer: JSONPointer, label: String, table: inout SchemaTable) -> Parameter {
        let schema = parameter.schemaOrContent.a.map {
            table.compile($0.schema, pointer: pointer.appending("schema"), name: "\(label) query \(parameter.name)")
        }
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
