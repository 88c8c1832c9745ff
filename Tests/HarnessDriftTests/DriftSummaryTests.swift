import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessDrift
import Testing

@Suite struct DriftSummaryTests {
    func result(_ fixture: String, _ auth: AuthStyle = .bearer, contract: ContractID = .seed, recorded: Int = 200, live: Int? = 200,
                _ changes: [DriftChange] = []) -> DriftResult {
        DriftResult(fixture: fixture, endpoint: String(fixture.split(separator: "/")[0]), contract: contract, auth: auth,
                    changes: changes, recordedStatus: recorded, liveStatus: live, problem: live == nil ? "connection refused" : nil,
                    seconds: 0)
    }

    let removed = DriftChange(path: "$.results[*].name", kind: .removed, grade: .err, detail: "removed from 2 of 3 elements (was string); the model requires it")
    let removedAll = DriftChange(path: "$.results[*].name", kind: .removed, grade: .err, detail: "removed from 3 of 3 elements (was string); the model requires it")
    let added = DriftChange(path: "$.rating", kind: .added, grade: .info, detail: "added (number); the model does not read it")

    /// An operation refused with 401 while the others answer fixes none of its baseline entries: the refusal says
    /// nothing about its findings, so `--update-baseline` keeps them.
    @Test func aRefusedOperationFixesNoneOfItsEntries() {
        let entry = Baseline.Entry(fingerprint: "seed/chains drift $.results[*].name removed", reason: "known", expires: "never")
        let other = Baseline.Entry(fingerprint: "seed/categories drift $.x removed", reason: "known", expires: "never")
        var run = DriftRun()
        run.results = [result("chains/a.json", live: 401), result("chains/401.json", recorded: 401, live: 401), result("categories/a.json")]
        let use = BaselineUse(Baseline(entries: [entry, other]))
        _ = DriftReport.caseResults(run, baseline: use)
        #expect(use.fixed == [other])
    }

    /// A change the baseline holds reads as known on the next night: its line, the contract's line and the headline
    /// say so, so a green night does not print a breaking change as news. A new change beside it is not marked.
    @Test func aChangeTheBaselineHoldsIsMarkedKnown() {
        var run = DriftRun()
        let renamed = DriftChange(path: "$.results[*].distance", kind: .typeChanged, grade: .err, detail: "number → string")
        run.results = ["chains/a.json", "chains/b.json"].map { result($0, .bearer, [removedAll, renamed]) }
        let fingerprint = { (change: DriftChange) in
            Baseline.fingerprint(contract: .seed, endpoint: "chains", check: "drift", path: change.path, kind: change.kind.rawValue)
        }
        var summary = DriftSummary(run)
        #expect(!summary.terminal().contains("known in the baseline"))
        summary.baseline = ([fingerprint(removedAll)], [fingerprint(renamed)])
        let text = summary.terminal()
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.contains("$.results[*].name: removed") && $0.hasSuffix("— known in the baseline, not failing") }, "\(text)")
        #expect(lines.contains { $0.contains("$.results[*].distance") && !$0.contains("known") }, "\(text)")
        #expect(text.contains("(2 breaking changes, 1 known in the baseline)"), "\(text)")
        #expect(text.contains("drift: 2 breaking (1 known in the baseline)"), "\(text)")
        summary.baseline = ([fingerprint(removedAll), fingerprint(renamed)], [])
        #expect(summary.terminal().contains("(2 breaking changes, known in the baseline)"), "\(summary.terminal())")
    }

    /// A green night whose document breaks are all in the baseline says so on the contract line, not "but N answers
    /// break its OpenAPI document" as if they were news.
    @Test func documentBreaksTheBaselineHoldsAreSaidKnown() {
        var run = DriftRun()
        run.results = ["chains/a.json", "chains/b.json"].map { fixture in
            var call = result(fixture)
            call.conformance = CaseResult(endpoint: "chains", fixture: fixture, auth: .bearer, check: .liveOpenapi,
                                          verdict: .fail(message: "breaks the OpenAPI document", detail: ""))
            return call
        }
        var summary = DriftSummary(run)
        #expect(summary.contractLine == "the server answers seed as recorded (0 breaking drift), but 2 answers break its OpenAPI document")
        summary.knownDocumentBreaks = [DriftSummary.answerKey(fixture: "chains/a.json", auth: .bearer)]
        #expect(summary.contractLine.hasSuffix("but 2 answers break its OpenAPI document (1 of them only in ways the baseline knows)"), "\(summary.contractLine)")
        summary.knownDocumentBreaks.insert(DriftSummary.answerKey(fixture: "chains/b.json", auth: .bearer))
        #expect(summary.contractLine == "the server answers seed as recorded (0 breaking drift); 2 answers break its OpenAPI document, all known in the baseline")
    }

    @Test func theSameChangeAcrossFixturesAndStylesIsOneLineWithACountAndTwoExamples() {
        var run = DriftRun()
        run.results = ["chains/a.json", "chains/b.json", "chains/c.json"].flatMap { fixture in
            AuthStyle.allCases.map { result(fixture, $0, [added, fixture == "chains/a.json" ? removed : removedAll]) }
        }
        let summary = DriftSummary(run)
        #expect(summary.groups.count == 2)
        #expect(summary.groups.first?.grade == .err, "worst first")
        #expect(summary.groups.first?.calls == 6 && summary.groups.first?.fixtures.count == 3)
        let markdown = summary.markdown(baseURL: "http://127.0.0.1:1")
        let line = markdown.split(separator: "\n").first { $0.contains("$.results[*].name") }
        #expect(line?.contains("| 6 |") == true && line?.contains("chains/a.json, chains/b.json |") == true, "\(markdown)")
        #expect(!markdown.contains("chains/c.json"))
    }

    @Test func aServerThatIsDownIsOneReasonOverEveryFixtureAndNoContractIsClaimed() {
        var run = DriftRun()
        run.results = ["chains/a.json", "chains/b.json", "chains/c.json"].flatMap { fixture in
            AuthStyle.allCases.map {
                var call = result(fixture, $0, live: nil)
                call.problem = "transport failed: cannot connect to http://127.0.0.1:1: Connection refused [GET http://127.0.0.1:1/places/chains?query=\(fixture)]"
                return call
            }
        }
        let summary = DriftSummary(run)
        #expect(summary.unanswered.count == 1, "the request each message names is not part of the reason")
        #expect(summary.unanswered.first?.fixtures.count == 6)
        #expect(summary.contractLine == "which contract the server speaks is unknown: no call got an answer that could be compared")
        let markdown = summary.markdown(baseURL: "http://127.0.0.1:1")
        #expect(markdown.contains(": 6 cases (chains/a.json, chains/b.json, … (3 fixtures))"), "\(markdown)")
    }

    @Test func aStyleRefusedEverywhereIsOneLineAndItsCallsAreNotGradedAsShapes() {
        var run = DriftRun()
        let status = DriftChange(path: "status", kind: .status, grade: .err, detail: "status class changed: recorded 200, live 401")
        run.results = [result("chains/a.json", .apiKey, live: 401, [status]), result("chains/401.json", .apiKey, recorded: 401, live: 401),
                       result("categories/a.json", .apiKey, live: 401, [status]), result("chains/a.json", .bearer)]
        let summary = DriftSummary(run)
        #expect(summary.refusals.map(\.auth) == [.apiKey])
        #expect(summary.groups.isEmpty)
        #expect(summary.breaking == 1)
        #expect(summary.terminal().contains("apiKey: 401 on every endpoint (3 cases, 2 endpoints)"))
    }

    @Test func unreproducibleErrorFixturesHaveTheirOwnSectionAndNoRows() {
        var run = DriftRun()
        let status = DriftChange(path: "status", kind: .status, grade: .err, detail: "status class changed: recorded 404, live 200")
        run.results = [result("chains/404.json", recorded: 404, live: 200, [status]), result("chains/500.json", recorded: 500, live: 200, [status])]
        let summary = DriftSummary(run)
        #expect(summary.groups.isEmpty && summary.breaking == 0)
        #expect(summary.unreproduced.map(\.recorded) == [404, 500])
        #expect(summary.markdown(baseURL: "x").contains(
            "(kept, not compared): recorded 404, answered 200: 1 fixture; recorded 500, answered 200: 1 fixture (chains/404.json, chains/500.json)"))
        let cases = DriftReport.caseResults(run)
        #expect(cases.allSatisfy { if case .skip = $0.verdict { true } else { false } })
    }

    @Test func anErrorFixtureAnsweredWithARefusalIsAnErrorNotAPass() {
        var run = DriftRun()
        run.results = [result("chains/404.json", recorded: 404, live: 401), result("chains/401.json", recorded: 401, live: 401)]
        let cases = DriftReport.caseResults(run)
        guard case let .error(message, _) = cases[0].verdict else { Issue.record("\(cases[0].verdict)"); return }
        #expect(message.contains("refused the bearer style or the key with HTTP 401 where the fixture recorded 404"))
        #expect(cases[1].verdict == .pass, "a recorded 401 answered 401 is what the fixture says")
    }

    @Test func theContractWithNoBreakingChangeIsTheOneTheServerSpeaks() {
        var run = DriftRun()
        run.results = [result("chains/a.json", .bearer, [removed]), result("place-search/b.json", .bearer, contract: "2025-06-17", [added])]
        let summary = DriftSummary(run)
        #expect(summary.spokenContract == "2025-06-17")
        #expect(summary.contractLine == "the server speaks 2025-06-17 (0 breaking); seed: 1 breaking change")
    }

    @Test func callsThatAllFailedNeverSayNoChanges() {
        var run = DriftRun()
        run.results = [result("chains/a.json", live: nil), result("chains/b.json", live: nil)]
        let text = DriftSummary(run).terminal()
        #expect(!text.contains("no changes"))
        #expect(text.contains("2 got no answer, so their drift is unknown"), "\(text)")
    }

    @Test func aRemovedAndAnAddedKeyOfTheSameTypeAndValuesIsARename() throws {
        let fixture = Fixture(relativePath: "place-search/a.json", endpoint: .placeSearch, request: RecordedRequest(path: "/places/search"),
                              response: RecordedResponse(status: 200, headers: ["content-type": "application/json"],
                                                         body: .json(Data(#"{"results":[{"fsq_id":"a1","name":"A","x":"u"},{"fsq_id":"b2","name":"B","x":"v"}]}"#.utf8))),
                              recorded: .authored)
        let live = #"{"results":[{"fsq_place_id":"a1","name":"A","y":"p","z":"q"},{"fsq_place_id":"b2","name":"B","y":"r","z":"s"}]}"#
        let changes = DriftDiff.compare(fixture: fixture, status: 200, contentType: "application/json", body: Data(live.utf8))
        let rename = try #require(changes.first { $0.kind == .renamed })
        #expect(rename.path == "$.results[*].fsq_id" && rename.grade == .err)
        #expect(rename.detail.hasPrefix("renamed `fsq_id` → `fsq_place_id` (string)"))
        #expect(!changes.contains { $0.path == "$.results[*].fsq_place_id" })
        // `x` → `y` or `z`: two candidates and no shared values, so no rename is claimed.
        #expect(changes.contains { $0.path == "$.results[*].x" && $0.kind == .removed })
    }

    @Test func withoutSharedValuesTheOneAddedKeyThatKeepsTheOldNamesPartsIsTheRename() throws {
        let fixture = Fixture(relativePath: "place-search/a.json", endpoint: .placeSearch, request: RecordedRequest(path: "/places/search"),
                              response: RecordedResponse(status: 200, headers: ["content-type": "application/json"],
                                                         body: .json(Data(#"{"results":[{"fsq_id":"a1","name":"A"}]}"#.utf8))),
                              recorded: .authored)
        let live = #"{"results":[{"fsq_place_id":"zz","name":"A","date_created":"2020","link":"/x"}]}"#
        let changes = DriftDiff.compare(fixture: fixture, status: 200, contentType: "application/json", body: Data(live.utf8))
        #expect(changes.contains { $0.kind == .renamed && $0.detail.hasPrefix("renamed `fsq_id` → `fsq_place_id`") }, "\(changes)")
        #expect(changes.contains { $0.path == "$.results[*].date_created" && $0.kind == .added })
    }

    /// A key missing from only some elements live is data, not a rival for the rename: with it, drift once said
    /// `removed` for a renamed field of a multi-element array and `renamed` for the same field of a lone element.
    @Test func aKeyMissingFromSomeElementsDoesNotHideARenameInAnArray() throws {
        // 2025-06-17's model requires the place id: a required member gone, one undocumented key in its place.
        let fixture = Fixture(relativePath: "place-search/2025-06-17/a.json", endpoint: .placeSearch, contract: .v20250617,
                              request: RecordedRequest(path: "/places/search"),
                              response: RecordedResponse(status: 200, headers: ["content-type": "application/json"],
                                                         body: .json(Data(#"{"results":[{"fsq_place_id":"a1","name":"A","tel":"1"},{"fsq_place_id":"b2","name":"B","tel":"2"}]}"#.utf8))),
                              recorded: .authored)
        let live = #"{"results":[{"place_id":"c3","name":"C","tel":"3"},{"place_id":"d4","name":"D"}]}"#
        let changes = DriftDiff.compare(fixture: fixture, status: 200, contentType: "application/json", body: Data(live.utf8))
        #expect(changes.contains { $0.path == "$.results[*].fsq_place_id" && $0.kind == .renamed
            && $0.detail.hasPrefix("renamed `fsq_place_id` → `place_id` (string)") }, "\(changes)")
        #expect(changes.contains { $0.path == "$.results[*].tel" && $0.kind == .removed && $0.detail.hasPrefix("absent from 1 of 2 elements") })
        #expect(!changes.contains { $0.path == "$.results[*].place_id" })
    }
}

@Suite struct DriftSectionTests {
    func result(_ fixture: String, contract: ContractID, auth: AuthStyle = .bearer, recorded: Int = 200, live: Int = 200,
                _ changes: [DriftChange] = []) -> DriftResult {
        DriftResult(fixture: fixture, endpoint: String(fixture.split(separator: "/")[0]), contract: contract, auth: auth,
                    changes: changes, recordedStatus: recorded, liveStatus: live)
    }

    let warn = DriftChange(path: "$.timezone", kind: .removed, grade: .warn, detail: "removed (was string); the model reads it as optional")
    let warnOften = DriftChange(path: "$.geocodes", kind: .removed, grade: .warn, detail: "removed (was object); the model reads it as optional")
    let err = DriftChange(path: "$.name", kind: .removed, grade: .err, detail: "removed (was string); the model requires it")
    let status = DriftChange(path: "status", kind: .status, grade: .err, detail: "status class changed: recorded 200, live 404")

    var run: DriftRun {
        var run = DriftRun()
        run.results = [
            result("chains/200-a.json", contract: "seed", live: 404, [status]), result("chains/200-b.json", contract: "seed", live: 404, [status]),
            result("chains/404-c.json", contract: "seed", recorded: 404, live: 404),
            result("place-details/200-a.json", contract: "seed", [err]),
            result("place-details/2025-06-17/200-a.json", contract: "2025-06-17", [warn, warnOften]),
            result("place-details/2025-06-17/200-b.json", contract: "2025-06-17", [warnOften]),
        ]
        return run
    }

    @Test func eachContractIsASectionWithItsOwnCountsTheSpokenOneFirst() {
        let summary = DriftSummary(run)
        #expect(summary.sections.map(\.contract) == ["2025-06-17", "seed"])
        #expect(summary.sections.map(\.headline) == ["2025-06-17: 0 breaking, 2 warnings", "seed: 2 breaking, 0 warnings"])
        let markdown = summary.markdown(baseURL: "x")
        #expect(markdown.contains("#### 2025-06-17: 0 breaking, 2 warnings") && markdown.contains("#### seed: 2 breaking, 0 warnings"))
        // Sorted by grade, then by calls: the warning two fixtures showed comes before the one one fixture showed.
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| WARN") }
        #expect(rows.first?.contains("$.geocodes") == true && rows.last?.contains("$.timezone") == true, "\(rows)")
        let terminal = summary.terminal()
        #expect(terminal.contains("2025-06-17: 0 breaking, 2 warnings (the server speaks it)\n  WARN $.geocodes"), "\(terminal)")
    }

    @Test func theProjectsLiveContractComesFirstWhateverTheServerSpeaks() {
        #expect(DriftSummary(run, preferred: ["seed"]).sections.map(\.contract) == ["seed", "2025-06-17"])
    }

    @Test func anEndpointAnswering404EverywhereIsOneGoneLineAndNotAStatusChangePerCall() {
        let summary = DriftSummary(run)
        let seed = summary.sections[1].summary
        #expect(seed.gone.map(\.request) == ["GET /places/chains"])
        #expect(seed.gone.first?.calls == 3)
        #expect(!seed.groups.contains { $0.path == "status" }, "the gone endpoint's calls are not graded one by one")
        #expect(summary.terminal().contains("ERR  gone: GET /places/chains — 404 on every call [3 cases;"), "\(summary.terminal())")
        #expect(summary.breaking == 2)
    }
}
