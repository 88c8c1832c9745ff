import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import PlacesEmulator
import Testing

/// The emulator serves both corpora and routes by contract, with each contract's auth rules from the registry.
@Suite("Routing by contract")
struct ContractRoutingTests {
    static let current = Contract.v20250617
    let emulator = PlacesEmulator(configuration: configuration(), fixtures: sharedFixtures)

    static func headers(_ style: AuthStyle, version: String = current.apiVersion) -> [String: String] {
        style == .bearer ? ["Authorization": "Bearer test-key-123", "X-Places-Api-Version": version] : apiKeyHeaders
    }

    static var currentSuccesses: [Fixture] {
        sharedFixtures.filter { $0.contract == current.id && (200...299).contains($0.response.status) }
    }

    @Test func bothCorporaAreServed() {
        let contracts = Set(emulator.fixtures.map(\.contract))
        #expect(contracts == Set(Contract.all.map(\.id)))
    }

    @Test("every fixture is answered, in each style its contract takes, by a fixture of the same request; a 2025-06-17 request by the 2025-06-17 corpus")
    func everyFixtureRoutesWithinItsContract() throws {
        for fixture in sharedFixtures {
            for style in fixture.contract.authStyles {
                let response = emulator.respond(to: EmulatorRequest(method: fixture.request.method, target: target(for: fixture), headers: Self.headers(style)))
                let servedPath = try #require(response.fixture, "\(fixture.relativePath) [\(style)]: HTTP \(response.status) \(response.bodyText)")
                let served = try #require(emulator.fixtures.first { $0.relativePath == servedPath })
                #expect(FixtureRouter.differences(served.request, EmulatorRequest(method: fixture.request.method, target: target(for: fixture))).isEmpty)
                if fixture.contract == Self.current.id || style == .apiKey {
                    #expect(served.contract == fixture.contract, "\(fixture.relativePath) [\(style)] served \(servedPath)")
                }
            }
        }
    }

    @Test("a raw key on a 2025-06-17 request gets 401 with the API's {message} body, no detail")
    func rawKeyOnCurrentRequest() throws {
        #expect(!Self.currentSuccesses.isEmpty)
        // A request the seed corpus also recorded is the seed's to answer in the apiKey style.
        let seedRequests = sharedFixtures.filter { $0.contract == Contract.seed.id }.map(\.request)
        for fixture in Self.currentSuccesses
        where !seedRequests.contains(where: { FixtureRouter.differences($0, EmulatorRequest(target: target(for: fixture))).isEmpty }) {
            let response = emulator.respond(to: EmulatorRequest(method: fixture.request.method, target: target(for: fixture), headers: apiKeyHeaders))
            #expect(response.status == 401, "\(fixture.relativePath): \(response.bodyText)")
            let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: String])
            #expect(body.keys.sorted() == ["message"] && body["message"]?.contains("Bearer") == true, "\(body)")
        }
        // A route only 2025-06-17 has: 401 before any 404, as the API answers.
        let unknown = emulator.respond(to: EmulatorRequest(target: "/geotagging/candidates?ll=1,2", headers: apiKeyHeaders))
        #expect(unknown.status == 401)
        // The same request with the bearer style is a 404 with a hint from the 2025-06-17 corpus.
        let bearer = emulator.respond(to: EmulatorRequest(target: "/geotagging/candidates?ll=1,2", headers: Self.headers(.bearer)))
        #expect(bearer.status == 404)
        #expect(bearer.errorBody?.errorDetail?.contains("geotagging-candidates/2025-06-17/") == true, "\(bearer.bodyText)")
    }

    @Test("X-Emulator-Fixture naming a 2025-06-17 fixture still enforces that contract's auth")
    func selectedFixtureEnforcesItsContract() throws {
        let fixture = try #require(Self.currentSuccesses.first)
        let selected = ["X-Emulator-Fixture": fixture.relativePath]
        let refused = emulator.respond(to: EmulatorRequest(target: target(for: fixture), headers: apiKeyHeaders.merging(selected) { $1 }))
        #expect(refused.status == 401)
        let served = emulator.respond(to: EmulatorRequest(target: target(for: fixture), headers: Self.headers(.bearer).merging(selected) { $1 }))
        #expect(served.status == fixture.response.status && served.fixture == fixture.relativePath)
    }

    @Test("a 2025-06-17 request naming another version gets 400; the seed corpus takes any version")
    func versionPinned() {
        let current = Self.currentSuccesses[0]
        let other = emulator.respond(to: EmulatorRequest(target: target(for: current), headers: Self.headers(.bearer, version: "2024-01-01")))
        #expect(other.status == 400)
        #expect(other.errorBody?.message?.contains("2024-01-01") == true)
        let seed = fixture("place-details/200-typical.json")
        let answered = emulator.respond(to: EmulatorRequest(target: target(for: seed), headers: Self.headers(.bearer, version: "2024-01-01")))
        #expect(answered.status == 200 && answered.fixture == seed.relativePath)
    }

    @Test("the registry's auth rules: seed takes both styles and any version, 2025-06-17 bearer with its own version")
    func registryRules() {
        #expect(Contract.seed.refusal(style: .apiKey, version: nil) == nil)
        #expect(Contract.seed.refusal(style: .bearer, version: "1999-01-01") == nil)
        #expect(Self.current.refusal(style: .apiKey, version: nil)?.status == 401)
        #expect(Self.current.refusal(style: .bearer, version: nil)?.status == 400)
        #expect(Self.current.refusal(style: .bearer, version: "2025-06-17") == nil)
        // A later version keeps 2025-06-17's auth styles (`successor`) and wants its own version.
        let laterVersions = Contract.known.filter { $0 != .seed && $0 != Self.current.id }
        let bearer = Contract.candidates(style: .bearer, version: "2025-06-17")
        #expect(bearer.accepting.map(\.id) == ["2025-06-17", "seed"] && bearer.refusing.map(\.id) == laterVersions)
        let raw = Contract.candidates(style: .apiKey, version: nil)
        #expect(raw.accepting.map(\.id) == ["seed"] && raw.refusing.map(\.id) == ["2025-06-17"] + laterVersions)
    }
}
