import Foundation
import OpenAPIKit

/// A response, parameter or header schema compiled once per run into flat nodes the validator walks.
///
/// Built from OpenAPIKit's dereferenced schemas. A named component (`x-component-name`, which dereferencing
/// records) is compiled once and shared, and messages name it: `Place.unresolved_flags`.
struct SchemaNode: Sendable {
    struct Types: OptionSet, Sendable {
        let rawValue: UInt8
        static let null = Types(rawValue: 1)
        static let boolean = Types(rawValue: 2)
        static let integer = Types(rawValue: 4)
        static let number = Types(rawValue: 8)
        static let string = Types(rawValue: 16)
        static let array = Types(rawValue: 32)
        static let object = Types(rawValue: 64)

        var names: [String] {
            [(Types.null, "null"), (.boolean, "boolean"), (.integer, "integer"), (.number, "number"), (.string, "string"),
             (.array, "array"), (.object, "object")].filter { contains($0.0) }.map(\.1)
        }
    }

    enum Format: Sendable {
        case date, dateTime, uri
    }

    enum Additional: Sendable {
        case allowed
        case forbidden
        case schema(Int)
    }

    /// Empty: any type.
    var types: Types = []
    var enumValues: [ComparableJSON]?
    var format: Format?
    var properties: [String: Int] = [:]
    var required: [String] = []
    var additional: Additional = .allowed
    var items: Int?
    var uniqueItems = false
    var allOf: [Int] = []
    var anyOf: [Int] = []
    var oneOf: [Int] = []
    var not: Int?
    /// Where the rule is in the document.
    var pointer: JSONPointer
    /// How messages name it: `Place.unresolved_flags`, or `GET /places/search 200.results[].name` for inline schemas.
    var name: String
}

/// The nodes of every schema a document's operations use, shared across components.
struct SchemaTable: Sendable {
    private(set) var nodes: [SchemaNode] = []
    private var components: [String: Int] = [:]

    /// Compiles `schema`, found at `pointer` and named `name` in messages; returns its node index.
    mutating func compile(_ schema: DereferencedJSONSchema, pointer: JSONPointer, name: String) -> Int {
        if let component = schema.vendorExtensions[OpenAPI.Components.componentNameExtension]?.value as? String {
            if let index = components[component] { return index }
            let index = reserve(pointer: JSONPointer(["components", "schemas", component]), name: component)
            components[component] = index
            fill(index, schema)
            return index
        }
        let index = reserve(pointer: pointer, name: name)
        fill(index, schema)
        return index
    }

    private mutating func reserve(pointer: JSONPointer, name: String) -> Int {
        nodes.append(SchemaNode(pointer: pointer, name: name))
        return nodes.count - 1
    }

    private mutating func fill(_ index: Int, _ schema: DereferencedJSONSchema) {
        var node = nodes[index]
        let pointer = node.pointer
        let name = node.name
        // Read from each case's own context: `DereferencedJSONSchema.nullable` and `.allowedValues` rebuild the
        // whole subtree as a `JSONSchema` first, which made compiling quadratic in the schema's depth.
        let core: any JSONSchemaContext
        switch schema {
        case let .null(context):
            core = context
            node.types = .null
        case let .boolean(context):
            core = context
            node.types = .boolean
        case let .integer(context, _):
            core = context
            node.types = .integer
        case let .number(context, _):
            core = context
            node.types = .number
        case let .string(context, _):
            core = context
            node.types = .string
            node.format = Self.format(context.formatString)
        case let .array(context, arrayContext):
            core = context
            node.types = .array
            node.uniqueItems = arrayContext.uniqueItems
            if let items = arrayContext.items {
                node.items = compile(items, pointer: pointer.appending("items"), name: name + "[]")
            }
        case let .object(context, objectContext):
            core = context
            node.types = .object
            var properties: [String: Int] = [:]
            for (key, property) in objectContext.properties {
                properties[key] = compile(property, pointer: pointer.appending("properties").appending(key),
                                          name: name.isEmpty ? key : "\(name).\(key)")
            }
            node.properties = properties
            node.required = objectContext.requiredProperties
            switch objectContext.additionalProperties {
            case .none, .a(true): node.additional = .allowed
            case .a(false): node.additional = .forbidden
            case let .b(extra): node.additional = .schema(compile(extra, pointer: pointer.appending("additionalProperties"), name: name + ".*"))
            }
        case let .all(of: schemas, core: context):
            core = context
            node.allOf = schemas.enumerated().map { compile($0.element, pointer: pointer.appending("allOf").appending(String($0.offset)), name: name) }
        case let .any(of: schemas, core: context):
            core = context
            node.anyOf = schemas.enumerated().map { compile($0.element, pointer: pointer.appending("anyOf").appending(String($0.offset)), name: name) }
        case let .one(of: schemas, core: context):
            core = context
            node.oneOf = schemas.enumerated().map { compile($0.element, pointer: pointer.appending("oneOf").appending(String($0.offset)), name: name) }
        case let .not(schema, core: context):
            core = context
            node.not = compile(schema, pointer: pointer.appending("not"), name: name)
        case let .fragment(context):
            core = context
        }
        node.enumValues = core.allowedValues.map { $0.map { ComparableJSON(document: $0.value) } }
        if core.nullable, !node.types.isEmpty { node.types.insert(.null) }
        nodes[index] = node
    }

    static func format(_ text: String?) -> SchemaNode.Format? {
        switch text {
        case "date": return .date
        case "date-time": return .dateTime
        case "uri": return .uri
        default: return nil
        }
    }
}
