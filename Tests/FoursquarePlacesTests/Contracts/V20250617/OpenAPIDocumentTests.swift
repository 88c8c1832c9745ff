import Foundation
import FoursquarePlaces
import Testing
import TestSupport

/// The 2025-06-17 registry entries and models against Foursquare's own OpenAPI document, as the package carries
/// its facts (`docs/openapi/`), read at test time.
@Suite("2025-06-17 against the official OpenAPI")
struct OpenAPIDocumentTests {
    static var endpoints: [Endpoint] { Contract.v20250617.endpoints }

    @Test("every registry entry is a documented operation with exactly the documented query parameters",
          arguments: endpoints)
    func parameters(endpoint: Endpoint) throws {
        let operation = try OpenAPIDocument.operation(endpoint.pathTemplate, method: endpoint.method)
        let documented = (operation["parameters"] as? [[String: Any]] ?? []).filter { $0["in"] as? String == "query" }
        // `cursor` is the one parameter the document leaves out: the API pages search, tips and photos with it (its
        // `Link` headers carry it), and the shipped OpenAPI overrides declare it.
        let paging: Set<String> = endpoint.parameter(named: "cursor") == nil ? [] : ["cursor"]
        #expect(Set(endpoint.parameters.map(\.name)) == Set(documented.compactMap { $0["name"] as? String }).union(paging))
        for parameter in documented {
            let name = try #require(parameter["name"] as? String)
            let entry = try #require(endpoint.parameter(named: name))
            #expect(entry.required == (parameter["required"] as? Bool ?? false), "\(endpoint.id) \(name)")
            // Where the document lists the values, the registry allows exactly those.
            if let values = (parameter["schema"] as? [String: Any])?["enum"] as? [String], case let .oneOf(allowed) = entry.rule {
                #expect(Set(allowed) == Set(values), "\(endpoint.id) \(name)")
            }
        }
        // The path parameter is the document's own name.
        let pathParameters = (operation["parameters"] as? [[String: Any]] ?? []).filter { $0["in"] as? String == "path" }
        #expect(pathParameters.compactMap { $0["name"] as? String }.map { "{\($0)}" } == (endpoint.placeholder.map { [$0] } ?? []))
    }

    @Test("a 200 body with every documented field, each with its documented JSON type, decodes into the model",
          arguments: endpoints)
    func everyDocumentedFieldDecodes(endpoint: Endpoint) throws {
        let schema = try OpenAPIDocument.responseSchema(endpoint.pathTemplate, method: endpoint.method)
        let body = try #require(OpenAPIDocument.instance(of: schema, name: "$", depth: 0))
        let data = try JSONSerialization.data(withJSONObject: body, options: [.fragmentsAllowed])
        #expect(throws: Never.self, "\(endpoint.id): \(String(decoding: data, as: UTF8.self).prefix(400))") {
            _ = try Self.decode(endpoint.responseModel, data)
        }
        // The generator filled the fields in: a body the model reads is not an empty one (the smallest documented
        // answers, a list of job statuses or a one-word acknowledgement, are short).
        #expect(data.count > (endpoint.parameters.isEmpty || endpoint.method == "POST" || endpoint.id == .offlineJobsStatus ? 10 : 200), "\(endpoint.id)")
    }

    @Test("the check can fail: a string coordinate or a missing id does not decode")
    func checkCanFail() throws {
        let schema = try OpenAPIDocument.responseSchema("/places/{fsq_place_id}")
        var place = try #require(OpenAPIDocument.instance(of: schema, name: "$", depth: 0) as? [String: Any])
        #expect(throws: Never.self) { _ = try Self.decode(Contract20250617.Place.self, JSONSerialization.data(withJSONObject: place)) }
        place["latitude"] = "40.1"
        #expect(throws: DecodingError.self) { _ = try Self.decode(Contract20250617.Place.self, JSONSerialization.data(withJSONObject: place)) }
        place["latitude"] = 40.1
        place["fsq_place_id"] = nil
        #expect(throws: DecodingError.self) { _ = try Self.decode(Contract20250617.Place.self, JSONSerialization.data(withJSONObject: place)) }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T { try JSONDecoder().decode(type, from: data) }
}

/// Reads `openapi-20250617.json` and builds sample values from its schemas.
enum OpenAPIDocument {
    static let url = PackageDocuments.current

    static func document() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func operation(_ path: String, method: String = "GET") throws -> [String: Any] {
        let paths = try #require(try document()["paths"] as? [String: Any])
        return try #require((paths[path] as? [String: Any])?[method.lowercased()] as? [String: Any], "\(path) is not a documented \(method)")
    }

    static func responseSchema(_ path: String, method: String = "GET") throws -> [String: Any] {
        let ok = try #require((try operation(path, method: method)["responses"] as? [String: Any])?["200"] as? [String: Any])
        let content = try #require((ok["content"] as? [String: Any])?["application/json"] as? [String: Any])
        return try #require(content["schema"] as? [String: Any])
    }

    /// A value for `schema` with every documented property present. The document's known flaws are read as the
    /// API behaves (see its README): `latitude`/`longitude` typed bare `object` are numbers, other bare objects
    /// get a number (the models hold them as `RawJSON`), a property without a type (a cut recursion) is left out,
    /// and the stray `traversable_again` is not a field. Down to the document's deepest member (14).
    static func instance(of schema: [String: Any], name: String, depth: Int) -> Any? {
        guard depth < 16 else { return nil }
        if let values = schema["enum"] as? [Any], let first = values.first { return first }
        let properties = (schema["properties"] as? [String: Any] ?? [:]).filter { $0.key != "traversable_again" }
        switch schema["type"] as? String {
        case "string"?:
            return (schema["format"] as? String) == "date-time" ? "2025-06-17T12:00:00.000Z" : "sample \(name)"
        case "integer"?: return 3
        case "number"?: return 4.5
        case "boolean"?: return true
        case "array"?:
            let item = (schema["items"] as? [String: Any]).flatMap { instance(of: $0, name: name, depth: depth + 1) }
            return item.map { [$0] } ?? []
        case "object"? where properties.isEmpty:
            return name == "latitude" ? 40.7484 : name == "longitude" ? -73.9857 : 1
        case "object"?, nil:
            guard !properties.isEmpty else { return nil }
            var object: [String: Any] = [:]
            for (key, child) in properties {
                if let child = child as? [String: Any], let value = instance(of: child, name: key, depth: depth + 1) {
                    object[key] = value
                }
            }
            return object
        default:
            return nil
        }
    }
}
