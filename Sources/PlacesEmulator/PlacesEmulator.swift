import HarnessCore
import Foundation
import FoursquarePlaces

/// The emulator's logic without a socket: it loads a fixtures folder and answers requests with auth, routing,
/// 404 hints and faults. `PlacesEmulatorServer` puts it on a port; tests may call `respond(to:)` directly.
///
/// The header `X-Emulator-Fixture: <relative path>` picks one fixture explicitly (the request must still match
/// it, else 404 with a hint); an unknown path gets 400.
package final class PlacesEmulator: Sendable {
    /// Request header naming the fixture to serve.
    package static let fixtureHeader = EmulatorFixtureHeader.name.lowercased()
    /// Request header forcing a fault for this request.
    package static let faultHeader = "x-emulator-fault"

    package let configuration: EmulatorConfiguration
    /// Files skipped as broken, with the reason.
    package let skipped: [FixtureError]
    /// Every fixture served, sorted by relative path.
    package var fixtures: [Fixture] { router.fixtures }

    private let router: FixtureRouter
    private let auth: AuthCheck
    private let faults: FaultInjector
    private let candidateCache: [CandidateKey: (accepting: [Contract], refusing: [Contract])]
    /// Each fixture's response headers minus the framing ones, computed once.
    let servedHeaders: [[String: String]]

    /// Loads the fixtures; throws when the folder is missing. Each broken file is skipped with one warning line
    /// on the log sink.
    package convenience init(configuration: EmulatorConfiguration) throws(EmulatorConfigurationError) {
        let loaded: [LoadedFixture]
        do {
            loaded = try FixtureLoader(root: configuration.fixturesRoot).loadAll()
        } catch let error as FixtureError {
            throw EmulatorConfigurationError("\(configuration.fixturesRoot.path): \(error.reason)")
        } catch {
            throw EmulatorConfigurationError("\(configuration.fixturesRoot.path): \(error)")
        }
        var fixtures: [Fixture] = []
        var skipped: [FixtureError] = []
        for item in loaded {
            switch item {
            case let .fixture(fixture): fixtures.append(fixture)
            case let .broken(_, _, error):
                skipped.append(error)
                configuration.log("warning: skipping fixture \(error)")
            }
        }
        self.init(configuration: configuration, fixtures: fixtures, skipped: skipped)
    }

    /// Serves the given fixtures (no files are read).
    package init(configuration: EmulatorConfiguration, fixtures: [Fixture], skipped: [FixtureError] = []) {
        self.configuration = configuration
        self.skipped = skipped
        self.router = FixtureRouter(fixtures: fixtures)
        self.auth = AuthCheck(required: configuration.auth, requiredKey: configuration.requiredKey)
        self.faults = FaultInjector(rules: configuration.faults, seed: configuration.seed)
        self.candidateCache = Self.makeCandidateCache()
        self.servedHeaders = router.fixtures.map { fixture in
            var headers = fixture.response.headers
            for name in Self.droppedHeaders { headers[name] = nil }
            return headers
        }
    }

    /// Hop-by-hop and framing headers the emulator never copies from a fixture: the server frames the body itself.
    static let droppedHeaders = ["content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"]

    /// The response to `request`, with every fault except the socket-level delivery of `reset` and `slowBody`
    /// applied.
    package func respond(to request: EmulatorRequest) -> EmulatorResponse {
        var forced: FaultKind?
        switch FaultInjector.forced(request) {
        case let .failure(error)?:
            return .apiError(400, "Unknown X-Emulator-Fault '\(error.name)'",
                             "X-Emulator-Fault must be one of: \(FaultKind.names)", style: AuthCheck.style(of: request))
        case let .success(kind)?: forced = kind
        case nil: break
        }

        let outcome = auth.check(request)
        if let failure = outcome.failure { return failure }
        let style = outcome.style

        // Routed before faults: a contract refusing the request's auth is an auth answer, which no fault hides.
        let routed = route(request, style: style)
        if routed.refused { return routed.response }
        let fault = forced ?? faults.draw()
        if let fault, let replacement = FaultInjector.replacement(fault, style: style, withDetail: true) {
            return replacement
        }
        var response = routed.response
        FaultInjector.apply(fault, to: &response)
        return response
    }

    /// The fixture response for `request`, or a 404/400 with a hint; `refused` when the contract that would answer
    /// does not take the request's auth (a raw key on a 2025-06-17 route gets 401, as the API answers).
    func route(_ request: EmulatorRequest, style: String) -> (response: EmulatorResponse, refused: Bool) {
        let authStyle = AuthStyle(rawValue: style)
        let version = request.header("x-places-api-version").map(UTF8Text.trimmed)
        if let selected = request.header(Self.fixtureHeader) {
            let name = selected.trimmingCharacters(in: .whitespaces)
            guard let index = router.index(named: name) else {
                return (.apiError(400, "Unknown X-Emulator-Fixture '\(name)'",
                                  "X-Emulator-Fixture must be a fixture path relative to the fixtures folder, e.g. place-details/200-typical.json",
                                  style: style), false)
            }
            let fixture = router.fixtures[index]
            if let authStyle, let contract = Contract.named(fixture.contract),
               let refusal = contract.refusal(style: authStyle, version: version) {
                return (Self.refusal(refusal, style: style), true)
            }
            // Live runs send every suggestion as a dry run, whatever its fixture records: a dry run of an applied one
            // still gets that fixture's answer.
            var recorded = fixture.request
            if recorded.query[Endpoint.dryRunParameter] == "false", request.query[Endpoint.dryRunParameter] == "true" {
                recorded.query[Endpoint.dryRunParameter] = "true"
            }
            if let difference = FixtureRouter.differences(recorded, request).first {
                return (.apiError(404, "No fixture matches \(FixtureRouter.describe(request))",
                                  "X-Emulator-Fixture \(fixture.relativePath) does not match: \(difference)", style: style), false)
            }
            return (serve(index, style: style), false)
        }
        let (accepting, refusing) = candidates(style: authStyle, version: version)
        if let generated = configuration.generated {
            for contract in accepting where RequestMatcher.route(method: request.method, path: request.path, in: contract) != nil {
                guard let answer = generated.answer(contract: contract.id, method: request.method, path: request.path) else { continue }
                return (EmulatorResponse(status: answer.status, headers: ["content-type": "application/json", "x-emulator-generated": contract.id.rawValue],
                                         body: answer.body, authStyle: style), false)
            }
        }
        if let index = router.match(request, in: accepting) { return (serve(index, style: style), false) }
        // A request only a refusing contract would answer, by fixture or by route, gets that contract's refusal.
        let routesInAccepting = accepting.contains { RequestMatcher.route(method: request.method, path: request.path, in: $0) != nil }
        for contract in refusing {
            guard let authStyle, let refusal = contract.refusal(style: authStyle, version: version) else { continue }
            if router.match(request, in: [contract]) != nil
                || (!routesInAccepting && RequestMatcher.route(method: request.method, path: request.path, in: contract) != nil) {
                return (Self.refusal(refusal, style: style), true)
            }
        }
        return (router.notFound(request, contracts: accepting, style: style), false)
    }

    /// The contracts a request may be answered from, by the registry's auth rules (a few cached pairs).
    private func candidates(style: AuthStyle?, version: String?) -> (accepting: [Contract], refusing: [Contract]) {
        guard let style else { return (Contract.all, []) }
        return candidateCache[CandidateKey(style: style, version: version)] ?? Contract.candidates(style: style, version: version)
    }

    private struct CandidateKey: Hashable, Sendable {
        var style: AuthStyle
        var version: String?
    }

    /// Every style with each version the registry names, or none.
    private static func makeCandidateCache() -> [CandidateKey: (accepting: [Contract], refusing: [Contract])] {
        var cache: [CandidateKey: (accepting: [Contract], refusing: [Contract])] = [:]
        for style in AuthStyle.allCases {
            for version in Set(Contract.all.map(\.apiVersion)).map(Optional.some) + [nil] {
                cache[CandidateKey(style: style, version: version)] = Contract.candidates(style: style, version: version)
            }
        }
        return cache
    }

    /// A contract's auth refusal in the API's error shape (`{"message"}` only, as the 2025-06-17 API answers).
    private static func refusal(_ refusal: (status: Int, message: String), style: String) -> EmulatorResponse {
        .apiError(refusal.status, refusal.message, nil, style: style)
    }

    /// The closest fixture to an unmatched request (for hints and tests).
    func closestFixture(to request: EmulatorRequest) -> Fixture? { router.closestFixture(to: request) }

    private func serve(_ index: Int, style: String) -> EmulatorResponse {
        let fixture = router.fixtures[index]
        var response = EmulatorResponse(status: fixture.response.status, headers: servedHeaders[index],
                                        body: fixture.response.body.data, fixture: fixture.relativePath, authStyle: style)
        response.fixtureIndex = index
        return response
    }
}
