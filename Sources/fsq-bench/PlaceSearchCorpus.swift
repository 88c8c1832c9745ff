import FoursquarePlaces
import HarnessCore

/// The benchmark corpus: place-search fixtures whose 2xx bodies hold `places` realistic places
/// (non-ASCII names included), with every tenth fixture an error status (400/401/403/404/429/500/503 in turn).
///
/// Fixture `i` depends only on the seed and `i`, so any count yields the same files for the indices it shares.
struct PlaceSearchCorpus {
    let places: Int
    let seed: UInt64

    /// The error statuses every tenth fixture cycles through, with the typed error each maps to.
    static let errors: [(status: Int, code: String, message: String, detail: String)] = [
        (400, "badRequest", "Invalid request: sort", "sort must be one of RELEVANCE, RATING, DISTANCE, POPULARITY"),
        (401, "unauthorized", "Invalid request token.", "The API key in the Authorization header is missing, malformed, revoked or expired."),
        (403, "forbidden", "Access denied", "Your account is not permitted to query places in this region."),
        (404, "notFound", "Not Found", "Could not geocode near to a known locality."),
        (429, "rateLimited", "Rate limit exceeded.", "Too many requests for this API key. Retry after the number of seconds in the Retry-After header."),
        (500, "serverError", "Internal Server Error", "An unexpected error occurred while processing the request. Please retry."),
        (503, "serverError", "Service Unavailable", "The Places API is temporarily unavailable due to maintenance. Please retry later."),
    ]

    static let names = [
        "Café Müller", "Blue Bottle Coffee", "東京珈琲店 本店", "Кофейня «Пушкин»", "مقهى الفنر", "Crème & Café — Pâtisserie",
        "Padaria São João", "Ristorante Bella Vista", "Pierogarnia Łódź", "Ελληνικό Καφενείο", "서울 커피 로스터스",
        "Smørrebrød Hus", "Stumptown Coffee Roasters", "Çay Bahçesi", "Joe Coffee Company", "Bäckerei Schäfer",
        "Trattoria Nonna Pia", "ร้านกาแฟ บ้านสวน", "Le Petit Déjeuner", "Dumpling Galaxy",
    ]
    static let categories: [(id: Int, name: String, icon: String)] = [
        (13034, "Coffee Shop", "food/coffeeshop_"), (13035, "Café", "food/cafe_"), (13002, "Bakery", "food/bakery_"),
        (13065, "Restaurant", "food/default_"), (13236, "Italian Restaurant", "food/italian_"),
        (13099, "Chinese Restaurant", "food/asian_"), (13003, "Bar", "nightlife/default_"),
    ]
    static let cities: [City] = [
        City(locality: "New York", country: "US", postcode: "10018", lat: 40.7484, lon: -73.9857, street: "W 38th St"),
        City(locality: "Zürich", country: "CH", postcode: "8001", lat: 47.3769, lon: 8.5417, street: "Bahnhofstraße"),
        City(locality: "東京", country: "JP", postcode: "100-0005", lat: 35.6812, lon: 139.7671, street: "銀座通り"),
        City(locality: "Москва", country: "RU", postcode: "101000", lat: 55.7558, lon: 37.6173, street: "Тверская улица"),
        City(locality: "São Paulo", country: "BR", postcode: "01310-100", lat: -23.5614, lon: -46.6559, street: "Rua Augusta"),
        City(locality: "Kraków", country: "PL", postcode: "31-001", lat: 50.0614, lon: 19.9366, street: "ulica Floriańska"),
        City(locality: "دبي", country: "AE", postcode: "00000", lat: 25.1972, lon: 55.2744, street: "شارع الشيخ زايد"),
        City(locality: "København", country: "DK", postcode: "1050", lat: 55.6761, lon: 12.5683, street: "Strøget"),
    ]

    struct City {
        let locality: String, country: String, postcode: String, lat: Double, lon: Double, street: String
    }

    /// The fixture's path under the corpus folder, zero-padded so that file order is index order.
    func relativePath(_ index: Int) -> String {
        let number = String(index)
        return "place-search/gen-\(String(repeating: "0", count: max(0, 7 - number.count)))\(number).json"
    }

    /// The whole file for fixture `index`.
    func file(_ index: Int) -> String {
        var random = SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
        let city = Self.cities[Int(random.next() % UInt64(Self.cities.count))]
        let ll = "\(Self.fixed(city.lat, 4)),\(Self.fixed(city.lon, 4))"
        let isError = index % 10 == 9
        let error = Self.errors[(index / 10) % Self.errors.count]
        let retryAfter = 30 + Int(random.next() % 90)
        var responseHeaders = [("content-type", "application/json; charset=utf-8")]
        if isError, error.status == 429 || error.status == 503 { responseHeaders.append(("retry-after", String(retryAfter))) }
        responseHeaders.append(("date", "Mon, 16 Nov 2026 06:34:18 GMT"))
        responseHeaders.append(("x-request-id", Self.hex(&random, digits: 32)))
        let body = isError
            ? "{\"message\":\(Self.quoted(error.message)),\"error_detail\":\(Self.quoted(error.detail))}"
            : "{\"results\":[" + (0..<places).map { place(rank: $0, city: city, random: &random) }.joined(separator: ",") + "]}"
        var expect = ""
        if isError {
            let retry = error.status == 429 ? ",\n    \"retry_after\": \(retryAfter)" : ""
            expect = "\n  \"expect\": {\n    \"error\": \"\(error.code)\"\(retry)\n  },"
        }
        return """
        {
          "endpoint": "place-search",
          "description": "Generated place search \(index)\(isError ? ", HTTP \(error.status)" : ", \(places) places")",
          "request": {
            "method": "GET",
            "path": "/places/search",
            "query": {
              "query": "coffee",
              "ll": "\(ll)",
              "radius": "\(500 + index % 10 * 100)",
              "limit": "\(max(1, min(50, places)))"
            },
            "headers": {
              "accept": "application/json",
              "authorization": "<redacted>"
            }
          },
          "response": {
            "status": \(isError ? error.status : 200),
            "headers": {
        \(responseHeaders.map { "      \(Self.quoted($0.0)): \(Self.quoted($0.1))" }.joined(separator: ",\n"))
            },
            "volatile_headers": ["date", "x-request-id"],
            "body": \(body)
          },\(expect)
          "recorded": {
            "source": "generated",
            "tool_version": "fsq-bench"
          }
        }

        """
    }

    /// One place, compact, shaped like the API's (optional fields present at realistic rates).
    private func place(rank: Int, city: City, random: inout SplitMix64) -> String {
        let name = Self.names[Int(random.next() % UInt64(Self.names.count))]
        let lat = city.lat + (random.nextUnit() - 0.5) / 50
        let lon = city.lon + (random.nextUnit() - 0.5) / 50
        var categories: [String] = []
        for _ in 0..<(random.next() % 5 == 0 ? 2 : 1) {
            let category = Self.categories[Int(random.next() % UInt64(Self.categories.count))]
            let icon = random.next() % 3 == 0
                ? ",\"icon\":{\"prefix\":\"https://ss3.4sqi.net/img/categories_v2/\(category.icon)\",\"suffix\":\".png\"}" : ""
            categories.append("{\"id\":\(category.id),\"name\":\(Self.quoted(category.name))\(icon)}")
        }
        let postcode = random.next() % 2 == 0 ? ",\"postcode\":\"\(city.postcode)\"" : ""
        let roof = random.next() % 5 == 0
            ? ",\"roof\":{\"latitude\":\(Self.fixed(lat + 0.00004, 6)),\"longitude\":\(Self.fixed(lon - 0.00004, 6))}" : ""
        return "{\"fsq_id\":\"\(Self.hex(&random, digits: 24))\",\"name\":\(Self.quoted(name)),\"distance\":\(rank * 90 + Int(random.next() % 90)),"
            + "\"categories\":[\(categories.joined(separator: ","))],"
            + "\"location\":{\"address\":\(Self.quoted("\(city.street) \(1 + random.next() % 400)")),"
            + "\"locality\":\(Self.quoted(city.locality)),\"country\":\"\(city.country)\"\(postcode)},"
            + "\"geocodes\":{\"main\":{\"latitude\":\(Self.fixed(lat, 6)),\"longitude\":\(Self.fixed(lon, 6))}\(roof)}}"
    }

    static func hex(_ random: inout SplitMix64, digits: Int) -> String {
        var text = ""
        while text.count < digits { text += String(random.next(), radix: 16) }
        return String(text.prefix(digits))
    }

    /// `value` with exactly `places` decimals, without Foundation's locale-dependent formatting.
    static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = String(scaled / Int(scale))
        var fraction = String(scaled % Int(scale))
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        return (value < 0 && scaled != 0 ? "-" : "") + whole + "." + fraction
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
