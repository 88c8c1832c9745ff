import Foundation
import FoursquarePlaces
import HarnessContractChecks
import HarnessCore

/// What no fixture can show, because every replay names it: the base URL a client of a contract calls when the
/// app gives none, which must be one the contract's documents give; and what a write built with only its
/// required parameters sends, which must be the document's defaults (`dry_run=true`: a rehearsal, not an edit).
/// One testcase each, in the report suite `client-defaults`.
package enum ClientDefaultsCheck {
    /// The report suite the cases go to.
    package static let suite = "client-defaults"

    /// Each write with a documented default, built with its required parameters only (the typed initializer an app
    /// calls). The parameters given are placeholders; what is judged is what the client adds by default.
    struct MinimalWrite: Sendable {
        let contract: ContractID
        let endpoint: String
        let make: @Sendable () -> any EndpointRequest
    }

    static let minimalWrites: [MinimalWrite] = [
        MinimalWrite(contract: .v20250617, endpoint: "place-suggest-edit") { Contract20250617.PlaceSuggestEditRequest(placeID: "4b0588d5f964a520") },
        MinimalWrite(contract: .v20250617, endpoint: "place-flag") {
            Contract20250617.PlaceFlagRequest(placeID: "4b0588d5f964a520", fields: ["name"])
        },
        MinimalWrite(contract: .v20250617, endpoint: "place-suggest-remove") {
            Contract20250617.PlaceSuggestRemoveRequest(placeID: "4b0588d5f964a520", reason: .closed)
        },
        MinimalWrite(contract: .v20250617, endpoint: "suggest-merge") {
            Contract20250617.SuggestMergeRequest(placeID: "4b0588d5f964a520", duplicatePlaceIDs: ["4b0588d5f964a521"])
        },
        MinimalWrite(contract: .v20250617, endpoint: "places-suggest-place") { Contract20250617.PlacesSuggestPlaceRequest(name: "Synthetic Café") },
    ]

    /// The cases for the contracts a run covered.
    package static func results(contracts: Set<ContractID>) async -> [CaseResult] {
        var results: [CaseResult] = []
        for contract in contracts.sorted() {
            results.append(CaseResult(endpoint: suite, fixture: "\(contract)/base-url", auth: nil, check: .request,
                                      verdict: baseURL(contract)))
            for write in minimalWrites where write.contract == contract {
                results.append(CaseResult(endpoint: suite, fixture: "\(contract)/\(write.endpoint) defaults", auth: nil, check: .request,
                                          verdict: await defaults(write)))
            }
        }
        return results
    }

    /// The base URL of a client made for `contract` without one, and the one its requests go to, against the documents.
    static func baseURL(_ contract: ContractID) -> Verdict {
        let documented = DocumentedFacts.servers(contract)
        guard let known = Contract.named(contract) else {
            return .error(message: "cannot judge \(contract)'s base URL: the client knows no such contract", detail: "\(contract)")
        }
        guard FixtureSynthesis.describes(contract) else {
            // A version scaffolded before its document came: nothing to hold it to yet, and it says so.
            return .skip(reason: "no document describes \(contract) yet: add it to judge the base URL")
        }
        guard !documented.isEmpty else {
            return .error(message: "cannot judge \(contract)'s base URL: \(DocumentedFacts.source(contract)) gives none",
                          detail: "no servers in \(DocumentedFacts.source(contract))")
        }
        let client = FoursquareClient(apiKey: ReplayStrategy.replayKey, contract: known)
        for (what, url) in [("the contract's base URL", known.baseURL), ("a client made for it", client.baseURL)] {
            let text = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
            guard documented.contains(text) else {
                let message = "\(contract): \(what) is \(text); \(DocumentedFacts.source(contract)) gives \(documented.joined(separator: ", "))"
                return .fail(message: message, detail: message)
            }
        }
        return .pass
    }

    /// What a write built with its required parameters only sends of the parameters the document gives a default.
    static func defaults(_ write: MinimalWrite) async -> Verdict {
        let defaults = DocumentedFacts.defaults(write.contract, write.endpoint)
        guard !defaults.isEmpty else {
            return .error(message: "cannot judge \(write.endpoint)'s defaults: \(DocumentedFacts.source(write.contract)) gives none",
                          detail: write.endpoint)
        }
        guard let contract = Contract.named(write.contract) else {
            return .error(message: "cannot judge \(write.endpoint): the client knows no contract \(write.contract)", detail: write.endpoint)
        }
        let transport = ReplayTransport(status: 200, headers: HTTPHeaders(), body: Data(), answers: false)
        let client = FoursquareClient(apiKey: ReplayStrategy.replayKey, contract: contract, transport: transport)
        await send(write.make(), client: client)
        guard let sent = transport.requests.first else {
            return .fail(message: "\(write.endpoint) built with its required parameters only: the client sent nothing", detail: write.endpoint)
        }
        var problems: [String] = []
        for (name, value) in defaults.sorted(by: { $0.key < $1.key }) where sent.queryParameters[name] != value {
            problems.append("\(write.endpoint) built with its required parameters only sends \(name)=\(sent.queryParameters[name] ?? "nothing"); "
                + "\(DocumentedFacts.source(write.contract)) gives its default as \(value)")
        }
        guard let first = problems.first else { return .pass }
        return .fail(message: first, detail: problems.joined(separator: "\n"))
    }

    private static func send(_ request: any EndpointRequest, client: FoursquareClient) async {
        func open<R: EndpointRequest>(_ request: R) async { _ = try? await client.send(request) }
        await open(request)
    }
}
