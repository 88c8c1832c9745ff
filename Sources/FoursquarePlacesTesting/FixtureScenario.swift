import FixtureFormat
import Foundation
import FoursquarePlaces

/// Several fixtures that answer the calls of one test: a user flow such as search, then the top result's details,
/// then its photos.
///
/// ```swift
/// let scenario = try replay.scenario(folder: "scenarios/2025-06-17/nearby-coffee")
/// let feature = NearbyCoffee(client: scenario.client(Contract20250617.self))
/// try await feature.load()
/// try scenario.verifyAllAnswered()   // every fixture was asked for
/// ```
///
/// Each request is matched on its own (method, path, query with set parameters in any order). With
/// ``Order/anyOrder`` the calls may come in any order and a fixture may answer again (a screen that reloads); when two
/// fixtures record the same request, the first one not yet used answers. With ``Order/listed`` each call must be the
/// next fixture's request: for flows whose order is the point (the second page after the first).
public final class FixtureScenario: Sendable {
    /// How the scenario's fixtures may be asked for.
    public enum Order: Sendable, Hashable {
        /// Any order; a fixture may answer more than once.
        case anyOrder
        /// Exactly in the listed order, each fixture once.
        case listed
    }

    /// The fixtures, in the order given.
    public let fixtures: [Fixture]
    /// How they may be asked for.
    public let order: Order
    private let answered: Locked<[Int]>

    /// A scenario of `fixtures`; the order matters only for ``Order/listed`` and for equal requests.
    public init(fixtures: [Fixture], order: Order = .anyOrder) {
        self.fixtures = fixtures
        self.order = order
        answered = Locked(Array(repeating: 0, count: fixtures.count))
    }

    /// A client whose calls this scenario answers (and nothing else: a request no fixture of it records is a
    /// `FoursquareError` with code `.fixtureMismatch`).
    public func client<C: PlacesContract>(_ contract: C.Type = C.self) -> PlacesClient<C> {
        PlacesClient<C>(apiKey: FixtureReplay.replayKey, transport: ScenarioTransport(scenario: self))
    }

    /// The fixtures no call has asked for yet.
    public var unanswered: [Fixture] {
        let counts = answered.current
        return fixtures.indices.filter { counts[$0] == 0 }.map { fixtures[$0] }
    }

    /// Throws `FixtureReplayError.notAnswered` naming the first fixture no call asked for.
    public func verifyAllAnswered() throws(FixtureReplayError) {
        let missing = unanswered
        guard let first = missing.first else { return }
        throw .notAnswered(fixture: first.relativePath, reason: "the scenario's calls never sent its request"
            + (missing.count > 1 ? " (and \(missing.count - 1) more fixture\(missing.count > 2 ? "s" : "") unasked: "
                + missing.dropFirst().map(\.relativePath).joined(separator: ", ") + ")" : ""))
    }

    /// The fixture that answers `request` now, marking it used.
    func answer(_ request: HTTPRequest) throws(FixtureReplayError) -> Fixture {
        let result: Result<Fixture, FixtureReplayError> = answered.withLock { counts in
            switch order {
            case .listed:
                guard let next = counts.firstIndex(of: 0) else {
                    return .failure(.noMatch(request: FixtureTransport.describe(request),
                                             hint: "the scenario's \(fixtures.count) fixtures have all answered"))
                }
                let fixture = fixtures[next]
                guard FixtureTransport.matches(fixture, request) else {
                    return .failure(.notAnswered(
                        fixture: fixture.relativePath,
                        reason: "step \(next + 1) of the scenario; the call sent \(FixtureTransport.describe(request)); "
                            + FixtureTransport.hint(for: request, among: [fixture])))
                }
                counts[next] += 1
                return .success(fixture)
            case .anyOrder:
                let matching = fixtures.indices.filter { FixtureTransport.matches(fixtures[$0], request) }
                guard let chosen = matching.first(where: { counts[$0] == 0 }) ?? matching.last else {
                    return .failure(.noMatch(request: FixtureTransport.describe(request),
                                             hint: FixtureTransport.hint(for: request, among: fixtures)))
                }
                counts[chosen] += 1
                return .success(fixtures[chosen])
            }
        }
        return try result.get()
    }
}

/// Answers from a scenario.
private struct ScenarioTransport: Transport {
    let scenario: FixtureScenario

    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        FixtureTransport.reply(try scenario.answer(request))
    }
}

extension FixtureReplay {
    /// The scenario of the fixtures at `relativePaths`, in that order; throws naming a path no fixture has.
    public func scenario(_ relativePaths: [String], order: FixtureScenario.Order = .anyOrder) throws(FixtureReplayError) -> FixtureScenario {
        var chosen: [Fixture] = []
        for path in relativePaths {
            guard let fixture = fixtures.first(where: { $0.relativePath == path }) else {
                throw .unloadable(["no fixture '\(path)' among the \(fixtures.count) loaded"])
            }
            chosen.append(fixture)
        }
        return FixtureScenario(fixtures: chosen, order: order)
    }

    /// The scenario of every fixture below `folder` (relative to the corpus): the 2xx fixtures first, then the others,
    /// each group in path order, so that where a success and an error record the same request the success answers
    /// first, as with the whole corpus.
    public func scenario(folder: String, order: FixtureScenario.Order = .anyOrder) throws(FixtureReplayError) -> FixtureScenario {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let below = fixtures.filter { $0.relativePath.hasPrefix(prefix) }
        let chosen = below.filter { (200...299).contains($0.response.status) } + below.filter { !(200...299).contains($0.response.status) }
        guard !chosen.isEmpty else { throw .unloadable(["no fixtures below '\(prefix)'"]) }
        return FixtureScenario(fixtures: chosen, order: order)
    }

    /// Runs `call` with a client the scenario at `relativePaths` answers, then checks every fixture was asked for;
    /// returns what `call` returned. A request the scenario does not record fails the call with `.fixtureMismatch`.
    public func answer<C: PlacesContract, Value>(
        scenario relativePaths: [String], order: FixtureScenario.Order = .anyOrder, contract: C.Type = C.self,
        _ call: (PlacesClient<C>) async throws -> Value
    ) async throws -> Value {
        let scenario = try scenario(relativePaths, order: order)
        let value = try await call(scenario.client(C.self))
        try scenario.verifyAllAnswered()
        return value
    }
}
