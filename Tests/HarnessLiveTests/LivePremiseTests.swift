import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import LiveTestSupport
import Testing
import TestSupport

/// A provoked 400 the server accepts is judged by where its rule comes from, declared in the registry: an assumed
/// rule is a premise not held (skipped, not a failure), a documented one a warning (a failure with `--strict`);
/// a rejected key accepted, or a 5xx where a 400 was provoked, still fails.
@Suite struct LivePremiseTests {
    typealias StubStack = StubLiveStack

    static let corpus = ShippedCorpus.loaded

    func run(_ path: String, stack: StubStack, strict: Bool = false, premises: LivePremises? = nil) async throws -> [CaseResult] {
        let fixture = try #require(try Self.corpus.get().first { $0.relativePath == path }, "\(path) is not in the corpus")
        // A deadline no loaded machine reaches: what is judged here is the verdict, not the time.
        var options = LiveOptions(baseURL: LiveProvocationTests.base, key: LiveProvocationTests.key, authStyles: [.bearer],
                                  retries: 0, deadline: 600)
        options.stack = stack
        options.strict = strict
        let caller = LiveCaller(options: options)
        var strategy = LiveStrategy(caller: caller, deadline: RunDeadline(seconds: 600))
        strategy.premises = premises
        let core = ExecutionCore(concurrency: 1, deadline: RunDeadline(seconds: 600))
        return await core.collect(.loaded([fixture]), strategy: strategy).flatMap { $0 }
    }

    static let accepting = StubStack { _ in (200, []) }

    @Test(arguments: [
        ("place-suggest-edit/2025-06-17/400-bad-request.json", "latitude=91"),
        ("places-suggest-place/2025-06-17/400-latitude-out-of-range.json", "latitude=91"),
        ("places-suggest-place/2025-06-17/400-bad-request.json", "longitude=181"),
        ("offline-jobs-status/2025-06-17/400-bad-request.json", "job_ids=not-a-job"),
    ])
    func anAssumedRuleTheServerDoesNotKeepIsAPremiseNotHeld(path: String, sent: String) async throws {
        let premises = LivePremises()
        let results = try await run(path, stack: StubStack { _ in (200, []) }, strict: true, premises: premises)
        #expect(!results.contains { $0.verdict.isProblem }, "\(results)")
        let mapping = try #require(results.first { $0.check == .liveErrorMapping })
        guard case let .skip(reason) = mapping.verdict else { Issue.record("\(mapping)"); return }
        #expect(reason.hasPrefix("premise not held: the server accepted \(sent) (HTTP 200); the 400 mapping was not exercised live"), "\(reason)")
        #expect(premises.premisesNotHeld == 1 && premises.documentedRulesNotKept == 0)
        let lines = premises.lines(strict: true)
        #expect(lines.first?.hasPrefix("premise not held (not a failure): 1 fixture") == true, "\(lines)")
        #expect(lines.contains { $0.contains(path) && $0.contains("fsq-contract record --mode all --accept-status-change") && $0.contains("git rm Fixtures/\(path)") })
    }

    @Test func aDocumentedRuleTheServerDoesNotKeepWarnsAndFailsWithStrict() async throws {
        let path = "place-search/2025-06-17/400-limit-out-of-range.json"
        let premises = LivePremises()
        let warned = try await run(path, stack: StubStack { _ in (200, []) }, premises: premises)
        #expect(!warned.contains { $0.verdict.isProblem }, "\(warned)")
        let mapping = try #require(warned.first { $0.check == .liveErrorMapping })
        guard case let .skip(reason) = mapping.verdict else { Issue.record("\(mapping)"); return }
        #expect(reason.hasPrefix("warning: documented rule not kept: the server accepted limit="), "\(reason)")
        #expect(premises.documentedRulesNotKept == 1)
        #expect(premises.lines(strict: false).first?.hasPrefix("warning (documented rule not kept; --strict fails it): 1 fixture") == true)

        let strict = try await run(path, stack: StubStack { _ in (200, []) }, strict: true)
        let failed = try #require(strict.first { $0.check == .liveErrorMapping })
        guard case let .fail(message, _) = failed.verdict else { Issue.record("\(failed)"); return }
        #expect(message.hasPrefix("documented rule not kept: the server accepted limit=") && message.hasSuffix("(--strict)"), "\(message)")
    }

    @Test func aServerThatKeepsTheRuleStillPasses() async throws {
        let results = try await run("place-suggest-edit/2025-06-17/400-bad-request.json", stack: StubStack { _ in (400, []) })
        #expect(results.allSatisfy { $0.verdict == .pass }, "\(results)")
    }

    @Test func a5xxWhereA400WasProvokedIsNotJudged() async throws {
        // The server's trouble says nothing of the rule: neither kept nor broken, and not green either.
        let results = try await run("place-suggest-edit/2025-06-17/400-bad-request.json", stack: StubStack { _ in (500, []) })
        #expect(!results.isEmpty && results.allSatisfy {
            if case let .skip(reason) = $0.verdict { return reason.hasPrefix("not judged: the server answered 500") } else { return false }
        }, "\(results)")
    }

    @Test func aRejectedKeyAcceptedIsNeverGreenEvenWithARuleless400Elsewhere() async throws {
        // Not the API (its premise): judged by nothing, and never a pass.
        let results = try await run("offline-jobs-status/2025-06-17/401-unauthorized.json", stack: StubStack(acceptsAnyKey: true) { _ in (200, []) }, strict: false)
        #expect(!results.isEmpty && results.allSatisfy { $0.verdict == .skip(reason: CallHealth.notTheAPIReason) }, "\(results)")
    }
}
