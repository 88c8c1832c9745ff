import Foundation

/// The stand-in's answers without a socket: auth, parameter validation and the six GET endpoints of the
/// 2025-06-17 contract, as Foursquare's OpenAPI for that version describes them.
struct StandInAnswers: Sendable {
    /// The only key accepted, or nil for any non-empty key.
    var requiredKey: String?
    /// A field sent under another name (`OpenAPIStandIn.Rename`).
    var rename: OpenAPIStandIn.Rename? = nil
    /// Answers that break the document in a field the models read as any JSON value (`OpenAPIStandIn.start(breaksDocument:)`).
    var breaksDocument = false
    /// Takes any key, even one that says it is invalid: a mock answering in the API's place.
    var acceptsAnyKey = false

    /// What the stand-in sends back.
    struct Answer: Sendable {
        var status: Int
        /// Lower-case names.
        var headers: [String: String]
        var body: Data
    }

    /// A request reduced to what the stand-in reads.
    struct Request: Sendable {
        var method: String
        /// Percent-encoded, as sent.
        var path: String
        /// Decoded names and values; a repeated name keeps its last value.
        var query: [String: String]
        /// Lower-case names.
        var headers: [String: String]
        /// `scheme://host:port` for absolute `Link` URLs.
        var origin: String
    }

    private struct Failure: Error {
        var status: Int
        var message: String
    }

    /// The 401 or 400 the API gives a request whose credentials or version header are wrong, else nil.
    func authFailure(_ request: Request) -> Answer? {
        do {
            try checkAuth(request)
            return nil
        } catch {
            return Self.error(error.status, error.message)
        }
    }

    /// The answer to an authorized request.
    func answer(_ request: Request) -> Answer {
        do {
            let answer = try route(request)
            return breaksDocument ? Self.breakingDocument(answer) : answer
        } catch {
            return Self.error(error.status, error.message)
        }
    }

    static func error(_ status: Int, _ message: String, headers: [String: String] = [:]) -> Answer {
        var all = ["content-type": "application/json"]
        all.merge(headers) { $1 }
        return Answer(status: status, headers: all, body: json(["message": message]))
    }

    // MARK: Auth

    /// Bearer only; the version header is required and has one allowed value.
    private func checkAuth(_ request: Request) throws(Failure) {
        guard let value = request.headers["authorization"], !value.isEmpty else {
            throw Failure(status: 401, message: "Missing authorization header. Send Authorization: Bearer <service key>.")
        }
        guard value.hasPrefix("Bearer ") else {
            throw Failure(status: 401, message: "Invalid authorization header. Use Authorization: Bearer <service key>; API keys without the Bearer scheme are no longer accepted.")
        }
        let key = value.dropFirst(7).trimmingCharacters(in: .whitespaces)
        // With no required key, a key that calls itself invalid (the harness's 401 checks) is refused, as the API refuses
        // any key it does not know.
        let unknown = requiredKey.map { $0 != key } ?? (!acceptsAnyKey && key.contains("invalid"))
        if key.isEmpty || unknown {
            throw Failure(status: 401, message: "Invalid request token.")
        }
        guard let version = request.headers["x-places-api-version"], !version.isEmpty else {
            throw Failure(status: 400, message: "Missing or invalid X-Places-Api-Version header.")
        }
        guard version == OpenAPIStandIn.apiVersion else {
            throw Failure(status: 400, message: "Unsupported X-Places-Api-Version '\(version)'. Supported: \(OpenAPIStandIn.apiVersion).")
        }
    }

    // MARK: Routing

    private func route(_ request: Request) throws(Failure) -> Answer {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard request.method == "GET" else { throw Failure(status: 405, message: "Method not allowed.") }
        switch segments.count {
        case 1 where segments[0] == "autocomplete": return try autocomplete(request)
        case 2 where segments == ["places", "search"]: return try search(request)
        case 2 where segments == ["geotagging", "candidates"]: return try candidates(request)
        case 2 where segments[0] == "places": return try details(request, id: Self.decode(segments[1]))
        case 3 where segments[0] == "places" && segments[2] == "tips": return try tips(request, id: Self.decode(segments[1]))
        case 3 where segments[0] == "places" && segments[2] == "photos": return try photos(request, id: Self.decode(segments[1]))
        default: throw Failure(status: 404, message: "Not found.")
        }
    }

    private static func decode(_ segment: String) -> String { segment.removingPercentEncoding ?? segment }

    // MARK: Endpoints

    private func search(_ request: Request) throws(Failure) -> Answer {
        let query = request.query
        let limit = try Self.integer(query, "limit", 1...50) ?? 10
        let radius = try Self.integer(query, "radius", 0...100_000)
        let point = try Self.coordinate(query, "ll")
        let ne = try Self.coordinate(query, "ne"), sw = try Self.coordinate(query, "sw")
        if (ne == nil) != (sw == nil) { throw Failure(status: 400, message: "ne and sw must be used together.") }
        if let ne, let sw, ne.0 < sw.0 { throw Failure(status: 400, message: "ne must be north of sw.") }
        if radius != nil, point == nil, ne != nil { throw Failure(status: 400, message: "radius cannot be used with ne/sw.") }
        var nearCenter: (Double, Double)?
        if let near = query["near"] {
            guard let center = Self.localities[near.lowercased().trimmingCharacters(in: .whitespaces)] else {
                throw Failure(status: 400, message: "Could not geocode near=\(near).")
            }
            nearCenter = center
        }
        let minPrice = try Self.integer(query, "min_price", 1...4), maxPrice = try Self.integer(query, "max_price", 1...4)
        if let minPrice, let maxPrice, minPrice > maxPrice { throw Failure(status: 400, message: "min_price must not exceed max_price.") }
        let openNow = try Self.boolean(query, "open_now")
        if openNow != nil, query["open_at"] != nil { throw Failure(status: 400, message: "open_now cannot be used with open_at.") }
        if let openAt = query["open_at"], openAt.range(of: #"^[1-7]T([01][0-9]|2[0-3])[0-5][0-9]$"#, options: .regularExpression) == nil {
            throw Failure(status: 400, message: "open_at must be DOWTHHMM, e.g. 1T2130.")
        }
        let excludeAll = try Self.boolean(query, "exclude_all_chains")
        if excludeAll != nil, query["exclude_fsq_chain_ids"] != nil {
            throw Failure(status: 400, message: "exclude_all_chains cannot be used with exclude_fsq_chain_ids.")
        }
        let sort = try Self.oneOf(query, "sort", ["RELEVANCE", "RATING", "DISTANCE", "POPULARITY"])
        _ = try Self.oneOf(query, "tel_format", ["NATIONAL", "E164"])
        let fields = try Self.fields(query)
        let offset = try Self.cursor(query)

        var places = StandInPlaces.all
        if let text = query["query"]?.lowercased(), !text.isEmpty {
            places = places.filter { place in
                place.name.lowercased().contains(text) || place.categories.contains { $0.name.lowercased().contains(text) }
            }
        }
        if let ids = Self.list(query, "fsq_category_ids") {
            places = places.filter { place in place.categories.contains { ids.contains($0.id) } }
        }
        if let ids = Self.list(query, "fsq_chain_ids") { places = places.filter { ids.contains($0.chain?.id ?? "") } }
        if let ids = Self.list(query, "exclude_fsq_chain_ids") { places = places.filter { !ids.contains($0.chain?.id ?? "") } }
        if excludeAll == true { places = places.filter { $0.chain == nil } }
        if let minPrice { places = places.filter { $0.price >= minPrice } }
        if let maxPrice { places = places.filter { $0.price <= maxPrice } }
        if openNow == true { places = places.filter(\.openNow) }
        var center: (Double, Double) = point ?? nearCenter ?? (40.7484, -73.9857)
        if point == nil, nearCenter == nil, let ne, let sw { center = ((ne.0 + sw.0) / 2, (ne.1 + sw.1) / 2) }
        switch sort {
        case "DISTANCE"?:
            places.sort { StandInPlaces.distance(from: center.0, center.1, to: $0) < StandInPlaces.distance(from: center.0, center.1, to: $1) }
        case "RATING"?, "POPULARITY"?: places.sort { $0.rating > $1.rating }
        default: break
        }
        let page = Array(places.dropFirst(offset).prefix(limit))
        let results = page.map { place in
            StandInPlaces.json(place, fields: fields,
                               distance: point.map { StandInPlaces.distance(from: $0.0, $0.1, to: place) })
        }
        let context: [String: Any] = ["geo_bounds": ["circle": [
            "center": ["latitude": center.0, "longitude": center.1], "radius": radius ?? 22_000,
        ] as [String: Any]]]
        var answer = Self.ok(["results": results, "context": context])
        Self.link(&answer, request, offset: offset, limit: limit, total: places.count)
        return answer
    }

    private func details(_ request: Request, id: String) throws(Failure) -> Answer {
        let fields = try Self.fields(request.query)
        guard let place = StandInPlaces.place(id: id) else { throw Failure(status: 404, message: "invalid venue specified") }
        return Self.ok(StandInPlaces.json(place, fields: fields, distance: nil))
    }

    private func tips(_ request: Request, id: String) throws(Failure) -> Answer {
        let query = request.query
        let limit = try Self.integer(query, "limit", 1...50) ?? 10
        let sort = try Self.oneOf(query, "sort", ["POPULAR", "NEWEST"])
        let offset = try Self.cursor(query)
        var names: [String]?
        if let raw = query["fields"] {
            names = raw.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            let known: Set = ["fsq_tip_id", "created_at", "text", "url", "lang", "agree_count", "disagree_count"]
            if let unknown = names?.first(where: { !known.contains($0) }) {
                throw Failure(status: 400, message: "Invalid field: \(unknown).")
            }
        }
        guard let place = StandInPlaces.place(id: id) else { throw Failure(status: 404, message: "invalid place specified") }
        var tips = place.tips
        tips.sort { sort == "NEWEST" ? $0.createdAt > $1.createdAt : $0.agree > $1.agree }
        let page = tips.dropFirst(offset).prefix(limit).map { tip -> [String: Any] in
            let object = StandInPlaces.json(tip)
            guard let names else { return object }
            return object.filter { names.contains($0.key) }
        }
        var answer = Self.ok(Array(page))
        Self.link(&answer, request, offset: offset, limit: limit, total: tips.count)
        return answer
    }

    private func photos(_ request: Request, id: String) throws(Failure) -> Answer {
        let query = request.query
        let limit = try Self.integer(query, "limit", 1...50) ?? 10
        let sort = try Self.oneOf(query, "sort", ["POPULAR", "NEWEST"])
        let offset = try Self.cursor(query)
        let classifications = Self.list(query, "classifications")
        if let unknown = classifications?.first(where: { !Self.photoClassifications.contains($0) }) {
            throw Failure(status: 400, message: "Invalid classifications value: \(unknown).")
        }
        guard let place = StandInPlaces.place(id: id) else { throw Failure(status: 404, message: "invalid venue specified") }
        var photos = place.photos
        if let classifications { photos = photos.filter { !Set($0.classifications).isDisjoint(with: classifications) } }
        if sort == "NEWEST" { photos.sort { $0.createdAt > $1.createdAt } }
        var answer = Self.ok(photos.dropFirst(offset).prefix(limit).map(StandInPlaces.photoJSON))
        Self.link(&answer, request, offset: offset, limit: limit, total: photos.count)
        return answer
    }

    private func autocomplete(_ request: Request) throws(Failure) -> Answer {
        let query = request.query
        guard let text = query["query"], !text.isEmpty else { throw Failure(status: 400, message: "query is required.") }
        guard text.count >= 3 else { throw Failure(status: 400, message: "query must be at least 3 characters long.") }
        let limit = try Self.integer(query, "limit", 1...50) ?? 10
        _ = try Self.integer(query, "radius", 0...100_000)
        let point = try Self.coordinate(query, "ll")
        let kinds = ["place", "search", "geo"]
        var types = kinds
        if let raw = Self.list(query, "types") {
            if let unknown = raw.first(where: { !kinds.contains($0) }) {
                throw Failure(status: 400, message: "Invalid types value: \(unknown). Use place, search and/or geo.")
            }
            types = raw
        }
        _ = try Self.oneOf(query, "bias", ["place", "search", "geo"])
        let needle = text.lowercased()
        var results: [[String: Any]] = []
        if types.contains("place") {
            for place in StandInPlaces.all where place.name.lowercased().contains(needle) {
                let start = place.name.lowercased().range(of: needle).map { place.name.distance(from: place.name.startIndex, to: $0.lowerBound) } ?? 0
                results.append([
                    "type": "place",
                    "text": ["primary": place.name, "secondary": "\(place.address), New York, NY",
                             "highlight": [["start": start, "length": text.count]]] as [String: Any],
                    "link": "/places/\(place.id)",
                    "place": StandInPlaces.json(place, fields: StandInPlaces.defaultFields,
                                                distance: point.map { StandInPlaces.distance(from: $0.0, $0.1, to: place) }),
                ])
            }
        }
        if types.contains("search") {
            let category = StandInPlaces.coffee
            results.append([
                "type": "search",
                "text": ["primary": text, "secondary": "Search", "highlight": [["start": 0, "length": text.count]]] as [String: Any],
                "search": ["query": text, "category": ["fsq_category_id": category.id, "name": category.name,
                                                       "short_name": category.short, "plural_name": category.plural,
                                                       "icon": ["prefix": category.icon, "suffix": ".png"]] as [String: Any]] as [String: Any],
            ])
        }
        if types.contains("geo"), "new york".hasPrefix(needle) || needle.hasPrefix("new") {
            results.append([
                "type": "geo",
                "text": ["primary": "New York", "secondary": "NY, United States", "highlight": [["start": 0, "length": min(text.count, 8)]]] as [String: Any],
                "geo": ["name": "New York", "cc": "US", "type": "locality",
                        "center": ["latitude": 40.7128, "longitude": -74.006],
                        "bounds": ["ne": ["latitude": 40.9176, "longitude": -73.7004],
                                   "sw": ["latitude": 40.4774, "longitude": -74.2591]]] as [String: Any],
            ])
        }
        return Self.ok(["results": Array(results.prefix(limit))])
    }

    private func candidates(_ request: Request) throws(Failure) -> Answer {
        let query = request.query
        let limit = try Self.integer(query, "limit", 1...50) ?? 10
        let point = try Self.coordinate(query, "ll") ?? (40.7484, -73.9857)
        _ = try Self.number(query, "hacc")
        _ = try Self.number(query, "altitude")
        let fields = try Self.fields(query)
        var places = StandInPlaces.all
        if let text = query["query"]?.lowercased(), !text.isEmpty { places = places.filter { $0.name.lowercased().contains(text) } }
        places.sort { StandInPlaces.distance(from: point.0, point.1, to: $0) < StandInPlaces.distance(from: point.0, point.1, to: $1) }
        let candidates = places.prefix(limit).map {
            StandInPlaces.json($0, fields: fields, distance: StandInPlaces.distance(from: point.0, point.1, to: $0))
        }
        return Self.ok(["candidates": Array(candidates)])
    }

    /// The localities `near` can name; any other value cannot be geocoded.
    static let localities: [String: (Double, Double)] = [
        "new york": (40.7128, -74.006), "new york, ny": (40.7128, -74.006), "manhattan": (40.7831, -73.9712),
        "manhattan, ny": (40.7831, -73.9712), "chelsea, new york": (40.7465, -74.0014),
    ]

    /// The values `classifications` may take, as the document lists them.
    static let photoClassifications: Set = [
        "exhibit", "facilities", "food_or_drink", "indoor_facilities_and_classrooms", "indoor_general",
        "indoor_or_ambience", "logos", "menu", "monuments_and_landmark_buildings", "outdoor",
        "outdoor_building_and_grounds", "outdoor_building_exterior", "outdoor_grounds", "outdoor_or_storefront",
        "outdoor_scenery", "product",
    ]

    // MARK: Parameters

    private static func integer(_ query: [String: String], _ name: String, _ range: ClosedRange<Int>) throws(Failure) -> Int? {
        guard let raw = query[name] else { return nil }
        guard let value = Int(raw), range.contains(value) else {
            throw Failure(status: 400, message: "Invalid \(name): '\(raw)'. Must be an integer from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    private static func number(_ query: [String: String], _ name: String) throws(Failure) -> Double? {
        guard let raw = query[name] else { return nil }
        guard let value = Double(raw), value.isFinite else { throw Failure(status: 400, message: "Invalid \(name): '\(raw)'.") }
        return value
    }

    private static func boolean(_ query: [String: String], _ name: String) throws(Failure) -> Bool? {
        switch query[name] {
        case nil: return nil
        case "true"?: return true
        case "false"?: return false
        case let raw?: throw Failure(status: 400, message: "Invalid \(name): '\(raw)'. Must be true or false.")
        }
    }

    /// Compared case-insensitively and returned upper-cased, so `popular` and `POPULAR` are the same value.
    private static func oneOf(_ query: [String: String], _ name: String, _ allowed: [String]) throws(Failure) -> String? {
        guard let raw = query[name] else { return nil }
        guard allowed.map({ $0.uppercased() }).contains(raw.uppercased()) else {
            throw Failure(status: 400, message: "Invalid \(name): '\(raw)'. Must be one of \(allowed.joined(separator: ", ")).")
        }
        return raw.uppercased()
    }

    /// `lat,lng` within ±90/±180.
    private static func coordinate(_ query: [String: String], _ name: String) throws(Failure) -> (Double, Double)? {
        guard let raw = query[name] else { return nil }
        let parts = raw.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let lat = Double(parts[0]), let lng = Double(parts[1]),
              (-90...90).contains(lat), (-180...180).contains(lng) else {
            throw Failure(status: 400, message: "Invalid \(name): '\(raw)'. Must be latitude,longitude.")
        }
        return (lat, lng)
    }

    private static func list(_ query: [String: String], _ name: String) -> [String]? {
        query[name].map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
    }

    private static func fields(_ query: [String: String]) throws(Failure) -> [String] {
        guard let names = list(query, "fields") else { return StandInPlaces.defaultFields }
        if let unknown = names.first(where: { !StandInPlaces.placeFields.contains($0) }) {
            throw Failure(status: 400, message: "Invalid field: \(unknown).")
        }
        return names
    }

    // MARK: Pages

    /// Cursors are opaque to clients; here they are `c` and the offset in hex.
    private static func cursor(_ query: [String: String]) throws(Failure) -> Int {
        guard let raw = query["cursor"] else { return 0 }
        guard raw.hasPrefix("c"), let offset = Int(raw.dropFirst(), radix: 16), offset >= 0 else {
            throw Failure(status: 400, message: "Invalid cursor.")
        }
        return offset
    }

    /// Adds `Link: <…cursor=…>; rel="next"` when more results follow this page.
    private static func link(_ answer: inout Answer, _ request: Request, offset: Int, limit: Int, total: Int) {
        guard offset + limit < total else { return }
        var query = request.query
        query["cursor"] = "c" + String(offset + limit, radix: 16)
        var components = URLComponents()
        components.queryItems = query.keys.sorted().map { URLQueryItem(name: $0, value: query[$0]) }
        let encoded = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        answer.headers["link"] = "<\(request.origin)\(request.path)?\(encoded)>; rel=\"next\""
    }

    // MARK: Breaking the document

    /// Every place in a 200 body gets `unresolved_flags: "closed"` (the document: an array of strings),
    /// `related_places.parent.fsq_place_id: 42` (a string) and `place_actions[].action: 7` (a string).
    static func breakingDocument(_ answer: Answer) -> Answer {
        guard answer.status == 200, let body = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any] else { return answer }
        func broken(_ place: [String: Any]) -> [String: Any] {
            guard place["fsq_place_id"] != nil else { return place }
            var place = place
            // The models read every documented member; `plugins` as any JSON value, so only the document sees these.
            place["plugins"] = ["partner": "closed"]
            return place
        }
        var changed = broken(body)
        if let results = body["results"] as? [[String: Any]] { changed["results"] = results.map(broken) }
        var answer = answer
        answer.body = json(changed)
        return answer
    }

    // MARK: JSON

    private static func ok(_ value: Any) -> Answer {
        Answer(status: 200, headers: ["content-type": "application/json"], body: json(value))
    }

    static func json(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }
}
