import HarnessCore
import FixtureFormat
import Foundation

/// Every rule of a compiled document one exchange is held to: the operation, its query parameters, the status,
/// the content type, the headers and the body.
extension CompiledDocument {
    func violations(of exchange: DocumentExchange) -> [DocumentViolation] {
        var found: [DocumentViolation] = []
        func add(_ message: String, _ pointer: JSONPointer) {
            found.append(DocumentViolation(message: message, pointer: pointer.description,
                                           isWarning: warnings.contains { pointer.isWithin($0) }))
        }
        guard let operation = operation(method: exchange.method, path: exchange.path) else {
            add("\(exchange.method) \(exchange.path): no operation in the document for this method and path", JSONPointer(["paths"]))
            return found
        }
        // A 4xx answer to a value the document forbids (`limit=500` over `maximum: 50`) is the API keeping its
        // document: the values are checked only when the request was not refused.
        checkQuery(exchange.query, operation, checkValues: !(400..<500).contains(exchange.status), add)
        guard let response = response(for: exchange.status, in: operation) else {
            let documented = operation.responses.map(\.status).joined(separator: ", ")
            add("status \(exchange.status): not documented for \(operation.label) (documented: \(documented.isEmpty ? "none" : documented))",
                operation.pointer.appending("responses"))
            return found
        }
        checkHeaders(exchange.headers, response, add)
        checkBody(exchange, operation, response, add)
        return found
    }

    /// A declared status, else its class (`4XX`), else `default`.
    func response(for status: Int, in operation: Operation) -> Response? {
        operation.responses.first { $0.status == String(status) }
            ?? operation.responses.first { $0.status.uppercased() == "\(status / 100)XX" }
            ?? operation.responses.first { $0.status == "default" }
    }

    private func checkQuery(_ query: [String: String], _ operation: Operation, checkValues: Bool, _ add: (String, JSONPointer) -> Void) {
        let validator = InstanceValidator(table: schemas)
        for (name, value) in query.sorted(by: { $0.key < $1.key }) {
            guard let parameter = operation.query[name] else {
                let declared = operation.query.keys.sorted().joined(separator: ", ")
                add("query parameter \(name): not declared for \(operation.label) (declared: \(declared.isEmpty ? "none" : declared))",
                    operation.pointer.appending("parameters"))
                continue
            }
            guard checkValues, let schema = parameter.schema else { continue }
            for violation in validator.validate(Self.queryValue(value, schemaTypes: schemas.nodes[schema].types), against: schema,
                                                path: "query \(name)") {
                add(violation.message, violation.node.pointer)
            }
        }
        for parameter in operation.query.values.sorted(by: { $0.name < $1.name }) where parameter.required && query[parameter.name] == nil {
            add("query parameter \(parameter.name): required by \(operation.label), not sent", parameter.pointer)
        }
    }

    /// A query string read as the type its schema wants, so `limit=ten` fails an integer and `limit=10` passes.
    static func queryValue(_ text: String, schemaTypes types: SchemaNode.Types) -> JSONValue {
        // A number as JSON spells one: `Double` alone also reads `0x1p-2` and `inf`.
        if types.contains(.integer) || types.contains(.number), case .number? = try? JSONSpan.parse(Data(text.utf8)) {
            return .number(text)
        }
        if types.contains(.boolean), text == "true" || text == "false" { return .bool(text == "true") }
        if types.contains(.array) {
            return .array(text.split(separator: ",", omittingEmptySubsequences: false).map { .string(String($0)) })
        }
        return .string(text)
    }

    private func checkHeaders(_ headers: [String: String], _ response: Response, _ add: (String, JSONPointer) -> Void) {
        let validator = InstanceValidator(table: schemas)
        for header in response.headers {
            guard let value = headers[header.name] else {
                if header.required { add("header \(header.name): required for \(response.status), missing", header.pointer) }
                continue
            }
            guard let schema = header.schema else { continue }
            for violation in validator.validate(Self.queryValue(value, schemaTypes: schemas.nodes[schema].types), against: schema,
                                                path: "header \(header.name)") {
                add(violation.message, violation.node.pointer)
            }
        }
    }

    private func checkBody(_ exchange: DocumentExchange, _ operation: Operation, _ response: Response,
                           _ add: (String, JSONPointer) -> Void) {
        let contentType = exchange.headers["content-type"].map { MediaType.of($0) ?? "" }
        if response.content.isEmpty {
            if !exchange.body.isEmpty {
                add("status \(exchange.status): the answer has a \(contentType ?? "untyped") body, the document declares no content for \(operation.label) \(response.status)",
                    response.pointer)
            }
            return
        }
        if exchange.body.isEmpty, contentType == nil { return }
        guard let contentType else {
            add("content type: missing, the document declares \(response.content.map(\.mediaType).joined(separator: ", "))", response.pointer.appending("content"))
            return
        }
        guard let entry = Self.entry(for: contentType, in: response.content) else {
            add("content type: \(contentType) is not declared for \(operation.label) \(response.status) (declared: \(response.content.map(\.mediaType).joined(separator: ", ")))",
                response.pointer.appending("content"))
            return
        }
        guard let schema = entry.schema, contentType.hasSuffix("json") else { return }
        let value: JSONValue
        do {
            // RFC 8259 lets a parser ignore a byte order mark, as JSONSerialization and the model's decoder do.
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            value = try JSONSpan.parse(exchange.body.starts(with: bom) ? exchange.body.dropFirst(3) : exchange.body)
        } catch {
            let problem = error.limit ? "cannot be checked (\(error.reason))" : "is not JSON (\(error.reason) at line \(error.line), column \(error.column))"
            add("$: the body \(problem), the document declares \(entry.mediaType)", schemas.nodes[schema].pointer)
            return
        }
        for violation in InstanceValidator(table: schemas).validate(value, against: schema) {
            add(violation.message, violation.node.pointer)
        }
    }

    /// An exact media type first, then `type/*`, then `*/*`.
    static func entry(for type: String, in content: [(mediaType: String, schema: Int?)]) -> (mediaType: String, schema: Int?)? {
        let family = type.split(separator: "/").first.map { "\($0)/*" } ?? ""
        return content.first { $0.mediaType == type } ?? content.first { $0.mediaType == family } ?? content.first { $0.mediaType == "*/*" }
    }
}
