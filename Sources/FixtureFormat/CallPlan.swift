import Foundation
import FoursquarePlaces

/// What a client call produced: a decoded value or the typed error.
public enum CallOutcome: Sendable {
    case decoded(any Sendable)
    case failed(FoursquareError)

    /// The client's own refusal (`invalidInput`): it sent nothing.
    public var refusal: FoursquareError? {
        if case let .failed(error) = self, error.code == .invalidInput { return error }
        return nil
    }
}

/// A typed client call rebuilt from a fixture's request, ready to run under any auth style.
/// The registry entry for the fixture's contract and endpoint builds the request; nothing here
/// knows any endpoint.
public struct CallPlan: Sendable {
    public let endpoint: EndpointID
    /// The contract the call is made under (a later version may reuse an earlier one's request type, so the type
    /// alone does not say): it fixes the `X-Places-Api-Version` a live call sends.
    public let contract: ContractID
    /// The query parameter whose value the client must refuse (`expect.invalidInput`): `run(with:)` sends the
    /// request as it is, around the client's validation, so a server's own 400 can be mapped.
    public let invalidInput: String?
    /// What the call does to the server's data, from the request's type.
    package let effect: Endpoint.Effect
    /// For a write that takes `dry_run`, whether this call is one (`dry_run` unset is the API's default: true).
    public let dryRun: Bool?
    private let perform: @Sendable (FoursquareClient, _ validated: Bool) async -> CallOutcome
    private let rehearsal: (@Sendable () -> CallPlan)?

    init<R: EndpointRequest>(_ request: R, contract: ContractID, invalidInput: String? = nil) {
        endpoint = R.endpointID
        self.contract = contract
        self.invalidInput = invalidInput
        effect = R.endpoint.effect
        if let write = request as? any DryRunnableRequest {
            dryRun = write.dryRun ?? true
            rehearsal = {
                var rehearsed = write
                rehearsed.dryRun = true
                return CallPlan(rehearsed as! R, contract: contract, invalidInput: invalidInput)
            }
        } else {
            dryRun = nil
            rehearsal = nil
        }
        perform = { client, validated in
            // The harness judges the contract: a result list with an unreadable element fails decoding, not dropped.
            var client = client
            client.decodesResultsLeniently = false
            do throws(FoursquareError) {
                return .decoded(validated ? try await client.send(request) : try await client.sendUnvalidated(request))
            } catch {
                return .failed(error)
            }
        }
    }

    /// The same call as a dry run (`dry_run=true`); the call itself for any other request.
    public func asDryRun() -> CallPlan { rehearsal?() ?? self }

    /// The call as live mode, drift and record make it: around validation when the fixture names invalid input.
    package func run(with client: FoursquareClient) async -> CallOutcome { await perform(client, invalidInput == nil) }

    /// The call as an app makes it, validation first: replay's check that the client refuses invalid input.
    package func runValidated(with client: FoursquareClient) async -> CallOutcome { await perform(client, true) }

    /// The call a fixture's request describes, under the fixture's contract; errors name the fixture file.
    public static func make(for fixture: Fixture) throws(FixtureError) -> CallPlan {
        try make(endpoint: fixture.endpoint, contract: fixture.contract, path: fixture.request.path,
                 query: fixture.request.query, file: fixture.relativePath, invalidInput: fixture.expect?.invalidInput)
    }

    /// Turns a path and query back into the typed request a user would write.
    /// Throws a `FixtureError` for parameters the endpoint does not take or values that do not parse.
    public static func make(
        endpoint: EndpointID, contract: ContractID = .seed, path: String, query: [String: String],
        file: String = "request", invalidInput: String? = nil
    ) throws(FixtureError) -> CallPlan {
        let entry = try registryEntry(endpoint: endpoint, contract: contract, file: file)
        do {
            return plan(try entry.makeRequest(placeID: entry.placeID(in: path), query: query), contract: contract,
                        invalidInput: invalidInput)
        } catch {
            throw FixtureError(file: file, jsonPath: "$.request.query.\(error.name)", reason: error.reason)
        }
    }

    /// Opens the existential so the plan keeps the request's concrete type.
    private static func plan<R: EndpointRequest>(_ request: R, contract: ContractID, invalidInput: String?) -> CallPlan {
        CallPlan(request, contract: contract, invalidInput: invalidInput)
    }

    /// The registry entry for a contract's endpoint; a `FixtureError` when the pair is unknown.
    public static func registryEntry(endpoint: EndpointID, contract: ContractID, file: String = "request") throws(FixtureError) -> Endpoint {
        guard let known = Contract.named(contract) else {
            throw FixtureError(file: file, jsonPath: "$.contract",
                               reason: "unknown contract '\(contract)' (known: \(Contract.knownList))")
        }
        guard let entry = known.endpoint(endpoint) else {
            throw FixtureError(file: file, jsonPath: "$.endpoint", reason: "\(endpoint) is not an endpoint of contract \(contract)")
        }
        return entry
    }

    /// Checks a fixture's (contract, endpoint, method, path) against the registry, for the loader.
    /// Returns the endpoint id; throws naming the JSON path that is wrong.
    public static func validateRoute(
        contract: ContractID, endpoint: String, method: String, path: String, file: String
    ) throws(FixtureError) -> EndpointID {
        switch RequestMatcher.validate(contract: contract, endpoint: endpoint, method: method, path: path) {
        case let .success(matched): return matched.endpoint.id
        case let .failure(problem): throw FixtureError(file: file, jsonPath: problem.jsonPath, reason: problem.reason)
        }
    }
}

extension Fixture {
    /// The registry entry this fixture exercises: its contract's definition of its endpoint.
    /// The loader has already checked the pair, so only a hand-built fixture can miss.
    public var registryEntry: Endpoint? { Contract.named(contract)?.endpoint(endpoint) }
}
