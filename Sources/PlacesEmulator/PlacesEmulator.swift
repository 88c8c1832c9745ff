import ContractHarness
import Foundation
import FoursquarePlaces

/// The emulator's logic without a socket: it loads a fixtures folder and answers requests with auth, routing,
/// 404 hints and faults. `PlacesEmulatorServer` puts it on a port; tests may call `respond(to:)` directly.
///
/// The header `X-Emulator-Fixture: <relative path>` picks one fixture explicitly (the request must still match
/// it, else 404 with a hint); an unknown path gets 400.
public final class PlacesEmulator: Sendable {
    /// Request header naming the fixture to serve.
    public static let fixtureHeader = EmulatorFixtureHeader.name.lowercased()
    /// Request header forcing a fault for this request.
    public static let faultHeader = "x-emulator-fault"

    public let configuration: EmulatorConfiguration
    /// Files skipped as broken, with the reason.
    public let skipped: [FixtureError]
    /// Every fixture served, sorted by relative path.
    public var fixtures: [Fixture] { router.fixtures }

    private let router: FixtureRouter
    private let auth: AuthCheck
    private let faults: FaultInjector
    /// Each fixture's response headers minus the framing ones, computed once.
    let servedHeaders: [[String: String]]

    /// Loads the fixtures; throws when the folder is missing. Each broken file is skipped with one warning line
    /// on the log sink.
    public convenience init(configuration: EmulatorConfiguration) throws(EmulatorConfigurationError) {
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
    public init(configuration: EmulatorConfiguration, fixtures: [Fixture], skipped: [FixtureError] = []) {
        self.configuration = configuration
        self.skipped = skipped
        self.router = FixtureRouter(fixtures: fixtures)
        self.auth = AuthCheck(required: configuration.auth, requiredKey: configuration.requiredKey)
        self.faults = FaultInjector(rules: configuration.faults, seed: configuration.seed)
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
    public func respond(to request: EmulatorRequest) -> EmulatorResponse {
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

        let fault = forced ?? faults.draw()
        if let fault, let replacement = FaultInjector.replacement(fault, style: style, withDetail: true) {
            return replacement
        }
        var response = route(request, style: style)
        FaultInjector.apply(fault, to: &response)
        return response
    }

    /// The fixture response for `request`, or a 404/400 with a hint.
    func route(_ request: EmulatorRequest, style: String) -> EmulatorResponse {
        if let selected = request.header(Self.fixtureHeader) {
            let name = selected.trimmingCharacters(in: .whitespaces)
            guard let index = router.index(named: name) else {
                return .apiError(400, "Unknown X-Emulator-Fixture '\(name)'",
                                 "X-Emulator-Fixture must be a fixture path relative to the fixtures folder, e.g. place-details/200-typical.json",
                                 style: style)
            }
            let fixture = router.fixtures[index]
            if let difference = FixtureRouter.differences(fixture.request, request).first {
                return .apiError(404, "No fixture matches \(FixtureRouter.describe(request))",
                                 "X-Emulator-Fixture \(fixture.relativePath) does not match: \(difference)", style: style)
            }
            return serve(index, style: style)
        }
        if let index = router.match(request) { return serve(index, style: style) }
        return router.notFound(request, style: style)
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
