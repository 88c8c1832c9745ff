import FixtureFormat
import Foundation
import FoursquarePlaces
import OpenAPIConformance

/// One OpenAPI document as `spec-diff` compares it: read as `--openapi` reads it (JSON or YAML, 3.0 or 3.1, checked
/// by OpenAPIKit, overrides applied), then indexed by operation, each with its parameters and the fields of each
/// response, every one with the JSON pointer where the document declares it.
struct SpecDocument: Sendable {
    /// A schema's facts that decide what values it allows, as far as the diff reads them.
    struct Schema: Sendable, Hashable {
        /// JSON Schema types, `null` left out; empty: any type.
        var types: Set<String> = []
        var nullable = false
        /// The allowed values, as JSON text (`"NEWEST"`, `3`); nil: no enum.
        var enumValues: [String]?
        var format: String?
        var minimum: Double?
        var maximum: Double?
        var minLength: Int?
        var maxLength: Int?
        var pattern: String?
        /// An array's items' enum (a comma-separated parameter written as an array).
        var itemEnum: [String]?
    }

    struct Parameter: Sendable {
        var name: String
        /// `query`, `header`, `path` or `cookie`.
        var location: String
        var required: Bool
        var deprecated: Bool
        var schema: Schema
        /// The schema's `default`, as JSON text (`"2025-06-17"`): kept apart from `schema`, whose equality grades
        /// query parameters, so only header parameters' defaults are compared.
        var defaultValue: String?
        var pointer: JSONPointer
    }

    /// A field of a response body at a path (`$.results[*].fsq_place_id`).
    struct Field: Sendable {
        var schema: Schema
        /// Listed in its object's `required`.
        var required: Bool
        var pointer: JSONPointer
    }

    struct Response: Sendable {
        var status: String
        var pointer: JSONPointer
        /// The JSON body's fields by path; nil when the response documents no JSON body.
        var fields: [String: Field]?
    }

    struct Operation: Sendable {
        var method: String
        /// As the document writes it: `/places/{fsq_place_id}`.
        var path: String
        var operationID: String?
        var deprecated: Bool
        /// `x-sunset` (or `x-sunset-date`), when the document gives one.
        var sunset: String?
        /// Keyed by `location:name`.
        var parameters: [String: Parameter]
        var responses: [String: Response]
        var pointer: JSONPointer

        var label: String { "\(method) \(path)" }

        func parameter(_ location: String, _ name: String) -> Parameter? { parameters["\(location):\(name)"] }
    }

    var source: String
    /// `info.version` as written.
    var version: String
    /// Keyed by `SpecDocument.key(method:path:)`: placeholders' names do not matter.
    var operations: [String: Operation]

    /// `GET /places/{}`: the method and the path with each placeholder emptied.
    static func key(method: String, path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? "{}" : String(segment)
        }
        return method.uppercased() + " " + segments.joined(separator: "/")
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// Indexes a (patched) document tree.
    init(tree: JSONValue, source: String) {
        self.source = source
        if case let .string(text)? = tree.member("info")?.member("version") { version = text }
        else if case let .number(text)? = tree.member("info")?.member("version") { version = text }
        else { version = "" }
        let resolver = RefResolver(root: tree)
        var operations: [String: Operation] = [:]
        guard case let .object(paths)? = tree.member("paths") else {
            self.operations = [:]
            return
        }
        for (path, item) in paths {
            let itemPointer = JSONPointer(["paths", path])
            let (item, _) = resolver.resolve(item, at: itemPointer)
            let shared = Self.parameters(item.member("parameters"), at: itemPointer.appending("parameters"), resolver: resolver)
            for method in Self.methods {
                guard let operation = item.member(method), case .object = operation else { continue }
                let pointer = itemPointer.appending(method)
                var parameters = shared
                parameters.merge(Self.parameters(operation.member("parameters"), at: pointer.appending("parameters"), resolver: resolver)) { $1 }
                var responses: [String: Response] = [:]
                if case let .object(statuses)? = operation.member("responses") {
                    for (status, response) in statuses {
                        let statusPointer = pointer.appending("responses").appending(status)
                        let (response, at) = resolver.resolve(response, at: statusPointer)
                        responses[status] = Response(status: status, pointer: statusPointer,
                                                     fields: Self.jsonFields(response, at: at, resolver: resolver))
                    }
                }
                var sunset: String?
                for key in ["x-sunset", "x-sunset-date"] {
                    if case let .string(text)? = operation.member(key) { sunset = text }
                }
                let entry = Operation(method: method.uppercased(), path: path, operationID: Self.string(operation.member("operationId")),
                                      deprecated: operation.member("deprecated").map(Self.isTrue) ?? false, sunset: sunset,
                                      parameters: parameters, responses: responses, pointer: pointer)
                operations[Self.key(method: method, path: path)] = entry
            }
        }
        self.operations = operations
    }

    private static func isTrue(_ value: JSONValue) -> Bool { if case .bool(true) = value { true } else { false } }

    private static func string(_ value: JSONValue?) -> String? { if case let .string(text)? = value { text } else { nil } }

    private static func parameters(_ list: JSONValue?, at pointer: JSONPointer, resolver: RefResolver) -> [String: Parameter] {
        guard case let .array(items)? = list else { return [:] }
        var found: [String: Parameter] = [:]
        for (offset, item) in items.enumerated() {
            let itemPointer = pointer.appending(String(offset))
            let (parameter, at) = resolver.resolve(item, at: itemPointer)
            guard let name = string(parameter.member("name")), let location = string(parameter.member("in")) else { continue }
            var schema = Schema()
            var defaultValue: String?
            if let node = parameter.member("schema") {
                var seen: Set<JSONPointer> = []
                let read = resolver.schema(node, at: at.appending("schema"), seen: &seen)
                schema = read.schema
                defaultValue = read.node.member("default").map { String(decoding: $0.jsonData, as: UTF8.self) }
            }
            found["\(location):\(name)"] = Parameter(
                name: name, location: location, required: parameter.member("required").map(isTrue) ?? false,
                deprecated: parameter.member("deprecated").map(isTrue) ?? false, schema: schema, defaultValue: defaultValue,
                pointer: itemPointer)
        }
        return found
    }

    /// The fields of a response's JSON body (the first media type that is JSON), or nil when it has none.
    private static func jsonFields(_ response: JSONValue, at pointer: JSONPointer, resolver: RefResolver) -> [String: Field]? {
        guard case let .object(content)? = response.member("content") else { return nil }
        guard let (mediaType, entry) = content.first(where: { $0.key.lowercased().contains("json") }).map({ ($0.key, $0.value) }),
              let schema = entry.member("schema") else { return nil }
        var fields: [String: Field] = [:]
        resolver.flatten(schema, at: pointer.appending("content").appending(mediaType).appending("schema"),
                         path: "$", required: true, into: &fields, depth: 0, seen: [])
        return fields
    }
}

/// Follows local `$ref`s and reads schemas into what the diff compares.
struct RefResolver {
    let root: JSONValue

    /// Paths nested deeper than this are not read (a schema that nests itself through inline copies).
    static let maximumDepth = 24

    func node(at pointer: JSONPointer) -> JSONValue? {
        var node = root
        for segment in pointer.segments {
            switch node {
            case .object: guard let next = node.member(segment) else { return nil }; node = next
            case let .array(items): guard let index = Int(segment), items.indices.contains(index) else { return nil }; node = items[index]
            default: return nil
            }
        }
        return node
    }

    /// The node a `$ref` chain ends at, with its pointer; a ref that leads nowhere stays as it is.
    func resolve(_ value: JSONValue, at pointer: JSONPointer) -> (JSONValue, JSONPointer) {
        var value = value, pointer = pointer
        for _ in 0..<32 {
            guard case let .string(ref)? = value.member("$ref"), ref.hasPrefix("#") else { break }
            let target = JSONPointer(parsing: ref)
            guard let next = node(at: target) else { break }
            value = next
            pointer = target
        }
        return (value, pointer)
    }

    /// The schema's own facts, its `allOf` merged in.
    func schema(_ value: JSONValue, at pointer: JSONPointer, seen: inout Set<JSONPointer>) -> (schema: SpecDocument.Schema, node: JSONValue, pointer: JSONPointer) {
        let (node, at) = resolve(value, at: pointer)
        var schema = SpecDocument.Schema()
        switch node.member("type") {
        case let .string(type)?: schema.types = [type]
        case let .array(types)?: schema.types = Set(types.compactMap { if case let .string(type) = $0 { type } else { nil } })
        default: break
        }
        if schema.types.remove("null") != nil { schema.nullable = true }
        if case .bool(true)? = node.member("nullable") { schema.nullable = true }
        if case let .array(values)? = node.member("enum") {
            schema.enumValues = values.map { String(decoding: $0.jsonData, as: UTF8.self) }
            if values.contains(where: { if case .null = $0 { true } else { false } }) { schema.nullable = true }
        }
        if case let .string(format)? = node.member("format") { schema.format = format }
        if case let .number(text)? = node.member("minimum") { schema.minimum = Double(text) }
        if case let .number(text)? = node.member("maximum") { schema.maximum = Double(text) }
        if case let .number(text)? = node.member("minLength") { schema.minLength = Int(text) }
        if case let .number(text)? = node.member("maxLength") { schema.maxLength = Int(text) }
        if case let .string(text)? = node.member("pattern") { schema.pattern = text }
        if let items = node.member("items"), !seen.contains(at) {
            seen.insert(at)
            schema.itemEnum = self.schema(items, at: at.appending("items"), seen: &seen).schema.enumValues
            seen.remove(at)
        }
        if case let .array(parts)? = node.member("allOf"), !seen.contains(at) {
            seen.insert(at)
            for (offset, part) in parts.enumerated() {
                let merged = self.schema(part, at: at.appending("allOf").appending(String(offset)), seen: &seen).schema
                if schema.types.isEmpty { schema.types = merged.types } else if !merged.types.isEmpty { schema.types.formIntersection(merged.types) }
                schema.enumValues = schema.enumValues ?? merged.enumValues
                schema.format = schema.format ?? merged.format
            }
            seen.remove(at)
        }
        if schema.types.isEmpty, node.member("properties") != nil { schema.types = ["object"] }
        if schema.types.isEmpty, node.member("items") != nil { schema.types = ["array"] }
        return (schema, node, at)
    }

    /// Every field under `value`, by path: properties (with `allOf`, `oneOf` and `anyOf` members), array items as
    /// `[*]`. A `$ref` already being read on the way down is not read again.
    func flatten(_ value: JSONValue, at pointer: JSONPointer, path: String, required: Bool,
                 into fields: inout [String: SpecDocument.Field], depth: Int, seen: Set<JSONPointer>) {
        guard depth <= Self.maximumDepth else { return }
        var visiting: Set<JSONPointer> = []
        let (schema, node, at) = self.schema(value, at: pointer, seen: &visiting)
        guard !seen.contains(at) else { return }
        var seen = seen
        seen.insert(at)
        if var existing = fields[path] {
            // Met again through another branch: the union of what each allows.
            existing.schema.types.formUnion(schema.types)
            existing.required = existing.required && required
            fields[path] = existing
        } else {
            fields[path] = SpecDocument.Field(schema: schema, required: required, pointer: at)
        }
        var requiredNames: Set<String> = []
        if case let .array(names)? = node.member("required") {
            requiredNames = Set(names.compactMap { if case let .string(name) = $0 { name } else { nil } })
        }
        if case let .object(properties)? = node.member("properties") {
            for (name, property) in properties {
                flatten(property, at: at.appending("properties").appending(name), path: ObjectNode.childPath(path, name),
                        required: requiredNames.contains(name), into: &fields, depth: depth + 1, seen: seen)
            }
        }
        if let items = node.member("items") {
            flatten(items, at: at.appending("items"), path: path + "[*]", required: true, into: &fields, depth: depth + 1, seen: seen)
        }
        for keyword in ["allOf", "oneOf", "anyOf"] {
            guard case let .array(parts)? = node.member(keyword) else { continue }
            for (offset, part) in parts.enumerated() {
                // Only `allOf` members' properties are always there; a `oneOf` branch's may not be.
                var branch: [String: SpecDocument.Field] = [:]
                flatten(part, at: at.appending(keyword).appending(String(offset)), path: path, required: required,
                        into: &branch, depth: depth, seen: seen)
                for (key, field) in branch where key != path {
                    var field = field
                    if keyword != "allOf" { field.required = false }
                    if var existing = fields[key] {
                        existing.schema.types.formUnion(field.schema.types)
                        existing.required = existing.required || field.required
                        fields[key] = existing
                    } else {
                        fields[key] = field
                    }
                }
            }
        }
    }
}
