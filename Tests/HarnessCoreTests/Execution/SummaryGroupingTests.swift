import HarnessCore
import Testing

/// The terminal summary names each cause once: a cause many cases share is one line with its count.
@Suite struct SummaryGroupingTests {
    static let refused = "no answer: cannot connect to http://127.0.0.1:1: Connection refused; is the server running, and is --base-url right?"

    func result(_ path: String, _ verdict: Verdict, check: CheckName = .liveStatus) -> CaseResult {
        CaseResult(endpoint: "chains", fixture: path, auth: .bearer, check: check, verdict: verdict)
    }

    @Test func seventyFiveCasesWithOneCauseAreOneLine() {
        var tally = RunTally()
        for index in 0..<75 {
            tally.add([result("chains/\(index).json", .error(message: Self.refused, detail: "attempts: 1"))], suite: "chains")
        }
        tally.add([result("chains/odd.json", .fail(message: "status: expected 2xx (fixture 200), got 400: Invalid cursor.", detail: ""))],
                  suite: "chains")
        let text = Summary.render(tally)
        #expect(text.contains("  75 cases: \(Self.refused)\n       first: ERROR chains/0.json [bearer] live-status"), "\(text)")
        #expect(text.components(separatedBy: Self.refused).count == 2, "the cause is printed once")
        #expect(text.contains("  FAIL chains/odd.json [bearer] live-status\n       status: expected 2xx (fixture 200), got 400: Invalid cursor."))
        #expect(!text.contains("more in the report"), "every problem is accounted for")
        #expect(text.hasSuffix("0 passed, 1 failed, 75 errors: 76 cases from 76 fixtures"))
    }

    /// Documented-bound cases come from the contract's document, not a fixture, and the totals say so.
    @Test func casesNoFixtureYieldsAreNotCountedAsFromFixtures() {
        var tally = RunTally()
        tally.add([result("chains/a.json", .pass), result("chains/a.json", .pass)], suite: "chains")
        tally.add([result("bounds/limit", .pass), result("bounds/radius", .pass), result("bounds/sort", .pass)],
                  suite: "bounds", fixtures: 0)
        let text = Summary.render(tally)
        #expect(text.hasSuffix("5 passed, 0 failed: 5 cases: 2 from 1 fixture, 3 in bounds (no fixture)"), "\(text)")
    }

    @Test func twoCasesWithOneCauseStayTwoLines() {
        var tally = RunTally()
        for name in ["a", "b"] {
            tally.add([result("chains/\(name).json", .fail(message: "expected notFound, got badRequest", detail: ""), check: .errorMapping)],
                      suite: "chains")
        }
        let text = Summary.render(tally)
        #expect(!text.contains("2 cases:"))
        #expect(text.contains("FAIL chains/a.json [bearer] error-mapping") && text.contains("FAIL chains/b.json [bearer] error-mapping"))
    }

    /// One change the answers show at many array indices is one line at its schema pointer, with the fixtures it
    /// touched, as drift says it.
    @Test func oneChangeAtManyIndicesIsOneLineAtItsPointer() {
        var tally = RunTally()
        for index in 0..<7 {
            let message = "decoding: the model no longer decodes: at $.results[\(index)].distance: expected number, found string"
            tally.add([result("place-search/\(index).json", .fail(message: message, detail: ""), check: .liveDecoding)], suite: "place-search")
        }
        let text = Summary.render(tally)
        #expect(text.contains("  7 cases: decoding: the model no longer decodes: at $.results[*].distance: expected number, found string\n"
                              + "       first: FAIL place-search/0.json [bearer] live-decoding (7 fixtures in all)"), "\(text)")
        #expect(!text.contains("$.results[1]"), "\(text)")
    }

    @Test func problemsPastTheListAreCountedOnce() {
        var tally = RunTally(maxProblems: 3)
        for index in 0..<5 {
            tally.add([result("chains/\(index).json", .fail(message: "cause \(index)", detail: ""))], suite: "chains")
        }
        for index in 0..<4 {
            tally.add([result("chains/g\(index).json", .error(message: Self.refused, detail: ""))], suite: "chains")
        }
        let text = Summary.render(tally)
        // 3 listed, 4 in the group line, 2 left.
        #expect(text.contains("  4 cases: \(Self.refused)"))
        #expect(text.contains("  … and 2 more in the report"), "\(text)")
    }
}
