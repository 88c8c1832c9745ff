import FixtureFormat
import Foundation
import FoursquarePlaces
@testable import HarnessContractChecks
@testable import HarnessCore
@testable import HarnessReplay
import Testing
import TestSupport

/// Coverage is what some case exercised, set against what the documents describe: a gap is named by operation, a
/// departure counts as covered and is listed apart, and the shipped corpus leaves no gap.
@Suite struct ContractCoverageTests {
    static func summary(_ fixtures: [Fixture]) async -> CoverageSummary {
        let collector = CoverageCollector()
        var runner = ReplayRunner(workers: 2)
        runner.strategy.coverage = collector
        _ = await runner.run(fixtures.map(LoadedFixture.fixture))
        return collector.summary
    }

    static func chains(_ body: String, status: Int = 200, headers: [String: String] = ["content-type": "application/json"],
                       expect: ExpectedOutcome? = nil) -> Fixture {
        TestSupport.fixture(query: ["query": "coffee", "limit": "5"], status: status, headers: headers, body: .json(Data(body.utf8)),
                            expect: expect)
    }

    @Test("a member no answer carries with a value is named, by operation")
    func aMemberNoAnswerCarriesIsAGap() async throws {
        let summary = await Self.summary([Self.chains(#"{"results":[]}"#)])
        #expect(summary.contracts == ["seed"], "\(summary.operations.map(\.operation))")
        let chains = try #require(summary.operations.first { $0.operation.endpoint == "chains" && $0.operation.contract == "seed" })
        #expect(chains.exercised.contains(.member("$.results")))
        #expect(chains.missing.contains(.member("$.results[*].fsq_id")), "an empty list exercises none of its elements' members")
        #expect(chains.missingLine.hasPrefix("members: "))
        #expect(summary.line.hasPrefix("coverage: members "))
    }

    @Test("statuses: the documented, the mission's and one no document lists; header forms: styles, Retry-After, Link")
    func statusesAndHeaderForms() async throws {
        let error = #"{"message":"m","error_detail":"d"}"#
        let summary = await Self.summary([
            Self.chains(error, status: 429, headers: ["retry-after": "30"], expect: ExpectedOutcome(error: .rateLimited, retryAfter: 30)),
            Self.chains(error, status: 503, headers: ["retry-after": "Fri, 31 Dec 2100 23:59:59 GMT"], expect: ExpectedOutcome(error: .serverError)),
            Self.chains(error, status: 409, expect: ExpectedOutcome(error: .unexpectedStatus)),
        ])
        let chains = try #require(summary.operations.first { $0.operation.endpoint == "chains" && $0.operation.contract == "seed" })
        #expect(chains.exercised.isSuperset(of: [.status("429"), .status("503"), .status(ContractCoverage.undocumentedStatus),
                                                 .headerForm("Retry-After seconds on 429"), .headerForm("Retry-After HTTP-date on 503"),
                                                 .headerForm("request headers (apiKey)"), .headerForm("request headers (bearer)"),
                                                 .member("error body $.message"), .member("error body $.error_detail")]))
        #expect(chains.missing.contains(.headerForm("Retry-After HTTP-date on 429")))
        #expect(chains.missing.contains(.status("404")))
        #expect(!chains.expected.contains(.headerForm("Link with a next page")), "seed chains is not paged")
        let search = try #require(summary.operations.first { $0.operation.endpoint == "place-search" && $0.operation.contract == "seed" })
        #expect(search.exercised.isEmpty, "no fixture of it ran")
    }

    @Test("a departure counts as covered and is listed apart with its reason")
    func departuresAreListedApart() throws {
        let operation = try #require(DocumentedOperation.named("place-search", contract: .v20250617))
        let (expected, departed) = ContractCoverage.expected(operation)
        #expect(expected.contains(.member("$.results[*].photos")), "modelled since issue 65")
        #expect(!expected.contains(.member("$.results[*].plugins.traversable_again")))
        #expect(departed["$.results[*].plugins.traversable_again"]?.contains("stray") == true)
        #expect(expected.contains(.headerForm("Link with a next page")) && expected.contains(.headerForm("Link without a next page")))
    }

    @Test("the coverage cases fail below the minimum, pass at it with the gaps noted, and are skipped on part of a corpus")
    func coverageCasesFollowTheMinimum() async throws {
        let summary = await Self.summary([Self.chains(#"{"results":[{"fsq_id":"c1","name":"A"}]}"#)])
        let strict = CoverageCheck.results(summary, minimum: { _ in 100 }, judged: nil)
        #expect(strict.contains { if case .fail = $0.verdict { true } else { false } })
        // Above a lowered minimum the gaps are neither a pass nor red: skipped, with what was not exercised.
        let lenient = CoverageCheck.results(summary, minimum: { _ in 0 }, judged: nil)
        #expect(lenient.allSatisfy { if case .fail = $0.verdict { false } else { true } })
        #expect(lenient.contains { if case let .skip(reason) = $0.verdict { reason.contains("not exercised: members") } else { false } })
        #expect(CoverageCheck.properties(summary).contains { $0.0 == "not_exercised.seed.chains" })
    }

    @Test("IMF-fixdate is read; other dates and forms are not")
    func httpDates() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.parse("30") == nil)
        #expect(ContractCoverage.retryAfterForm("30", status: 429) == .headerForm("Retry-After seconds on 429"))
        #expect(ContractCoverage.retryAfterForm("Sun, 06 Nov 1994 08:49:37 GMT", status: 503) == .headerForm("Retry-After HTTP-date on 503"))
    }
}
