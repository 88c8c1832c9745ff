import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import LiveTestSupport
import Testing
import TestSupport

/// Which error each shipped fixture provokes live, which are left to the emulator, and what a run makes of them
/// against a server that is not the emulator (an in-process stack standing in for the network).
@Suite struct LiveProvocationTests {
    typealias StubStack = StubLiveStack
    static let key = StubLiveStack.key
    static let base = StubLiveStack.base

    static func corpus() throws -> [LoadedFixture] { try ShippedCorpus.loaded.get() }

    static func fixture(_ path: String) throws -> LoadedFixture {
        try #require(try corpus().first { $0.relativePath == path }, "\(path) is not in the corpus")
    }

    @Test(arguments: [
        ("place-details/2025-06-17/200-typical.json", LiveProvocation.asRecorded),
        ("place-details/2025-06-17/401-unauthorized.json", .invalidKey),
        ("place-search/2025-06-17/400-limit-out-of-range.json", .invalidInput(parameter: "limit")),
        ("place-search/2025-06-17/400-bad-request.json", .asRecorded),
        ("place-tips/2025-06-17/404-not-found.json", .unknownPlace),
        ("place-details/404-not-found.json", .unknownPlace),
        ("place-search/2025-06-17/404-not-found.json", .emulatorOnly(reason:
            "404 cannot be provoked live on place-search, which takes no place id: checked in replay and against the emulator")),
        ("place-search/2025-06-17/403-forbidden.json", .emulatorOnly(reason:
            "403 cannot be provoked live: checked in replay and against the emulator")),
        ("autocomplete/2025-06-17/429-rate-limited.json", .emulatorOnly(reason:
            "429 cannot be provoked live: checked in replay and against the emulator")),
        ("place-search/502-html-proxy.json", .emulatorOnly(reason:
            "502 cannot be provoked live: checked in replay and against the emulator")),
    ])
    func eachFixtureGetsTheProvocationItsStatusAllows(path: String, expected: LiveProvocation) throws {
        guard case let .fixture(fixture) = try Self.fixture(path) else { Issue.record("\(path) did not load"); return }
        #expect(LiveProvocation.plan(for: fixture) == expected)
    }

    @Test func every2025EndpointHasA401AndA400ProvokedAndA404WhereItTakesAPlaceID() throws {
        var provoked: [Int: Set<EndpointID>] = [:]
        // Synthesized fixtures are replay's; no live verb calls them.
        for case let .fixture(fixture) in try Self.corpus() where fixture.contract == "2025-06-17" && !fixture.isReplayOnly {
            switch LiveProvocation.plan(for: fixture) {
            case .asRecorded where fixture.response.status >= 400, .invalidKey, .invalidInput, .unknownPlace:
                provoked[fixture.response.status, default: []].insert(fixture.endpoint)
            case .emulatorOnly:
                #expect([403, 404, 429, 500, 503].contains(fixture.response.status)
                        || (fixture.response.status == 400 && fixture.endpoint.endpoint.effect != .read), "\(fixture.relativePath)")
            default:
                break
            }
        }
        let all = Set(Contract.v20250617.endpoints.map(\.id))
        #expect(provoked[401] == all)
        // Every read provokes its 400; a write only through an input rule the client checks (expect.invalidInput).
        let writesWithARule = Set(try Self.corpus().compactMap { item -> EndpointID? in
            guard case let .fixture(fixture) = item, fixture.contract == "2025-06-17", fixture.response.status == 400,
                  fixture.expect?.invalidInput != nil, fixture.endpoint.endpoint.effect != .read else { return nil }
            return fixture.endpoint
        })
        #expect(provoked[400] == Set(Contract.v20250617.endpoints.filter { $0.effect == .read }.map(\.id)).union(writesWithARule))
        #expect(writesWithARule.isSuperset(of: [.placeSuggestEdit, .placesSuggestPlace]), "\(writesWithARule)")
        // Every operation with an id in its path (a place or a job) gets its 404 with an id no server has.
        #expect(provoked[404] == Set(Contract.v20250617.endpoints.filter(\.hasPlaceID).map(\.id)))
    }

    @Test func theKeyA401IsProvokedWithIsNeverTheRealOne() {
        #expect(LiveProvocation.invalidKey.key(Self.key) == LiveProvocation.rejectedKey)
        #expect(LiveProvocation.rejectedKey != Self.key)
        #expect(LiveProvocation.asRecorded.key(Self.key) == Self.key)
        #expect(LiveProvocation.invalidInput(parameter: "limit").key(Self.key) == Self.key)
    }

    // MARK: A run against a server that is not the emulator

    func run(_ path: String, stack: StubStack, fixtureHeader: Bool = false) async throws -> [CaseResult] {
        var options = LiveOptions(baseURL: Self.base, key: Self.key, authStyles: [.bearer], retries: 0, deadline: 300,
                                  selectFixtureHeader: fixtureHeader)
        options.stack = stack
        return await LiveRunner(options: options).run([try Self.fixture(path)])
    }

    @Test func a403IsSkippedWithoutACallWhenNoEmulatorCanBeAsked() async throws {
        let stack = StubStack { _ in (200, []) }
        let results = try await run("place-search/2025-06-17/403-forbidden.json", stack: stack)
        #expect(results.count == 1)
        #expect(results.first?.check == .liveErrorMapping)
        #expect(results.first?.verdict == .skip(reason: "403 cannot be provoked live: checked in replay and against the emulator"))
        #expect(stack.requests.isEmpty)
    }

    @Test func a503OnLoopbackIsCheckedOnlyWhenTheEmulatorNamesTheFixtureItServed() async throws {
        let path = "place-search/2025-06-17/503-unavailable.json"
        let standIn = try await run(path, stack: StubStack { _ in (200, []) }, fixtureHeader: true)
        #expect(standIn.map(\.verdict) == [.skip(reason:
            "503 cannot be provoked live: checked in replay and against the emulator (http://127.0.0.1:1 is not the emulator)")])
        let emulator = try await run(path, stack: StubStack { _ in (503, [("X-Emulator-Fixture", path)]) }, fixtureHeader: true)
        #expect(emulator.map(\.check) == [.liveStatus, .liveErrorMapping, .liveContentType])
        #expect(emulator.allSatisfy { $0.verdict == .pass }, "\(emulator)")
    }

    @Test func a503WithNoAnswerAtAllIsAnErrorNotASkip() async throws {
        let stack = StubStack { request in throw LiveTransportError.unreachable(reason: "Connection refused", url: request.url) }
        let results = try await run("place-search/2025-06-17/503-unavailable.json", stack: stack, fixtureHeader: true)
        #expect(results.count == 1 && results.allSatisfy(\.verdict.isProblem), "\(results)")
    }

    @Test func a401IsAskedForWithTheRejectedKeyAndAServerThatTakesItIsNotTheAPI() async throws {
        let path = "place-details/2025-06-17/401-unauthorized.json"
        let refusing = StubStack { _ in (401, []) }
        let passed = try await run(path, stack: refusing)
        #expect(passed.allSatisfy { $0.verdict == .pass }, "\(passed)")
        let sent = try #require(refusing.requests.first)
        #expect(sent.headers["Authorization"] == "Bearer \(LiveProvocation.rejectedKey.secret)")
        #expect(!"\(refusing.requests)".contains(Self.key.secret))

        // A server that takes a key no server accepts is not the API: nothing it answers is judged, and the run's
        // cause (its exit 3) says so.
        let accepting = try await run(path, stack: StubStack(acceptsAnyKey: true) { _ in (200, []) })
        #expect(!accepting.isEmpty && accepting.allSatisfy { $0.verdict == .skip(reason: CallHealth.notTheAPIReason) }, "\(accepting)")
    }

    @Test func invalidInputIsSentAsItIsAroundTheClientsValidation() async throws {
        let stack = StubStack { request in
            (URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.contains { $0.name == "limit" && $0.value == "500" } == true ? 400 : 200, [])
        }
        let results = try await run("place-tips/2025-06-17/400-limit-out-of-range.json", stack: stack)
        #expect(stack.requests.count == 1)
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results)")
    }

    @Test func a404AsksForAPlaceIDNoAPIKnows() async throws {
        let stack = StubStack { request in (request.url.path.contains(LiveProvocation.unknownPlaceID) ? 404 : 200, []) }
        let results = try await run("place-photos/2025-06-17/404-not-found.json", stack: stack)
        #expect(stack.requests.map(\.url.path) == ["/places/\(LiveProvocation.unknownPlaceID)/photos"])
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results)")
    }

    @Test func aCallWithNoAnswerIsOneErrorNamingTheCause() async throws {
        let stack = StubStack { request in
            throw LiveTransportError.unreachable(reason: "Connection refused", url: request.url)
        }
        let results = try await run("place-details/2025-06-17/200-typical.json", stack: stack)
        #expect(results.count == 1)
        #expect(results.first?.check == .liveStatus)
        guard case let .error(message, _)? = results.first?.verdict else { Issue.record("\(results)"); return }
        #expect(message == "no answer: cannot connect to http://127.0.0.1:1: Connection refused; is the server running, and is --base-url right?")
    }
}
