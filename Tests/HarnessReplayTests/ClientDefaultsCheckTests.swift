import Foundation
import FoursquarePlaces
@testable import HarnessContractChecks
import HarnessCore
@testable import HarnessReplay
import Testing

/// What no fixture shows: the base URL a client of each contract calls, and what a write built with its required
/// parameters only sends, each against the documents.
@Suite struct ClientDefaultsCheckTests {
    @Test("every contract's base URL is one its documents give, and each write's minimal request is a dry run")
    func theClientsDefaultsAreTheDocuments() async {
        let results = await ClientDefaultsCheck.results(contracts: [.seed, .v20250617])
        #expect(results.count == 2 + ClientDefaultsCheck.minimalWrites.count)
        for result in results { #expect(result.verdict == .pass, "\(result.fixture): \(result.verdict)") }
        #expect(DocumentedFacts.servers(.seed) == ["https://places-api.foursquare.com"])
        #expect(DocumentedFacts.defaults(.v20250617, "place-flag") == ["dry_run": "true"])
    }

    @Test("a write whose minimal request is not a dry run fails, naming the parameter and the document")
    func aWriteThatIsNotADryRunFails() async {
        let write = ClientDefaultsCheck.MinimalWrite(contract: .v20250617, endpoint: "place-flag") {
            Contract20250617.PlaceFlagRequest(placeID: "4b0588d5f964a520", fields: ["name"], dryRun: false)
        }
        let verdict = await ClientDefaultsCheck.defaults(write)
        guard case let .fail(message, _) = verdict else { Issue.record("\(verdict)"); return }
        #expect(message.contains("dry_run=false") && message.contains("its default as true"))
    }

    @Test("a write whose minimal request leaves dry_run out fails too: the client says it defaults to a dry run")
    func aWriteWithoutDryRunFails() async {
        let write = ClientDefaultsCheck.MinimalWrite(contract: .v20250617, endpoint: "place-suggest-edit") {
            Contract20250617.PlaceSuggestEditRequest(placeID: "4b0588d5f964a520", dryRun: nil)
        }
        guard case let .fail(message, _) = await ClientDefaultsCheck.defaults(write) else { Issue.record("passed"); return }
        #expect(message.contains("dry_run=nothing"))
    }
}
