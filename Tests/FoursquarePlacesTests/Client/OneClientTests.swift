import Foundation
import FoursquarePlaces
import Testing
import TestSupport

/// An app sees one client type, `PlacesClient<C>`: the untyped engine under it is not part of the library's public
/// API, and the typed client sends only its own contract's requests. The snippets are type-checked as an app's code
/// (`import FoursquarePlaces`, outside this package) against the built module.
@Suite("one client type for apps")
struct OneClientTests {
    @Test func theUntypedClientDoesNotCompileInAnAppAndTheTypedOneDoes() async throws {
        let untyped = try await AuthByContractTests.typecheck("_ = FoursquareClient(apiKey: APIKey(\"k\"))")
        #expect(untyped.status != 0)
        #expect(untyped.stderr.contains("cannot find 'FoursquareClient' in scope"), "\(untyped.stderr)")
        let typed = try await AuthByContractTests.typecheck("""
            import Foundation
            let client = PlacesClient<Contract20250617>(apiKey: APIKey("k"))
            let summary: (AuthStyle, URL, String, Bool) = (client.auth, client.baseURL, client.apiVersion, client.decodesResultsLeniently)
            _ = (summary, client.description)
            """)
        #expect(typed.status == 0, "\(typed.stderr)")
    }

    @Test func theEngineUnderTheTypedClientIsNotReachableFromAnApp() async throws {
        let engine = try await AuthByContractTests.typecheck("_ = PlacesClient<Contract20250617>(apiKey: APIKey(\"k\")).client")
        #expect(engine.status != 0)
        #expect(engine.stderr.contains("'client' is inaccessible due to 'package' protection level"), "\(engine.stderr)")
    }

    @Test func anotherContractsRequestDoesNotCompileAndItsOwnDoes() async throws {
        let foreign = try await AuthByContractTests.typecheck("""
            func f(_ client: PlacesClient<Contract20250617>) async throws {
                _ = try await client.response(to: SeedContract.PlaceSearchRequest(location: .near("Chicago")))
            }
            """)
        #expect(foreign.status != 0)
        #expect(foreign.stderr.contains("'Contract20250617' and 'SeedContract.PlaceSearchRequest.APIContract'"), "\(foreign.stderr)")
        let own = try await AuthByContractTests.typecheck("""
            func f(_ client: PlacesClient<Contract20250617>) async throws {
                _ = try await client.response(to: Contract20250617.PlaceSearchRequest(query: "coffee"))
                _ = try await client.send(Contract20250617.PlaceTipsRequest(placeID: "p"))
                for try await _ in client.pages(Contract20250617.PlacePhotosRequest(placeID: "p")) {}
            }
            // Code generic over the contract reaches the head of its own contract's search.
            func g<C: PlacesContract>(_ client: PlacesClient<C>, _ search: C.PlaceSearchRequest) async throws -> Int? {
                try await client.response(to: search).rateLimit?.remaining
            }
            """)
        #expect(own.status == 0, "\(own.stderr)")
    }

    /// Every request type the registry knows names the contract it is registered under, or an earlier one it keeps
    /// unchanged, so `send`, `response(to:)` and `pages` take it on that contract's client (a new operation without its
    /// line would be unusable).
    @Test func everyRegisteredRequestTypeBelongsToItsContract() {
        func contract<R: ContractRequest>(of type: R.Type) -> Contract { R.APIContract.contract }
        for registered in Contract.all {
            for endpoint in registered.endpoints {
                guard let type = endpoint.requestType as? any ContractRequest.Type else {
                    Issue.record("\(endpoint.requestType) (\(registered) \(endpoint.id)) is no ContractRequest")
                    continue
                }
                // A later version serves an earlier one's unchanged write under its own name: it is the earlier one's.
                let owner = contract(of: type)
                #expect(owner == registered || Contract.all.firstIndex(of: owner) ?? .max < Contract.all.firstIndex(of: registered) ?? 0,
                        "\(type) (\(registered) \(endpoint.id))")
            }
        }
    }

    @Test func theDescriptionHoldsNoKeyAndNoQueryValues() {
        let key = "fsq3-sentinel-one-client-key"
        let base = URL(string: "https://user:pass@proxy.example:8443/places-api?token=secret-token#frag")!
        let client = PlacesClient<Contract20250617>(apiKey: APIKey(key), baseURL: base, transport: CapturingTransport())
        for printed in [client.description, String(reflecting: client), "\(client)"] {
            #expect(printed.hasPrefix("PlacesClient<Contract20250617>(baseURL: https://proxy.example:8443/places-api, auth: bearer, apiVersion: 2025-06-17"), "\(printed)")
            for leaked in [key, "secret-token", "user", "pass", "frag"] { #expect(!printed.contains(leaked), "\(printed)") }
        }
        #expect(client.baseURL == base, "the client keeps the URL it was given; only its description leaves parts out")
    }

    @Test func aRawKeyContractsClientReportsTheStyleItSwitchedTo() {
        let client = PlacesClient<SeedContract>(apiKey: APIKey("k"), transport: CapturingTransport())
        #expect(client.using(.bearer).auth == .bearer)
        #expect(client.using(.apiKey).auth == .apiKey)
        #expect(client.baseURL == SeedContract.contract.baseURL && client.apiVersion == SeedContract.contract.apiVersion)
    }
}
