import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessLive
import HarnessRecord
import LiveTestSupport
import Testing
import TestSupport

/// `record` calls only where the answer can rewrite the file: no call for a status no request provokes unless the
/// emulator is named the file, a 401 asked with the rejected key, and the count before the run is the calls it makes.
/// The server is an in-process stack that keeps what was sent; `RecordCallsEndToEndTests` counts from the emulator's
/// request log.
@Suite struct RecordCallsTests {
    typealias StubStack = StubLiveStack

    static let unprovokable: Set<Int> = [403, 429, 500, 502, 503, 504]

    static func status(ofFile path: String) -> Int? { path.split(separator: "/").last.flatMap { Int($0.prefix(3)) } }

    /// A recorder over a copy of the shipped files `filter` keeps, in `folder`, calling `stack`.
    static func recorder(_ folder: URL, stack: StubStack, fixtureHeader: Bool) -> Recorder {
        var options = LiveOptions(baseURL: StubLiveStack.base, key: StubLiveStack.key, retries: 0, deadline: 600,
                                  selectFixtureHeader: fixtureHeader)
        options.stack = stack
        return Recorder(options: options, fixturesRoot: folder, mode: .all, key: StubLiveStack.key, redactHeaders: [])
    }

    static func load(_ folder: URL) throws -> [LoadedFixture] { try FixtureLoader(root: folder).loadAll() }

    @Test func withNoFixtureHeaderA403A429OrA5xxFixtureIsNeverCalled() async throws {
        try await withTemporaryDirectory { tmp in
            try copyShippedFixtures(to: tmp) { Self.status(ofFile: $0).map(Self.unprovokable.contains) ?? false }
            let existing = try Self.load(tmp)
            #expect(existing.count > 60, "the corpus has its 403, 429 and 5xx files")
            let stack = StubStack { _ in (200, []) }
            let recorder = Self.recorder(tmp, stack: stack, fixtureHeader: false)
            let count = await recorder.count(existing, plan: [])
            let outcomes = await recorder.record(existing, plan: [])
            #expect(stack.requests.isEmpty, "\(stack.requests.map(\.url))")
            #expect(count.total == 0 && count.skipped == existing.count)
            #expect(outcomes.allSatisfy { $0.status == .skipped })
            // One reason per status (and per write the policy does not send), with its count.
            let reasons = count.skippedFor.keys.filter { $0.contains("no request provokes") }
            #expect(Set(reasons.compactMap { $0.firstMatch(of: /provokes a (\d{3})/).map { String($0.output.1) } })
                        .isSuperset(of: ["403", "429", "500", "502", "503"]), "\(count.skippedFor)")
            #expect(count.skippedFor.values.reduce(0, +) == existing.count)
        }
    }

    @Test func aFixtureHeaderNamingTheFileLetsTheEmulatorGiveThem() async throws {
        try await withTemporaryDirectory { tmp in
            try copyShippedFixtures(to: tmp) { $0.hasPrefix("place-search/") && Self.status(ofFile: $0).map(Self.unprovokable.contains) == true }
            let existing = try Self.load(tmp)
            let stack = StubStack { request in (200, [("X-Emulator-Fixture", request.headers["X-Emulator-Fixture"] ?? "")]) }
            let recorder = Self.recorder(tmp, stack: stack, fixtureHeader: true)
            let count = await recorder.count(existing, plan: [])
            _ = await recorder.record(existing, plan: [])
            #expect(!existing.isEmpty && stack.requests.count == existing.count)
            #expect(count.total == stack.requests.count)
        }
    }

    @Test func a401FixtureIsAskedWithTheRejectedKeyNeverTheRealOne() async throws {
        try await withTemporaryDirectory { tmp in
            try copyShippedFixtures(to: tmp) { Self.status(ofFile: $0) == 401 }
            let existing = try Self.load(tmp)
            let stack = StubStack { _ in (401, []) }
            let outcomes = await Self.recorder(tmp, stack: stack, fixtureHeader: false).record(existing, plan: [])
            let writesNotSent = outcomes.filter { $0.status == .skipped }.count
            #expect(stack.requests.count <= existing.count - writesNotSent && !stack.requests.isEmpty)
            for request in stack.requests {
                let authorization = request.headers["Authorization"] ?? ""
                #expect(authorization.hasSuffix(LiveProvocation.rejectedKey.secret), "\(authorization)")
                #expect(!authorization.contains(StubLiveStack.key.secret))
            }
            // The refusal of that key is this fixture's recording: rewritten, not kept as before.
            #expect(outcomes.contains { $0.status == .updated }, "\(outcomes.map { "\($0.relativePath) \($0.status) \($0.notes)" })")
            #expect(!outcomes.contains { $0.status == .kept }, "\(outcomes.filter { $0.status == .kept }.map(\.notes))")
        }
    }

    @Test func namedTheFileTheEmulatorServesA401FixtureWhateverTheKeySoTheRunsKeyGoes() async throws {
        try await withTemporaryDirectory { tmp in
            try copyShippedFixtures(to: tmp) { $0.hasPrefix("place-details/") && Self.status(ofFile: $0) == 401 }
            let existing = try Self.load(tmp)
            let stack = StubStack { request in (401, [("X-Emulator-Fixture", request.headers["X-Emulator-Fixture"] ?? "")]) }
            _ = await Self.recorder(tmp, stack: stack, fixtureHeader: true).record(existing, plan: [])
            #expect(!existing.isEmpty && stack.requests.count == existing.count)
            for request in stack.requests {
                #expect(request.headers["X-Emulator-Fixture"]?.hasSuffix("401-unauthorized.json") == true)
                #expect(request.headers["Authorization"]?.hasSuffix(StubLiveStack.key.secret) == true)
            }
        }
    }

    @Test(arguments: [false, true])
    func theCountBeforeTheRunIsTheCallsTheRunMakes(fixtureHeader: Bool) async throws {
        try await withTemporaryDirectory { tmp in
            try copyShippedFixtures(to: tmp)
            let existing = try Self.load(tmp)
            let stack = StubStack { request in (200, fixtureHeader ? [("X-Emulator-Fixture", request.headers["X-Emulator-Fixture"] ?? "")] : []) }
            let recorder = Self.recorder(tmp, stack: stack, fixtureHeader: fixtureHeader)
            let count = await recorder.count(existing, plan: [])
            _ = await recorder.record(existing, plan: [])
            #expect(count.total == stack.requests.count, "header \(fixtureHeader): \(count.skippedFor)")
            #expect(count.total == recorder.caller.ledger.tally.calls)
            #expect(count.skipped == recorder.caller.ledger.tally.skipped)
            #expect(count.total + count.skipped + count.shared == existing.count)
        }
    }

    /// A server that answers the rejected key 401 whatever the version, a Bearer key 400 (it does not speak
    /// 2025-06-17) and the seed's key style 404: it speaks the seed contract only.
    static func speaksTheSeedOnly() -> StubStack {
        StubStack { request in
            let authorization = request.headers["Authorization"] ?? ""
            if authorization.contains(LiveProvocation.rejectedKey.secret) { return (401, []) }
            return authorization.hasPrefix("Bearer ") ? (400, []) : (404, [])
        }
    }

    @Test func aPlanned401WithNoContractGoesUnderTheContractTheRunsOtherAnswersSpeak() async throws {
        try await withTemporaryDirectory { tmp in
            let plan = [PlanEntry(endpoint: .placeDetails, caseName: "401-rejected-key", placeID: "x", status: 401),
                        PlanEntry(endpoint: .placeDetails, caseName: "404-unknown-place", placeID: "x", status: 404)]
            let outcomes = await Self.recorder(tmp, stack: Self.speaksTheSeedOnly(), fixtureHeader: false).record([], plan: plan)
            // The 404 tried 2025-06-17 (refused, 400), then the seed; the 401, which any version gets, follows it.
            #expect(outcomes.map(\.relativePath) == ["place-details/401-rejected-key.json", "place-details/404-unknown-place.json"],
                    "\(outcomes.map { "\($0.relativePath) \($0.status) \($0.notes)" })")
            #expect(outcomes.allSatisfy { $0.status == .new }, "\(outcomes.map(\.notes))")
        }
    }

    @Test func aPlanned401WithNoContractAndNothingElseAnsweredIsNotGuessed() async throws {
        try await withTemporaryDirectory { tmp in
            let plan = [PlanEntry(endpoint: .placeDetails, caseName: "401-rejected-key", placeID: "x", status: 401)]
            let stack = Self.speaksTheSeedOnly()
            let outcomes = await Self.recorder(tmp, stack: stack, fixtureHeader: false).record([], plan: plan)
            #expect(stack.requests.isEmpty)
            #expect(outcomes.count == 1 && outcomes[0].status == .failed)
            #expect(outcomes.first?.notes.first?.contains("does not say which one the server speaks") == true, "\(outcomes.map(\.notes))")
            #expect(outcomes.first?.notes.first?.contains("--contract") == true)
        }
    }
}
