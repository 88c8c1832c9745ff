import FixtureFormat
import Foundation

/// A schema compiled once per run into a flat node the validator walks: every keyword of JSON Schema 2020-12 a
/// response body can meet, read from the document's own JSON (OpenAPIKit's schema model drops the keywords it
/// does not know, and cannot hold a recursive `$ref`).
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

        static let byName: [String: Types] = ["null": .null, "boolean": .boolean, "integer": .integer, "number": .number,
                                              "string": .string, "array": .array, "object": .object]

        var names: [String] {
            [(Types.null, "null"), (.boolean, "boolean"), (.integer, "integer"), (.number, "number"), (.string, "string"),
             (.array, "array"), (.object, "object")].filter { contains($0.0) }.map(\.1)
        }
    }

    struct Bound: Sendable {
        var value: JSONDecimal
        var exclusive: Bool
    }

    struct Discriminator: Sendable {
        var property: String
        /// Property value → the branch it selects.
        var mapping: [String: Int]
    }

    /// Empty: any type.
    var types: Types = []
    /// OpenAPI 3.0's `nullable: true`: `null` passes `type` and `enum` here.
    var nullable = false
    /// The boolean schema `false` (or `not: {}`-like dead ends): nothing passes.
    var rejectsAll = false
    var constValue: (value: ComparableJSON, shown: String)?
    var enumValues: (values: [ComparableJSON], shown: [String])?
    var format: FormatCheck.Format?
    /// The `const` and `enum` values as written, for the answer generator.
    var constJSON: JSONValue?
    var enumJSON: [JSONValue]?
    // Numbers.
    var minimum: Bound?
    var maximum: Bound?
    var multipleOf: JSONDecimal?
    // Strings (lengths in code points).
    var minLength: Int?
    var maxLength: Int?
    var pattern: SchemaPattern?
    // Arrays.
    var prefixItems: [Int] = []
    var items: Int?
    var contains: Int?
    var minContains = 1
    var maxContains: Int?
    var minItems: Int?
    var maxItems: Int?
    var uniqueItems = false
    var unevaluatedItems: Int?
    // Objects.
    var properties: [String: Int] = [:]
    var patternProperties: [(pattern: SchemaPattern, schema: Int)] = []
    var additionalProperties: Int?
    var required: [String] = []
    /// Of `required`, the names the project's overrides require (`require`), not the document.
    var requiredByUs: [String] = []
    /// What the document itself required here, when an override added to it.
    var documentRequired: [String] = []
    var dependentRequired: [(property: String, required: [String])] = []
    var dependentSchemas: [(property: String, schema: Int)] = []
    var propertyNames: Int?
    var minProperties: Int?
    var maxProperties: Int?
    var unevaluatedProperties: Int?
    // Applicators in place.
    var allOf: [Int] = []
    var anyOf: [Int] = []
    var oneOf: [Int] = []
    var not: Int?
    var ifThenElse: (condition: Int, then: Int?, otherwise: Int?)?
    var ref: Int?
    /// `$dynamicRef`: the statically resolved target, and the anchor name when that target is a bookend.
    var dynamicRef: (target: Int, anchor: String?)?
    var discriminator: Discriminator?
    /// The resource (`$id` scope) this node belongs to, for `$dynamicRef`.
    var resource: Int = 0
    /// Where the rule is in the document.
    var pointer: JSONPointer
    /// How messages name it: `Place.unresolved_flags`, or `GET /places/search 200 body.results[].name` for inline schemas.
    var name: String

    var hasArrayKeywords: Bool {
        !prefixItems.isEmpty || items != nil || contains != nil || minItems != nil || maxItems != nil || uniqueItems || unevaluatedItems != nil
    }
}

/// A `pattern` compiled once: ECMA-262 syntax rewritten for ICU where the two differ (see `ECMARegex`).
final class SchemaPattern: @unchecked Sendable {
    // NSRegularExpression is immutable once built and documented safe to share across threads.
    let source: String
    private let regex: NSRegularExpression

    init(source: String, regex: NSRegularExpression) {
        self.source = source
        self.regex = regex
    }

    func matches(_ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }
}

/// How a document's schemas are read: OpenAPI 3.0's Schema Object (`nullable`, boolean `exclusiveMinimum`, `$ref`
/// siblings ignored) or JSON Schema 2020-12 (OpenAPI 3.1 and later).
enum SchemaDialect: Sendable {
    case openAPI30
    case jsonSchema2020
}
