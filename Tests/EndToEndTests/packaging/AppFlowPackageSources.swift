/// The sources of the throwaway app AppFlowPackageTests builds, as an app team would write them.
enum AppFlowPackageSources {
    /// Sources/NearbyCoffee/NearbyCoffee.swift: the feature, on FoursquarePlaces alone.
    static let feature = #"""
import FoursquarePlaces

/// The app's "nearby coffee" feature: a paged list of coffee places and the top result's details and photos.
public struct NearbyCoffee: Sendable {
    public typealias Places = Contract20250617
    public let client: PlacesClient<Places>
    public let here: Coordinate

    public init(client: PlacesClient<Places>, here: Coordinate) {
        self.client = client
        self.here = here
    }

    /// The search the list screen makes; `cursor` is the token the app stored for the page to show.
    public func search(cursor: String? = nil) -> Places.SearchRequest {
        Places.SearchRequest(query: "coffee", location: .ll(here, radius: 1000), sort: .distance, limit: 2, cursor: cursor)
    }

    /// One page of names, and the next page's token as the app stores it.
    public func page(cursor: String?) async throws(FoursquareError) -> (names: [String], next: String?) {
        let page = try await client.response(to: search(cursor: cursor))
        return (page.value.results.compactMap(\.name), page.nextCursor)
    }

    /// Search, then the top result's details and photos.
    public func topResult() async throws(FoursquareError) -> (place: Places.Place, photos: [Places.Photo]) {
        let top = try await client.search(search()).results[0]
        let place = try await client.place(Places.PlaceRequest(
            placeID: top.id, fields: ["name", "location", "categories", "hours", "rating", "tel", "website", "fsq_place_id"]))
        let photos = try await client.photos(Places.PhotosRequest(placeID: top.id, limit: 3))
        return (place, photos)
    }
}
"""#

    /// Tests/NearbyCoffeeTests/NearbyCoffeeTests.swift: Swift Testing tests on FoursquarePlacesTesting; `@CORPUS@` is
    /// this repository's Fixtures/ folder.
    static let tests = #"""
import Foundation
import FoursquarePlaces
import FoursquarePlacesTesting
import NearbyCoffee
import Testing
#if canImport(Glibc)
import Glibc
#endif

let corpus = URL(fileURLWithPath: "@CORPUS@")
let flow = "scenarios/2025-06-17/nearby-coffee/"
let here = Coordinate(latitude: 40.7484, longitude: -73.9857)

/// A port on 127.0.0.1 that accepts connections and never answers.
final class SilentServer: @unchecked Sendable {
    let port: Int
    private let fd: Int32
    init() {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        listen(socketFD, 16)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) } }
        fd = socketFD
        port = Int(UInt16(bigEndian: address.sin_port))
    }
    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    deinit { close(fd) }
}

@Suite struct NearbyCoffeeTests {
    let replay: FixtureReplay
    init() throws { replay = try FixtureReplay(folder: corpus) }

    @Test func pagesToTheThirdPageStoringTheCursorAsAString() async throws {
        let scenario = try replay.scenario([flow + "search-page-1.json", flow + "search-page-2.json", flow + "search-page-3.json"], order: .listed)
        let feature = NearbyCoffee(client: scenario.client(), here: here)
        var storage: [String: String] = [:]          // the app's own store, e.g. UserDefaults
        var names: [String] = []
        for _ in 1...3 {
            let page = try await feature.page(cursor: storage["coffee.next"])
            names += page.names
            storage["coffee.next"] = page.next
        }
        #expect(names.count == 5 && names.last == "Think Coffee")
        #expect(storage["coffee.next"] == nil)
        try scenario.verifyAllAnswered()
        print("APPFLOW third page reached: \(names)")
    }

    @Test func cancellingASearchGivesCancelledNotRetryable() async throws {
        let server = SilentServer()
        let feature = NearbyCoffee(client: PlacesClient(apiKey: APIKey("app-key"), baseURL: server.url), here: here)
        let task = Task { () -> FoursquareError? in
            do throws(FoursquareError) { _ = try await feature.page(cursor: nil); return nil } catch { return error }
        }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let error = try #require(await task.value)
        #expect(error.code == .cancelled)
        #expect(!error.isRetryable)
        print("APPFLOW cancelled: \(error)")
    }

    @Test func aDurationTimeoutGivesTimedOut() async throws {
        let server = SilentServer()
        let client = PlacesClient<Contract20250617>(apiKey: APIKey("app-key"), baseURL: server.url,
                                                    transport: URLSessionTransport(timeout: .milliseconds(300)))
        let error = await #expect(throws: FoursquareError.self) { try await NearbyCoffee(client: client, here: here).page(cursor: nil) }
        #expect(error?.code == .timedOut)
        #expect(error?.isRetryable == false)
    }

    @Test func aPrintedErrorOfASearchWithLLHasNoCoordinates() async throws {
        let server = SilentServer()
        let client = PlacesClient<Contract20250617>(apiKey: APIKey("app-key"), baseURL: server.url,
                                                    transport: URLSessionTransport(timeout: .milliseconds(200)))
        let timeout = await #expect(throws: FoursquareError.self) { try await NearbyCoffee(client: client, here: here).page(cursor: nil) }
        let limited = await #expect(throws: FoursquareError.self) {
            try await NearbyCoffee(client: try replay.scenario([flow + "search-429-rate-limited.json"]).client(), here: here).page(cursor: nil)
        }
        for error in [timeout, limited].compactMap({ $0 }) {
            let printed = "\(error) \(error.localizedDescription) \(String(reflecting: error))"
            #expect(!printed.contains("40.7484") && !printed.contains("73.9857"), "\(printed)")
            #expect(error.request?.url.contains("ll=40.7484") == true)
            print("APPFLOW printed: \(error)")
        }
    }

    @Test func theClientSaysWhatItSendsButNotItsKey() {
        let client = PlacesClient<Contract20250617>(apiKey: APIKey("app-secret-key"))
        #expect(client.auth == .bearer && client.apiVersion == "2025-06-17")
        #expect(client.baseURL.absoluteString == "https://places-api.foursquare.com")
        #expect(!"\(client)".contains("app-secret-key"), "\(client)")
    }

    @Test func buildsAPlaceInCode() {
        let place = Contract20250617.Place(id: "preview", name: "Preview Coffee", latitude: 40.7, longitude: -74,
                                           location: Contract20250617.Location(address: "1 Main St", locality: "New York"),
                                           hours: Contract20250617.Hours(openNow: true))
        #expect(place.coordinate != nil && place.hours?.openNow == true)
    }

    @Test func searchDetailsPhotosWithOneScenario() async throws {
        let scenario = try replay.scenario([flow + "search-page-1.json", flow + "details-top-result.json", flow + "photos-top-result.json"])
        let (place, photos) = try await NearbyCoffee(client: scenario.client(), here: here).topResult()
        #expect(place.name == "Starbucks" && place.hours?.openNow == true)
        #expect(photos.count == 3)
        try scenario.verifyAllAnswered()
    }
}
"""#
}
