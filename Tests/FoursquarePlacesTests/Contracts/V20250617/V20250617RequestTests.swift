import Foundation
import FoursquarePlaces
import TestSupport
import Testing

/// The exact request each 2025-06-17 endpoint sends: method, escaped path, query and header set.
@Suite("2025-06-17 requests")
struct V20250617RequestTests {
    typealias C = Contract20250617
    static let key = "current-key-0123"
    static let ll = Coordinate(latitude: 37.7764, longitude: -122.4233)

    struct Case: Sendable, CustomTestStringConvertible {
        let id: EndpointID
        var method = "GET"
        let path: String
        let query: [String: String]
        let call: @Sendable (PlacesClient<C>) async throws(FoursquareError) -> Void
        var testDescription: String { "\(id) \(path)" }
    }

    static let cases: [Case] = [
        Case(id: .placeSearch, path: "/places/search", query: [
            "query": "coffee & tea", "ll": "37.7764,-122.4233", "radius": "800", "fsq_category_ids": "4bf58dd8d48988d1e0931735,13035",
            "fsq_chain_ids": "ab4c54c0", "min_price": "1", "max_price": "3", "open_now": "true", "tel_format": "E164",
            "sort": "DISTANCE", "limit": "10", "fields": "fsq_place_id,name,latitude",
        ]) { c throws(FoursquareError) in
            _ = try await c.placeSearch(C.PlaceSearchRequest(
                query: "coffee & tea", location: .ll(ll, radius: 800), categoryIDs: ["4bf58dd8d48988d1e0931735", "13035"],
                chainIDs: ["ab4c54c0"], minPrice: 1, maxPrice: 3, openNow: true, telFormat: .e164, sort: .distance, limit: 10,
                fields: ["fsq_place_id", "name", "latitude"]))
        },
        Case(id: .placeSearch, path: "/places/search", query: [
            "near": "Chicago, IL", "exclude_fsq_chain_ids": "a,b", "open_at": "1T2130",
        ]) { c throws(FoursquareError) in
            _ = try await c.placeSearch(C.PlaceSearchRequest(location: .near("Chicago, IL"), excludeChainIDs: ["a", "b"], openAt: "1T2130"))
        },
        Case(id: .placeSearch, path: "/places/search", query: [
            "ne": "40.8,-73.9", "sw": "40.7,-74", "exclude_all_chains": "true",
        ]) { c throws(FoursquareError) in
            _ = try await c.placeSearch(C.PlaceSearchRequest(
                location: .bounds(ne: Coordinate(latitude: 40.8, longitude: -73.9), sw: Coordinate(latitude: 40.7, longitude: -74)),
                excludeAllChains: true))
        },
        Case(id: .placeSearch, path: "/places/search", query: ["query": "bagel"]) { c throws(FoursquareError) in
            _ = try await c.placeSearch(C.PlaceSearchRequest(query: "bagel"))
        },
        Case(id: .placeDetails, path: "/places/a%20b%3Fc", query: ["fields": "fsq_place_id,hours"]) { c throws(FoursquareError) in
            _ = try await c.placeDetails(C.PlaceDetailsRequest(placeID: "a b?c", fields: ["fsq_place_id", "hours"]))
        },
        Case(id: .placeTips, path: "/places/4b5a1c3ef964a520b0b128e3/tips", query: ["limit": "5", "sort": "POPULAR", "fields": "fsq_tip_id,text"]) { c throws(FoursquareError) in
            _ = try await c.placeTips(C.PlaceTipsRequest(placeID: "4b5a1c3ef964a520b0b128e3", limit: 5, sort: .popular, fields: ["text"]))
        },
        Case(id: .placePhotos, path: "/places/4b5a1c3ef964a520b0b128e3/photos", query: ["limit": "2", "sort": "NEWEST", "classifications": "food,indoor"]) { c throws(FoursquareError) in
            _ = try await c.placePhotos(C.PlacePhotosRequest(placeID: "4b5a1c3ef964a520b0b128e3", limit: 2, sort: .newest, classifications: ["food", "indoor"]))
        },
        Case(id: .autocomplete, path: "/autocomplete", query: [
            "query": "blue bot", "ll": "37.7764,-122.4233", "radius": "5000", "types": "place,geo", "bias": "place",
            "session_token": "s-1", "limit": "7",
        ]) { c throws(FoursquareError) in
            _ = try await c.autocomplete(C.AutocompleteRequest(
                query: "blue bot", ll: ll, radius: 5000, types: [.place, .geo], bias: .place, sessionToken: "s-1", limit: 7))
        },
        Case(id: .geotaggingCandidates, path: "/geotagging/candidates", query: [
            "ll": "37.7764,-122.4233", "hacc": "12.5", "altitude": "30", "query": "cafe", "limit": "3", "fields": "fsq_place_id,name",
        ]) { c throws(FoursquareError) in
            _ = try await c.geotagging(C.GeotaggingRequest(ll: ll, hacc: 12.5, altitude: 30, query: "cafe", limit: 3, fields: ["name"]))
        },
        Case(id: .placeSuggestEdit, method: "POST", path: "/places/p%201/suggest/edit", query: [
            "dry_run": "true", "name": "Blue & Co", "latitude": "37.7764", "longitude": "-122.4233", "is_private_place": "false",
            "add_fsq_category_ids": "13035,13034", "unset_fields": "tel",
        ]) { c throws(FoursquareError) in
            _ = try await c.placeSuggestEdit(C.PlaceSuggestEditRequest(
                placeID: "p 1", latitude: 37.7764, longitude: -122.4233, isPrivatePlace: false, name: "Blue & Co",
                addCategoryIDs: ["13035", "13034"], unsetFields: ["tel"]))
        },
        Case(id: .placeFlag, method: "POST", path: "/places/p1/suggest/flag", query: ["dry_run": "false", "fields": "tel", "comment": "old"]) { c throws(FoursquareError) in
            _ = try await c.placeFlag(C.PlaceFlagRequest(placeID: "p1", fields: ["tel"], comment: "old", dryRun: false))
        },
        Case(id: .placeSuggestRemove, method: "POST", path: "/places/p1/suggest/remove", query: ["dry_run": "true", "reason": "DOESNT_EXIST"]) { c throws(FoursquareError) in
            _ = try await c.placeSuggestRemove(C.PlaceSuggestRemoveRequest(placeID: "p1", reason: .doesntExist))
        },
        Case(id: .suggestMerge, method: "POST", path: "/places/p1/suggest/merge", query: ["duplicate_fsq_place_ids": "p2,p3"]) { c throws(FoursquareError) in
            _ = try await c.suggestMerge(C.SuggestMergeRequest(placeID: "p1", duplicatePlaceIDs: ["p2", "p3"], dryRun: nil))
        },
        Case(id: .placesSuggestPlace, method: "POST", path: "/places/suggest/place", query: [
            "name": "Corner Bakery", "categories": "13002", "country_code": "US", "dry_run": "true",
        ]) { c throws(FoursquareError) in
            _ = try await c.placesSuggestPlace(C.PlacesSuggestPlaceRequest(name: "Corner Bakery", categoryIDs: ["13002"], countryCode: "US"))
        },
        Case(id: .placeSuggestStatus, path: "/places/suggest/status", query: ["suggested_edit_ids": "a,b", "limit": "0"]) { c throws(FoursquareError) in
            _ = try await c.placeSuggestStatus(C.PlaceSuggestStatusRequest(suggestedEditIDs: ["a", "b"], limit: 0))
        },
        Case(id: .placeTopVenueWoes, path: "/places/suggest/review", query: ["ne": "40.8,-73.9", "sw": "40.7,-74"]) { c throws(FoursquareError) in
            _ = try await c.placeTopVenueWoes(C.PlaceTopVenueWoesRequest(ne: Coordinate(latitude: 40.8, longitude: -73.9),
                                                                    sw: Coordinate(latitude: 40.7, longitude: -74)))
        },
        Case(id: .geotaggingConfirm, method: "POST", path: "/geotagging/confirm", query: [
            "request_id": "r-1", "fsq_place_id": "p1", "confirm_context": "Nearby", "delayed": "true",
        ]) { c throws(FoursquareError) in
            _ = try await c.geotaggingConfirm(C.GeotaggingConfirmRequest(requestID: "r-1", placeID: "p1", confirmContext: .nearby, delayed: true))
        },
        Case(id: .offlineJobsStatus, path: "/offline-jobs/status", query: ["job_ids": "j1,j2"]) { c throws(FoursquareError) in
            _ = try await c.offlineJobsStatus(C.OfflineJobsStatusRequest(jobIDs: ["j1", "j2"]))
        },
        Case(id: .offlineJobsInitialize, method: "POST", path: "/offline-jobs/initialize", query: ["durationSeconds": "43200"]) { c throws(FoursquareError) in
            _ = try await c.offlineJobsInitialize(C.OfflineJobsInitializeRequest(durationSeconds: 43200))
        },
        Case(id: .offlineJobsExecute, method: "POST", path: "/offline-jobs/j%201/execute", query: ["country_codes": "US,CA"]) { c throws(FoursquareError) in
            _ = try await c.offlineJobsExecute(C.OfflineJobsExecuteRequest(jobID: "j 1", countryCodes: ["US", "CA"]))
        },
        Case(id: .offlineJobsCredentialsRefresh, method: "POST", path: "/offline-jobs/j1/credentials/refresh", query: [:]) { c throws(FoursquareError) in
            _ = try await c.offlineJobsCredentialsRefresh(C.OfflineJobsCredentialsRefreshRequest(jobID: "j1"))
        },
    ]

    static let invalid: [(String, any EndpointRequest)] = [
        ("limit", C.PlaceSuggestStatusRequest(limit: 51)),
        ("durationSeconds", C.OfflineJobsInitializeRequest(durationSeconds: 899)),
        ("durationSeconds", C.OfflineJobsInitializeRequest(durationSeconds: 43201)),
        ("fields", C.PlaceFlagRequest(placeID: "p", fields: [])),
        ("duplicate_fsq_place_ids", C.SuggestMergeRequest(placeID: "p", duplicatePlaceIDs: [])),
        ("name", C.PlacesSuggestPlaceRequest(name: " ")),
        ("longitude", C.PlacesSuggestPlaceRequest(name: "x", latitude: 1)),
        ("latitude", C.PlaceSuggestEditRequest(placeID: "p", latitude: 91, longitude: 0)),
        ("sw", C.PlaceTopVenueWoesRequest(ne: Coordinate(latitude: 1, longitude: 1))),
        ("fsq_job_id", C.OfflineJobsExecuteRequest(jobID: " ")),
    ]

    @Test("the document's rules are checked before sending: ranges, pairs, required values", arguments: invalid)
    func rulesBeforeSending(parameter: String, request: any EndpointRequest) {
        do {
            try request.validate()
            Issue.record("accepted; expected invalidInput for \(parameter)")
        } catch {
            #expect(error.code == .invalidInput)
            #expect("\(error)".contains(parameter), "\(error)")
        }
    }

    @Test("writes say so in their type; suggestions are dry runs unless asked")
    func writesSaySo() {
        let effects = Dictionary(uniqueKeysWithValues: Contract.v20250617.endpoints.map { ($0.id, $0.effect) })
        #expect(effects.filter { $0.value == .dryRunnableWrite }.keys.sorted { $0.rawValue < $1.rawValue }
                == [.placeFlag, .placeSuggestRemove, .placeSuggestEdit, .placesSuggestPlace, .suggestMerge].sorted { $0.rawValue < $1.rawValue })
        #expect(effects.filter { $0.value == .write }.count == 4)
        #expect(effects[.geotaggingConfirm] == .write && effects[.offlineJobsExecute] == .write)
        #expect(effects.filter { $0.value == .read }.count == 9)
        #expect(C.PlaceSuggestEditRequest(placeID: "p").dryRun == true)
        #expect(C.PlacesSuggestPlaceRequest(name: "x").queryItems().contains { $0.name == "dry_run" && $0.value == "true" })
    }

    @Test("credentials in an answer never reach a description")
    func credentialsStayOutOfDescriptions() {
        let credentials = C.OfflineJobCredentials(accessKeyID: "AKIA-SENTINEL", secretAccessKey: "SECRET-SENTINEL",
                                                  sessionToken: "TOKEN-SENTINEL", jobID: "j1")
        for text in ["\(credentials)", String(describing: credentials), String(reflecting: credentials)] {
            #expect(!text.contains("SENTINEL"), "\(text)")
        }
        #expect(Contract.v20250617.endpoint(.offlineJobsInitialize)?.secretFields == ["access_key_id", "secret_access_key", "session_token"])
    }

    @Test("the cases cover every 2025-06-17 endpoint")
    func coversEveryEndpoint() {
        #expect(Set(Self.cases.map(\.id)) == Set(Contract.v20250617.endpoints.map(\.id)))
    }

    @Test("each call sends exactly the documented request, bearer only", arguments: cases)
    func exactRequest(testCase: Case) async throws {
        let transport = CapturingTransport { _ in .response(status: 500, headers: [:], body: Data()) }
        _ = await foursquareError { () async throws(FoursquareError) in try await testCase.call(client(C.self, transport, key: Self.key)) }
        let request = try #require(transport.lastRequest)
        #expect(transport.requestCount == 1)
        #expect(request.method == testCase.method)
        #expect(request.path == testCase.path)
        #expect(request.url.host == "places-api.foursquare.com")
        #expect(request.queryParameters == testCase.query)
        #expect(headerSet(request.headers) == [
            "authorization": "Bearer \(Self.key)", "x-places-api-version": "2025-06-17", "accept": "application/json",
        ])
        // The registry routes what was sent back to the same endpoint.
        #expect(RequestMatcher.route(method: request.method, path: request.path, in: .v20250617)?.endpoint.id == testCase.id)
    }

    @Test("spaces, ampersands and plus signs are escaped in the query")
    func escaping() async throws {
        let transport = CapturingTransport(body: #"{"results":[]}"#)
        _ = try await PlacesClient<C>(apiKey: APIKey(Self.key), transport: transport).placeSearch(
            C.PlaceSearchRequest(query: "fish & chips+peas", location: .near("Café Zürich")))
        let request = try #require(transport.lastRequest)
        #expect(request.url.query == "query=fish%20%26%20chips%2Bpeas&near=Caf%C3%A9%20Z%C3%BCrich")
    }

    @Test("a client set up from the contract speaks bearer with the version header")
    func clientFromContract() {
        let client = PlacesClient<Contract20250617>(apiKey: APIKey(Self.key))
        #expect(client.auth == .bearer)
        #expect(client.apiVersion == "2025-06-17")
        #expect(client.baseURL.absoluteString == "https://places-api.foursquare.com")
        #expect(Contract.v20250617.authStyles == [.bearer])
        #expect(Contract.seed.authStyles == [.apiKey, .bearer])
    }
}
