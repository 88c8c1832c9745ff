import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// Foursquare's OpenAPI for 2025-06-17, as the package carries it (`docs/openapi/`).
let officialOpenAPI = PackageDocuments.current

/// Checks a JSON value against an OpenAPI schema: every key must be documented, with its JSON type. The document's
/// known flaws are read as the API behaves: `latitude`/`longitude` typed bare `object` must be numbers, other bare
/// objects take any value, and a property without a type (a cut recursion) takes any object.
struct SchemaCheck {
    static func problems(_ value: Any, _ schema: [String: Any], at path: String = "$") -> [String] {
        let name = path.split(separator: ".").last.map(String.init) ?? ""
        let properties = schema["properties"] as? [String: Any]
        switch schema["type"] as? String {
        case "string"?:
            return value is String ? [] : ["\(path): expected string, found \(kind(value))"]
        case "integer"?:
            guard let number = value as? NSNumber, !isBool(number), number.doubleValue.rounded() == number.doubleValue else {
                return ["\(path): expected integer, found \(kind(value))"]
            }
            return []
        case "number"?:
            guard let number = value as? NSNumber, !isBool(number) else { return ["\(path): expected number, found \(kind(value))"] }
            return []
        case "boolean"?:
            guard let number = value as? NSNumber, isBool(number) else { return ["\(path): expected boolean, found \(kind(value))"] }
            return []
        case "array"?:
            guard let array = value as? [Any] else { return ["\(path): expected array, found \(kind(value))"] }
            let items = schema["items"] as? [String: Any] ?? [:]
            return array.enumerated().flatMap { problems($1, items, at: "\(path)[\($0)]") }
        case "object"?:
            if properties == nil || properties?.isEmpty == true {
                // Bare `object`: the generator's placeholder for decimals and enums.
                if name == "latitude" || name == "longitude" {
                    guard let number = value as? NSNumber, !isBool(number) else {
                        return ["\(path): expected a number (typed bare object in the document), found \(kind(value))"]
                    }
                }
                return []
            }
            guard let object = value as? [String: Any] else { return ["\(path): expected object, found \(kind(value))"] }
            return object.keys.sorted().flatMap { key -> [String] in
                guard let child = properties?[key] as? [String: Any], key != "traversable_again" else {
                    return ["\(path).\(key): not documented"]
                }
                return problems(object[key]!, child, at: "\(path).\(key)")
            }
        default:
            return value is [String: Any] ? [] : ["\(path): expected object, found \(kind(value))"]
        }
    }

    static func isBool(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c" || type(of: number) == type(of: NSNumber(value: true))
    }

    static func kind(_ value: Any) -> String {
        switch value {
        case is String: return "string"
        case let number as NSNumber: return isBool(number) ? "boolean" : "number"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        case is NSNull: return "null"
        default: return "\(type(of: value))"
        }
    }

    /// The 200 schema of `GET path` in the official document.
    static func responseSchema(_ path: String, method: String = "GET") throws -> [String: Any] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: officialOpenAPI)) as? [String: Any])
        let paths = try #require(document["paths"] as? [String: Any])
        let operation = try #require((paths[path] as? [String: Any])?[method.lowercased()] as? [String: Any])
        let ok = try #require((operation["responses"] as? [String: Any])?["200"] as? [String: Any])
        let content = try #require((ok["content"] as? [String: Any])?["application/json"] as? [String: Any])
        return try #require(content["schema"] as? [String: Any])
    }
}

let bearer = ["Authorization": "Bearer stand-in-key", "X-Places-Api-Version": "2025-06-17"]

@Suite("OpenAPI stand-in (2025-06-17)")
struct OpenAPIStandInTests {
    static let hq = "5a187743ccad6b307315e6fe"

    /// One request per endpoint, with the documented template it answers for, including every optional field.
    static let requests: [(template: String, target: String)] = [
        ("/places/search", "/places/search?ll=40.7484,-73.9857&radius=1000&limit=3&sort=DISTANCE"),
        ("/places/search", "/places/search?query=coffee&fields=fsq_place_id,name,latitude,longitude,rating,price,hours,stats,tips,photos,verified,popularity,description,email,categories,chains,location"),
        ("/places/{fsq_place_id}", "/places/\(hq)"),
        ("/places/{fsq_place_id}", "/places/4a5f2f39f964a52067bf1fe3?fields=hours,stats,tips,photos,rating,price,chains"),
        ("/places/{fsq_place_id}/tips", "/places/4a5f2f39f964a52067bf1fe3/tips?sort=NEWEST"),
        ("/places/{fsq_place_id}/photos", "/places/4a5f2f39f964a52067bf1fe3/photos?limit=5"),
        ("/autocomplete", "/autocomplete?query=new&ll=40.7484,-73.9857"),
        ("/autocomplete", "/autocomplete?query=starbucks&types=place"),
        ("/geotagging/candidates", "/geotagging/candidates?ll=40.7484,-73.9857&hacc=20&limit=3"),
    ]

    @Test("every 2xx body uses only fields the official OpenAPI documents, with their JSON types")
    func bodiesFollowTheDocument() async throws {
        try await OpenAPIStandIn.with { standIn in
            for (template, target) in Self.requests {
                let answer = standIn.answer(target: target, headers: bearer)
                #expect(answer.status == 200, "\(target)")
                let body = try JSONSerialization.jsonObject(with: answer.body)
                let problems = SchemaCheck.problems(body, try SchemaCheck.responseSchema(template))
                #expect(problems.isEmpty, "\(target): \(problems)")
            }
        }
    }

    @Test("the schema check itself rejects an undocumented field, a string coordinate and a wrong type")
    func schemaCheckCanFail() throws {
        let schema = try SchemaCheck.responseSchema("/places/{fsq_place_id}")
        let bad: [String: Any] = ["fsq_id": "x", "latitude": "40.1", "distance": 1.5, "name": "ok"]
        let problems = SchemaCheck.problems(bad, schema)
        #expect(problems.contains("$.fsq_id: not documented"))
        #expect(problems.contains { $0.hasPrefix("$.latitude: expected a number") })
        #expect(problems.contains("$.distance: expected integer, found number"))
        #expect(problems.count == 3)
    }

    @Test("shapes: search {results, context}, details a Place, tips and photos top-level arrays, {results}, {candidates}")
    func shapes() async throws {
        try await OpenAPIStandIn.with { standIn in
            func object(_ target: String) throws -> Any { try JSONSerialization.jsonObject(with: standIn.answer(target: target, headers: bearer).body) }
            let search = try #require(try object("/places/search?query=coffee") as? [String: Any])
            #expect(Set(search.keys) == ["results", "context"])
            let first = try #require((search["results"] as? [[String: Any]])?.first)
            #expect(first["fsq_place_id"] is String)
            #expect(first["latitude"] is Double)
            #expect(first["fsq_id"] == nil && first["geocodes"] == nil)
            let category = try #require((first["categories"] as? [[String: Any]])?.first)
            #expect(category["fsq_category_id"] is String)

            let details = try #require(try object("/places/\(Self.hq)") as? [String: Any])
            #expect(details["fsq_place_id"] as? String == Self.hq)
            let tips = try #require(try object("/places/4a5f2f39f964a52067bf1fe3/tips") as? [[String: Any]])
            #expect(tips.count == 3 && tips.allSatisfy { $0["fsq_tip_id"] is String })
            let photos = try #require(try object("/places/4a5f2f39f964a52067bf1fe3/photos") as? [[String: Any]])
            #expect(photos.count == 3 && photos.allSatisfy { $0["id"] is String })
            #expect(Set(try #require(try object("/autocomplete?query=coffee") as? [String: Any]).keys) == ["results"])
            #expect(Set(try #require(try object("/geotagging/candidates?ll=40.75,-73.98") as? [String: Any]).keys) == ["candidates"])
        }
    }

    @Test("bearer and the version header are required; errors are {\"message\"}; unknown ids get 404 invalid venue specified")
    func authAndErrors() async throws {
        try await OpenAPIStandIn.with(requiredKey: "the-key") { standIn in
            let good = ["Authorization": "Bearer the-key", "X-Places-Api-Version": "2025-06-17"]
            let cases: [([String: String], String, Int, String)] = [
                (["Authorization": "the-key", "X-Places-Api-Version": "2025-06-17"], "/places/search", 401, "Bearer"),
                (["X-Places-Api-Version": "2025-06-17"], "/places/search", 401, "Missing authorization"),
                (["Authorization": "Bearer other", "X-Places-Api-Version": "2025-06-17"], "/places/search", 401, "Invalid request token."),
                (["Authorization": "Bearer the-key"], "/places/search", 400, "X-Places-Api-Version"),
                (["Authorization": "Bearer the-key", "X-Places-Api-Version": "2023-01-01"], "/places/search", 400, "2023-01-01"),
                (good, "/places/ffffffffffffffffffffffff", 404, "invalid venue specified"),
                (good, "/places/ffffffffffffffffffffffff/photos", 404, "invalid venue specified"),
                (good, "/places/ffffffffffffffffffffffff/tips", 404, "invalid place specified"),
                (good, "/places/geotagging", 404, "invalid venue specified"),
                (good, "/places/categories", 404, "invalid venue specified"),
                (good, "/places/search?limit=51", 400, "limit"),
                (good, "/places/search?ne=40.8,-73.9", 400, "ne and sw"),
                (good, "/autocomplete?query=ab", 400, "at least 3"),
                (good, "/autocomplete", 400, "query is required"),
                (good, "/places/search?fields=fsq_id", 400, "Invalid field: fsq_id"),
                (good, "/places/search?near=Atlantis", 400, "Could not geocode near=Atlantis"),
            ]
            for (headers, target, status, message) in cases {
                let answer = standIn.answer(target: target, headers: headers)
                #expect(answer.status == status, "\(target) \(headers)")
                let body = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: String], "\(target)")
                #expect(Array(body.keys) == ["message"])
                #expect(body["message"]?.contains(message) == true, "\(target): \(body)")
            }
        }
    }

    @Test("pages carry Link rel=next with a cursor that fetches the next page; every answer has x-ratelimit-*")
    func pagesAndRateLimits() async throws {
        try await OpenAPIStandIn.with { standIn in
            var target = "/places/search?ll=40.7484,-73.9857&limit=2"
            var seen: [String] = []
            var pages = 0
            while true {
                let answer = standIn.answer(target: target, headers: bearer)
                #expect(answer.status == 200)
                #expect(answer.headers["x-ratelimit-limit"] == "10000")
                #expect(Int(answer.headers["x-ratelimit-remaining"] ?? "") != nil)
                #expect(Int(answer.headers["x-ratelimit-reset"] ?? "") != nil)
                let results = try #require((try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])?["results"] as? [[String: Any]])
                seen += results.compactMap { $0["fsq_place_id"] as? String }
                pages += 1
                guard let link = answer.headers["link"] else { break }
                let match = try #require(link.firstMatch(of: /^<([^>]+)>; rel="next"$/))
                #expect(match.1.contains("cursor="))
                target = String(match.1.dropFirst(standIn.baseURL.absoluteString.count))
                #expect(pages < 10)
            }
            #expect(pages == 3)
            #expect(seen.sorted() == OpenAPIStandIn.knownPlaceIDs.sorted())
        }
    }

    @Test("injected answers: status, {message}, Retry-After on 429, a path prefix and a count; never before auth")
    func injections() async throws {
        try await OpenAPIStandIn.with { standIn in
            standIn.inject(.init(status: 429, count: 2))
            standIn.inject(.init(status: 503, pathPrefix: "/autocomplete", count: nil))
            #expect(standIn.answer(target: "/places/search", headers: ["Authorization": "raw"]).status == 401)
            let limited = standIn.answer(target: "/places/search", headers: bearer)
            #expect(limited.status == 429)
            #expect(limited.headers["retry-after"] == "1")
            #expect(limited.headers["x-ratelimit-remaining"] == "0")
            #expect(standIn.answer(target: "/places/search", headers: bearer).status == 429)
            #expect(standIn.answer(target: "/places/search", headers: bearer).status == 200)
            for _ in 0..<3 { #expect(standIn.answer(target: "/autocomplete?query=abc", headers: bearer).status == 503) }
            standIn.clearInjections()
            #expect(standIn.answer(target: "/autocomplete?query=abc", headers: bearer).status == 200)
            #expect(standIn.requests.map(\.status) == [401, 429, 429, 200, 503, 503, 503, 200])
        }
    }

    @Test("over a socket: the same answers, headers included")
    func overASocket() async throws {
        try await OpenAPIStandIn.with { standIn in
            var request = URLRequest(url: standIn.baseURL.appendingPathComponent("places/\(Self.hq)"))
            for (name, value) in bearer { request.setValue(value, forHTTPHeaderField: name) }
            let (data, response) = try await session.data(for: request)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 200)
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(http.value(forHTTPHeaderField: "x-ratelimit-limit") == "10000")
            let place = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(place["name"] as? String == "Foursquare HQ")
            var raw = URLRequest(url: standIn.baseURL.appendingPathComponent("places/\(Self.hq)"))
            raw.setValue("raw-key", forHTTPHeaderField: "Authorization")
            raw.setValue("2025-06-17", forHTTPHeaderField: "X-Places-Api-Version")
            let (_, rawResponse) = try await session.data(for: raw)
            #expect((rawResponse as? HTTPURLResponse)?.statusCode == 401)
            #expect(standIn.requests.count == 2)
        }
    }
}
