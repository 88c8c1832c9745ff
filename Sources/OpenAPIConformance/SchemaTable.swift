import FixtureFormat
import Foundation

/// The nodes of every schema a document's operations use, compiled from the document's JSON tree on demand and
/// shared: a schema reached twice (a `$ref`ed component, a recursive one) is one node.
///
/// What the compiler cannot check (an unknown keyword or format, a pattern ICU cannot run, a `$ref` it cannot
/// resolve) it records in `unchecked`, which the loader reports once per run; the validator then lets that one
/// keyword pass, and nothing else.
struct SchemaTable: Sendable {
    private(set) var nodes: [SchemaNode] = []
    /// Keyword (`format "phone"`, `$ref "https://…"`) → where the document uses it, in the order met.
    private(set) var unchecked: [String: [JSONPointer]] = [:]
    /// Keywords whose value cannot be what the keyword needs (`required: "id"`): the document is refused.
    private(set) var malformed: [(pointer: JSONPointer, problem: String)] = []
    /// Per resource: its `$dynamicAnchor`s, compiled when a `$dynamicRef` exists.
    private(set) var dynamicAnchors: [[String: Int]] = []

    private var document: JSONValue
    private let dialect: SchemaDialect
    private var byPointer: [JSONPointer: Int] = [:]
    /// Absolute URI (no fragment) of each schema resource → where it is; `$anchor`s as `uri#name`.
    private var resources: [String: JSONPointer] = [:]
    private var anchors: [String: JSONPointer] = [:]
    private var dynamicAnchorPointers: [String: [String: JSONPointer]] = [:]
    /// Resource root pointer → (its URI, its index).
    private var resourceRoots: [JSONPointer: (uri: String, index: Int)] = [:]
    private var resourceURIs: [String] = []

    static let documentURI = "file:///openapi-document.json"

    /// Where external documents sit in the table's tree: a member no OpenAPI document has.
    static let externalDocumentsKey = "\u{0}external-documents"

    /// `externalDocuments` are the retrieval hook: documents a `$ref` may name by absolute URI (no fragment), as if
    /// fetched from it. `--openapi` passes none, so a reference outside the document stays unchecked and named;
    /// the JSON Schema Test Suite passes its `remotes/` and the 2020-12 meta-schema.
    init(document: JSONValue, dialect: SchemaDialect, externalDocuments: [String: JSONValue] = [:]) {
        self.dialect = dialect
        self.document = document
        register(uri: Self.documentURI, at: JSONPointer([]))
        var path: [String] = []
        scan(document, base: Self.documentURI, path: &path)
        let external = externalDocuments.sorted { $0.key < $1.key }
        if !external.isEmpty, case let .object(members) = document {
            for (offset, entry) in external.enumerated() {
                // Its own `$id` is the base inside it; the URI it was retrieved from names it too.
                var path = [Self.externalDocumentsKey, String(offset)]
                scan(entry.value, base: entry.key, path: &path)
                register(uri: entry.key, at: JSONPointer(path))
            }
            self.document = .object(members + [(key: Self.externalDocumentsKey, value: .array(external.map(\.value)))])
        }
        dynamicAnchors = Array(repeating: [:], count: resourceURIs.count)
    }

    // MARK: Resources

    private mutating func register(uri: String, at pointer: JSONPointer) {
        if resourceRoots[pointer] == nil {
            resourceRoots[pointer] = (uri, resourceURIs.count)
            resourceURIs.append(uri)
        }
        if resources[uri] == nil { resources[uri] = pointer }
    }

    /// Records every `$id`, `$anchor` and `$dynamicAnchor`; values of `enum`, `const`, `default` and examples are
    /// data, not schemas, and are not entered.
    private mutating func scan(_ value: JSONValue, base: String, path: inout [String]) {
        switch value {
        case let .object(members):
            var base = base
            if dialect == .jsonSchema2020, case let .string(id)? = value.member("$id") {
                base = Self.resolve(id, against: base).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? base
                register(uri: base, at: JSONPointer(path))
            }
            if case let .string(anchor)? = value.member("$anchor") { anchors[base + "#" + anchor] = JSONPointer(path) }
            if case let .string(anchor)? = value.member("$dynamicAnchor") {
                anchors[base + "#" + anchor] = JSONPointer(path)
                dynamicAnchorPointers[base, default: [:]][anchor] = JSONPointer(path)
            }
            for member in members where !["enum", "const", "default", "examples", "example"].contains(member.key) {
                path.append(member.key)
                scan(member.value, base: base, path: &path)
                path.removeLast()
            }
        case let .array(elements):
            for (offset, element) in elements.enumerated() {
                path.append(String(offset))
                scan(element, base: base, path: &path)
                path.removeLast()
            }
        default:
            break
        }
    }

    /// RFC 3986 reference resolution, with a fragment-only reference kept on non-hierarchical bases (`urn:`).
    static func resolve(_ reference: String, against base: String) -> String {
        let baseWithoutFragment = base.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? base
        if reference.hasPrefix("#") { return baseWithoutFragment + reference }
        if let colon = reference.firstIndex(of: ":"), !reference[..<colon].contains("/"), !reference[..<colon].isEmpty { return reference }
        if let baseURL = URL(string: baseWithoutFragment), let url = URL(string: reference, relativeTo: baseURL) {
            return url.absoluteString
        }
        return reference
    }

    /// The resource a pointer is inside: the nearest enclosing `$id`.
    private func resource(containing pointer: JSONPointer) -> (uri: String, index: Int) {
        var segments = pointer.segments
        while true {
            if let root = resourceRoots[JSONPointer(segments)] { return root }
            if segments.isEmpty { return (Self.documentURI, 0) }
            segments.removeLast()
        }
    }

    /// The pointer a `$ref` names, nil when it is not in this document.
    private func target(of reference: String, from pointer: JSONPointer) -> JSONPointer? {
        let absolute = Self.resolve(reference, against: resource(containing: pointer).uri)
        let parts = absolute.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let uri = String(parts[0])
        let fragment = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
        if fragment.isEmpty { return resources[uri] }
        if fragment.hasPrefix("/") {
            guard let root = resources[uri] else { return nil }
            let inner = JSONPointer(parsing: fragment)
            let full = JSONPointer(root.segments + inner.segments)
            return Self.value(at: full, in: document) == nil ? nil : full
        }
        return anchors[uri + "#" + fragment]
    }

    /// The value at `pointer`; an OpenAPI Reference Object met on the way (`{"$ref": "#/components/responses/…"}`)
    /// is followed, so a response's schema is found whether the response is inline or a component.
    static func value(at pointer: JSONPointer, in document: JSONValue) -> JSONValue? {
        var current = document
        for segment in pointer.segments {
            var hops = 0
            while true {
                if let next = child(of: current, segment) { current = next; break }
                guard case let .string(reference)? = current.member("$ref"), reference.hasPrefix("#"), hops < 16,
                      let referenced = value(at: JSONPointer(parsing: reference), in: document) else { return nil }
                current = referenced
                hops += 1
            }
        }
        return current
    }

    private static func child(of value: JSONValue, _ segment: String) -> JSONValue? {
        switch value {
        case .object: return value.member(segment)
        case let .array(elements): return Int(segment).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
        default: return nil
        }
    }

    /// Where `pointer` really is once Reference Objects on the way are followed (so messages point at the schema).
    static func location(of pointer: JSONPointer, in document: JSONValue) -> JSONPointer {
        var current = document
        var location: [String] = []
        for segment in pointer.segments {
            var hops = 0
            while true {
                if let next = child(of: current, segment) { current = next; location.append(segment); break }
                guard case let .string(reference)? = current.member("$ref"), reference.hasPrefix("#"), hops < 16 else { return pointer }
                let target = JSONPointer(parsing: reference)
                guard let referenced = value(at: target, in: document) else { return pointer }
                current = referenced
                location = target.segments
                hops += 1
            }
        }
        return JSONPointer(location)
    }

    // MARK: Compiling

    /// Compiles the schema at `pointer` (following Reference Objects on the way), named `name` in messages;
    /// returns its node index.
    mutating func compile(at pointer: JSONPointer, name: String) -> Int {
        let location = Self.location(of: pointer, in: document)
        return compileNode(at: location, name: name)
    }

    private mutating func compileNode(at pointer: JSONPointer, name: String) -> Int {
        if let index = byPointer[pointer] { return index }
        // A component is named for itself wherever it is used: `Place.unresolved_flags`.
        var name = name
        if pointer.segments.count == 3, pointer.segments[0] == "components", pointer.segments[1] == "schemas" {
            name = pointer.segments[2]
        }
        let index = nodes.count
        nodes.append(SchemaNode(pointer: pointer, name: name))
        byPointer[pointer] = index
        guard let schema = Self.value(at: pointer, in: document) else {
            note("a schema the document's JSON does not have at this pointer", pointer)
            return index
        }
        fill(index, schema)
        return index
    }

    private mutating func note(_ what: String, _ pointer: JSONPointer) {
        unchecked[what, default: []].append(pointer)
    }

    /// Keywords that say nothing a body can break: annotations, identifiers and containers.
    static let annotations: Set<String> = [
        "title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly", "$comment",
        "$schema", "$id", "$anchor", "$dynamicAnchor", "$defs", "definitions", "$vocabulary", "contentMediaType",
        "contentEncoding", "contentSchema", "xml", "externalDocs",
    ]

    private mutating func fill(_ index: Int, _ schema: JSONValue) {
        var node = nodes[index]
        let pointer = node.pointer
        let name = node.name
        node.resource = resource(containing: pointer).index
        switch schema {
        case let .bool(allowed):
            node.rejectsAll = !allowed
            nodes[index] = node
            return
        case .object:
            break
        default:
            malformed.append((pointer, "a schema must be an object or a boolean, found \(schema.kind)"))
            nodes[index] = node
            return
        }
        guard case let .object(members) = schema else { return }
        func child(_ segments: String..., name childName: String) -> Int {
            var target = pointer
            for segment in segments { target = target.appending(segment) }
            return compileNode(at: target, name: childName)
        }
        func integer(_ key: String) -> Int? {
            guard case let .number(text)? = schema.member(key), let value = JSONDecimal(text), value.isInteger, !value.negative else {
                if schema.member(key) != nil { note("\(key) that is not a non-negative integer", pointer.appending(key)) }
                return nil
            }
            return Int(value.description) ?? Int.max
        }
        func decimal(_ key: String) -> JSONDecimal? {
            guard case let .number(text)? = schema.member(key) else { return nil }
            return JSONDecimal(text)
        }
        // OpenAPI 3.0: a Reference Object's siblings are ignored, as 3.0 says.
        if dialect == .openAPI30, case let .string(reference)? = schema.member("$ref") {
            node.ref = resolveReference(reference, keyword: "$ref", from: pointer, name: name)
            nodes[index] = node
            return
        }
        for (key, value) in members {
            if let problem = Self.shapeProblem(key, value, dialect: dialect) {
                malformed.append((pointer.appending(key), problem))
                continue
            }
            switch key {
            case "type":
                switch value {
                case let .string(type):
                    if let known = SchemaNode.Types.byName[type] { node.types = known } else { note("type \"\(type)\"", pointer.appending(key)) }
                case let .array(types):
                    for case let .string(type) in types {
                        if let known = SchemaNode.Types.byName[type] { node.types.insert(known) } else { note("type \"\(type)\"", pointer.appending(key)) }
                    }
                default: note("type that is not a string or an array", pointer.appending(key))
                }
            case "nullable":
                if dialect == .openAPI30, case .bool(true) = value { node.nullable = true }
                else if dialect == .jsonSchema2020 { note("nullable (an OpenAPI 3.0 keyword; 3.1 says type: [..., \"null\"])", pointer.appending(key)) }
            case "const":
                node.constValue = (ComparableJSON(value), JSONKind.show(value))
                node.constJSON = value
            case "enum":
                if case let .array(values) = value {
                    node.enumValues = (values.map(ComparableJSON.init), values.map(JSONKind.show))
                    node.enumJSON = values
                }
            case "format":
                if case let .string(format) = value {
                    switch FormatCheck.Format(rawValue: format) {
                    case let known?: node.format = known
                    case nil where FormatCheck.annotations.contains(format): break
                    case nil: note("format \"\(format)\"", pointer.appending(key))
                    }
                }
            case "minimum", "maximum":
                let lower = key == "minimum"
                // 3.0: `exclusiveMinimum: true` is a flag on `minimum`.
                var exclusive = false
                if dialect == .openAPI30, case .bool(true)? = schema.member(lower ? "exclusiveMinimum" : "exclusiveMaximum") { exclusive = true }
                if let bound = decimal(key) {
                    let new = SchemaNode.Bound(value: bound, exclusive: exclusive)
                    if lower { node.minimum = Self.tighter(node.minimum, new, lower: true) } else { node.maximum = Self.tighter(node.maximum, new, lower: false) }
                }
            case "exclusiveMinimum", "exclusiveMaximum":
                let lower = key == "exclusiveMinimum"
                if case .bool = value { continue }  // 3.0's flag, read with `minimum`/`maximum`.
                if let bound = decimal(key) {
                    let new = SchemaNode.Bound(value: bound, exclusive: true)
                    if lower { node.minimum = Self.tighter(node.minimum, new, lower: true) } else { node.maximum = Self.tighter(node.maximum, new, lower: false) }
                }
            case "multipleOf": node.multipleOf = decimal(key)
            case "minLength": node.minLength = integer(key)
            case "maxLength": node.maxLength = integer(key)
            case "pattern":
                if case let .string(source) = value { node.pattern = compilePattern(source, at: pointer.appending(key)) }
            case "prefixItems":
                if case let .array(schemas) = value {
                    node.prefixItems = schemas.indices.map { child(key, String($0), name: "\(name)[\($0)]") }
                }
            case "items":
                if case .array = value {
                    note("items as an array (draft 2019-09 and earlier; 2020-12 says prefixItems)", pointer.appending(key))
                } else {
                    node.items = child(key, name: name + "[]")
                }
            case "additionalItems":
                note("additionalItems (draft 2019-09 and earlier; 2020-12 says items)", pointer.appending(key))
            case "contains": node.contains = child(key, name: name + "[]")
            case "minContains": node.minContains = integer(key) ?? 1
            case "maxContains": node.maxContains = integer(key)
            case "minItems": node.minItems = integer(key)
            case "maxItems": node.maxItems = integer(key)
            case "uniqueItems": if case .bool(true) = value { node.uniqueItems = true }
            case "unevaluatedItems": node.unevaluatedItems = child(key, name: name + "[]")
            case "properties":
                if case let .object(properties) = value {
                    for property in properties {
                        node.properties[property.key] = child(key, property.key, name: name.isEmpty ? property.key : "\(name).\(property.key)")
                    }
                }
            case "patternProperties":
                if case let .object(patterns) = value {
                    for entry in patterns {
                        guard let pattern = compilePattern(entry.key, at: pointer.appending(key).appending(entry.key)) else { continue }
                        node.patternProperties.append((pattern, child(key, entry.key, name: name + ".*")))
                    }
                }
            case "additionalProperties": node.additionalProperties = child(key, name: name + ".*")
            case "required":
                if case let .array(names) = value { node.required = names.compactMap { if case let .string(s) = $0 { s } else { nil } } }
            case DocumentOverrides.departuresKeyword:
                if case let .array(names) = value { node.requiredByUs = names.compactMap { if case let .string(s) = $0 { s } else { nil } } }
            case DocumentOverrides.documentRequiredKeyword:
                if case let .array(names) = value { node.documentRequired = names.compactMap { if case let .string(s) = $0 { s } else { nil } } }
            case "dependentRequired":
                if case let .object(entries) = value {
                    node.dependentRequired = entries.map { entry in
                        guard case let .array(names) = entry.value else { return (entry.key, []) }
                        return (entry.key, names.compactMap { if case let .string(s) = $0 { s } else { nil } })
                    }
                }
            case "dependentSchemas":
                if case let .object(entries) = value {
                    node.dependentSchemas = entries.map { ($0.key, child(key, $0.key, name: name)) }
                }
            case "propertyNames": node.propertyNames = child(key, name: name + " property name")
            case "minProperties": node.minProperties = integer(key)
            case "maxProperties": node.maxProperties = integer(key)
            case "unevaluatedProperties": node.unevaluatedProperties = child(key, name: name + ".*")
            case "allOf", "anyOf", "oneOf":
                guard case let .array(schemas) = value else { continue }
                let compiled = schemas.indices.map { child(key, String($0), name: name) }
                switch key {
                case "allOf": node.allOf = compiled
                case "anyOf": node.anyOf = compiled
                default: node.oneOf = compiled
                }
            case "not": node.not = child(key, name: name)
            case "if":
                let then = schema.member("then") != nil ? child("then", name: name) : nil
                let otherwise = schema.member("else") != nil ? child("else", name: name) : nil
                node.ifThenElse = (child(key, name: name), then, otherwise)
            case "then", "else":
                break  // With `if`, or ignored without it, as 2020-12 says.
            case "$ref":
                if case let .string(reference) = value { node.ref = resolveReference(reference, keyword: key, from: pointer, name: name) }
            case "$dynamicRef":
                if case let .string(reference) = value { node.dynamicRef = resolveDynamicReference(reference, from: pointer, name: name) }
            case "discriminator":
                node.discriminator = discriminator(value, at: pointer)
            default:
                if Self.annotations.contains(key) || key.hasPrefix("x-") { continue }
                note(key, pointer.appending(key))
            }
        }
        // 3.0: `nullable` adds null to the types `type` names (and is nothing without a `type`).
        if node.nullable, !node.types.isEmpty { node.types.insert(.null) }
        nodes[index] = node
    }

    /// What is wrong with a keyword's value, when its JSON type cannot be what the keyword needs.
    static func shapeProblem(_ key: String, _ value: JSONValue, dialect: SchemaDialect) -> String? {
        func isSchema(_ value: JSONValue) -> Bool {
            switch value { case .object, .bool: return true; default: return false }
        }
        func isString(_ value: JSONValue) -> Bool { if case .string = value { return true } else { return false } }
        switch key {
        case "type":
            switch value {
            case .string: return nil
            case let .array(types) where types.allSatisfy(isString): return nil
            default: return "type must be a string or an array of strings, found \(value.kind)"
            }
        case "required":
            if case let .array(names) = value, names.allSatisfy(isString) { return nil }
            return "required must be an array of strings, found \(value.kind)"
        case "enum":
            if case .array = value { return nil }
            return "enum must be an array, found \(value.kind)"
        case "properties", "patternProperties", "dependentSchemas", "$defs":
            if case let .object(members) = value, members.allSatisfy({ isSchema($0.value) }) { return nil }
            return "\(key) must be an object of schemas"
        case "dependentRequired":
            if case let .object(members) = value, members.allSatisfy({ if case let .array(names) = $0.value { names.allSatisfy(isString) } else { false } }) { return nil }
            return "dependentRequired must be an object of arrays of strings"
        case "allOf", "anyOf", "oneOf", "prefixItems":
            if case let .array(schemas) = value, !schemas.isEmpty, schemas.allSatisfy(isSchema) { return nil }
            return "\(key) must be a non-empty array of schemas"
        case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains":
            if case let .number(text) = value, let number = JSONDecimal(text), number.isInteger, !number.negative { return nil }
            return "\(key) must be a non-negative integer, found \(JSONKind.show(value))"
        case "minimum", "maximum":
            if case .number = value { return nil }
            return "\(key) must be a number, found \(JSONKind.show(value))"
        case "exclusiveMinimum", "exclusiveMaximum":
            if case .number = value { return nil }
            if case .bool = value, dialect == .openAPI30 { return nil }
            return "\(key) must be a number\(dialect == .openAPI30 ? " or a boolean" : ""), found \(JSONKind.show(value))"
        case "multipleOf":
            if case let .number(text) = value, let number = JSONDecimal(text), !number.negative, !number.isZero { return nil }
            return "multipleOf must be a number above 0, found \(JSONKind.show(value))"
        case "pattern", "format", "$ref", "$dynamicRef":
            return isString(value) ? nil : "\(key) must be a string, found \(value.kind)"
        case "uniqueItems", "nullable":
            if case .bool = value { return nil }
            return "\(key) must be a boolean, found \(value.kind)"
        case "contains", "not", "if", "then", "else", "additionalProperties", "propertyNames", "unevaluatedItems", "unevaluatedProperties":
            return isSchema(value) ? nil : "\(key) must be a schema (an object or a boolean), found \(value.kind)"
        case "items":
            if isSchema(value) { return nil }
            if case .array = value, dialect == .jsonSchema2020 { return nil }  // Draft 2019-09's form: reported as unchecked.
            return "items must be a schema (an object or a boolean), found \(value.kind)"
        default:
            return nil
        }
    }

    /// `minimum: 5` beside `exclusiveMinimum: 5`: the stricter bound wins.
    private static func tighter(_ current: SchemaNode.Bound?, _ new: SchemaNode.Bound, lower: Bool) -> SchemaNode.Bound {
        guard let current else { return new }
        if current.value == new.value { return SchemaNode.Bound(value: new.value, exclusive: current.exclusive || new.exclusive) }
        return (lower ? current.value > new.value : current.value < new.value) ? current : new
    }

    private mutating func resolveReference(_ reference: String, keyword: String, from pointer: JSONPointer, name: String) -> Int? {
        guard let target = target(of: reference, from: pointer) else {
            note("\(keyword) \"\(reference)\" (not in this document: only local references are followed)", pointer.appending(keyword))
            return nil
        }
        return compileNode(at: target, name: name)
    }

    private mutating func resolveDynamicReference(_ reference: String, from pointer: JSONPointer, name: String) -> (target: Int, anchor: String?)? {
        guard let target = target(of: reference, from: pointer) else {
            note("$dynamicRef \"\(reference)\" (not in this document: only local references are followed)", pointer.appending("$dynamicRef"))
            return nil
        }
        let index = compileNode(at: target, name: name)
        // Dynamic only when the fragment is a name and the static target declares that `$dynamicAnchor` (a bookend).
        guard let hash = reference.firstIndex(of: "#") else { return (index, nil) }
        let fragment = String(reference[reference.index(after: hash)...])
        guard !fragment.isEmpty, !fragment.hasPrefix("/"),
              case let .string(anchor)? = Self.value(at: target, in: document)?.member("$dynamicAnchor"), anchor == fragment else { return (index, nil) }
        // Every resource's anchor of that name, so the walk can pick the outermost in scope.
        for (uri, names) in dynamicAnchorPointers {
            guard let anchorPointer = names[fragment], let resource = resources[uri], let root = resourceRoots[resource] else { continue }
            let compiled = compileNode(at: anchorPointer, name: name)
            dynamicAnchors[root.index][fragment] = compiled
        }
        return (index, fragment)
    }

    private mutating func discriminator(_ value: JSONValue, at pointer: JSONPointer) -> SchemaNode.Discriminator? {
        guard case let .string(property)? = value.member("propertyName") else {
            note("discriminator without a propertyName", pointer.appending("discriminator"))
            return nil
        }
        var mapping: [String: Int] = [:]
        if case let .object(entries)? = value.member("mapping") {
            for entry in entries {
                guard case let .string(reference) = entry.value else { continue }
                // A mapping value is a reference or a component name.
                let target = reference.contains("#") || reference.contains("/") ? reference : "#/components/schemas/\(reference)"
                if let index = resolveReference(target, keyword: "discriminator", from: pointer, name: entry.key) { mapping[entry.key] = index }
            }
        }
        return SchemaNode.Discriminator(property: property, mapping: mapping)
    }

    private mutating func compilePattern(_ source: String, at pointer: JSONPointer) -> SchemaPattern? {
        switch ECMARegex.compile(source) {
        case let .success(pattern): return pattern
        case let .failure(reason):
            note("pattern /\(source)/ (\(reason.text))", pointer)
            return nil
        }
    }

    /// Node index of the schema named by a discriminator value without a mapping: `#/components/schemas/<value>`.
    func component(named name: String) -> Int? {
        byPointer[JSONPointer(["components", "schemas", name])]
    }
}
