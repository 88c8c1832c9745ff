import Foundation
import FoursquarePlaces
import HarnessCore

/// What the reports a person reads (the HTML file, CTRF JSON, the pull-request comment) are made of: every testcase
/// of the run as the JUnit report has it, what each fixture asked and answered, and the run's timing.
///
/// The cases are collected from the same stream that writes the JUnit report, so every count agrees with it.
package struct HumanReport: Sendable {
    /// A testcase's outcome, in JUnit's four words.
    package enum Outcome: String, Sendable, CaseIterable {
        case passed, failed, error, skipped

        init(_ verdict: Verdict) {
            switch verdict {
            case .pass: self = .passed
            case .fail: self = .failed
            case .error: self = .error
            case .skip: self = .skipped
            }
        }
    }

    /// One testcase: the JUnit report's `<testcase>`, with the message and detail of a problem or a skip.
    package struct Case: Sendable, Hashable {
        /// The JUnit suite: the endpoint id.
        package var suite: String
        /// The fixture path, relative to the fixtures folder.
        package var fixture: String
        /// The auth style, or nil for a check run once per fixture.
        package var auth: AuthStyle?
        /// The check (`request`, `decoding`, `live-status`…).
        package var check: String
        /// The case's time, as the JUnit report gives it.
        package var seconds: Double
        /// Passed, failed, error or skipped.
        package var outcome: Outcome
        /// The failure's one-line message, or the skip's reason; empty for a pass.
        package var message: String
        /// Expected versus actual, as the check wrote it; empty unless failed or error.
        package var detail: String
        /// `flaky: passed only after retrying 503 (attempts: 3)`, for a live case that passed after a retry.
        package var flaky: String?

        /// The JUnit testcase name: `place-details/404.json [bearer] request`.
        package var name: String { auth.map { "\(fixture) [\($0)] \(check)" } ?? "\(fixture) \(check)" }

        /// Attempts a flaky case took, read from its `flaky:` note.
        package var attempts: Int? {
            guard let flaky, let match = flaky.firstMatch(of: /attempts: (\d+)/) else { return nil }
            return Int(match.output.1)
        }

        /// The case of one result, as the JUnit writer sees it.
        package init(_ result: CaseResult) {
            suite = result.endpoint
            fixture = result.fixture
            auth = result.auth
            check = result.check.rawValue
            seconds = result.time
            outcome = Outcome(result.verdict)
            switch result.verdict {
            case .pass: message = ""; detail = ""
            case let .fail(m, d), let .error(m, d): message = m; detail = d
            case let .skip(reason): message = reason; detail = ""
            }
            flaky = result.notes?.split(separator: "\n").first { $0.hasPrefix(CaseResult.flakyMarker) }.map(String.init)
        }
    }

    /// What one fixture holds that a reader needs: its cell in the matrix and what to send again.
    package struct FixtureFacts: Sendable, Hashable {
        /// The fixture's contract.
        package var contract: ContractID
        /// The endpoint id: the matrix's row.
        package var endpoint: String
        /// The recorded status: the matrix's column.
        package var status: Int
        /// The recorded request's method.
        package var method: String
        /// Percent-encoded, as sent.
        package var path: String
        /// The recorded query, decoded.
        package var query: [String: String]
        /// `expect.error` (`notFound`), when the fixture names one.
        package var expectedError: String?
        /// The recorded answer's headers and body (pretty JSON, at most `bodyLimit` characters): kept only for
        /// fixtures with a problem, so a run of 10,000 passing fixtures holds none.
        package var responseHeaders: [String: String] = [:]
        /// The recorded body, pretty-printed and cut (problems only).
        package var body: String?

        /// The matrix column: `2xx` for any success, else the status.
        package var column: String { (200...299).contains(status) ? "2xx" : String(status) }

        /// Facts given one by one (tests).
        package init(contract: ContractID, endpoint: String, status: Int, method: String = "GET", path: String,
                    query: [String: String] = [:], expectedError: String? = nil) {
            self.contract = contract
            self.endpoint = endpoint
            self.status = status
            self.method = method
            self.path = path
            self.query = query
            self.expectedError = expectedError
        }

        /// The facts of `fixture`; with `keepAnswer`, its answer too.
        package init(_ fixture: Fixture, keepAnswer: Bool) {
            self.init(contract: fixture.contract, endpoint: fixture.endpoint.rawValue, status: fixture.response.status,
                      method: fixture.request.method, path: fixture.request.path, query: fixture.request.query,
                      expectedError: fixture.expect?.error?.rawValue)
            if keepAnswer {
                responseHeaders = fixture.response.headers
                body = Self.pretty(fixture.response.body.data)
            }
        }

        /// Characters of a recorded body kept for the report.
        package static let bodyLimit = 4000

        static func pretty(_ data: Data) -> String? {
            guard !data.isEmpty else { return nil }
            var text: String
            if let value = JSONValue.parse(data) {
                text = value.foundationText(pretty: true, escapingSlashes: false)
            } else {
                text = String(decoding: data, as: UTF8.self)
            }
            if text.count > bodyLimit { text = String(text.prefix(bodyLimit)) + "\n… (\(data.count) bytes in the fixture)" }
            return text
        }
    }

    /// A phase of the run and the seconds it took.
    package struct Phase: Sendable, Hashable {
        /// The phase, as the timing table names it.
        package var name: String
        /// The case's time, as the JUnit report gives it.
        package var seconds: Double
        /// A phase that took `seconds`.
        package init(_ name: String, _ seconds: Double) { self.name = name; self.seconds = seconds }
    }

    /// `fsq-contract run (replay)`.
    package var title: String
    /// `replay`, `live` or `drift`.
    package var mode: String
    /// The fsq-contract version that wrote the report.
    package var toolVersion = ToolVersion.current
    /// The JUnit report these counts equal.
    package var junitPath: String
    /// The fixtures folder the run read (as given).
    package var fixturesFolder: String
    /// Where a live run called; nil in replay (the reproduce command then uses each contract's own base URL).
    package var baseURL: String?
    /// The bearer style's `X-Places-Api-Version`, where a contract does not fix it.
    package var apiVersion: String = FoursquareClient.defaultAPIVersion
    /// When the run began.
    package var started: Date
    /// When the run ended.
    package var finished: Date
    /// Every testcase, in the JUnit report's order.
    package var cases: [Case]
    /// Per fixture path.
    package var facts: [String: FixtureFacts]
    /// The run's phases and their seconds.
    package var phases: [Phase] = []
    /// A live run's calls: `calls: 42 made, …` (`CallLedger.line`); nil in replay.
    package var callsLine: String?
    /// The drift changelog; nil outside drift.
    package var drift: DriftChangelog?

    /// A report of `cases`, with the facts of the fixtures behind them.
    package init(title: String, mode: String, junitPath: String, fixturesFolder: String, started: Date, finished: Date,
                cases: [Case], facts: [String: FixtureFacts]) {
        self.title = title
        self.mode = mode
        self.junitPath = junitPath
        self.fixturesFolder = fixturesFolder
        self.started = started
        self.finished = finished
        self.cases = cases
        self.facts = facts
    }

    /// Counts per outcome over every case.
    package var totals: [Outcome: Int] {
        var totals: [Outcome: Int] = [:]
        for c in cases { totals[c.outcome, default: 0] += 1 }
        return totals
    }

    /// The failed and errored cases, in run order.
    package var problems: [Case] { cases.filter { $0.outcome == .failed || $0.outcome == .error } }

    /// This report with the key (in each of its forms) and credential headers replaced in every value, before any
    /// value is escaped into a document.
    package func redacted(_ redactor: Redactor) -> HumanReport {
        var copy = self
        let text = redactor.text
        copy.title = text(title)
        copy.baseURL = baseURL.map(text)
        copy.callsLine = callsLine.map(text)
        copy.cases = cases.map { c in
            var c = c
            c.message = text(c.message)
            c.detail = text(c.detail)
            c.flaky = c.flaky.map(text)
            return c
        }
        copy.facts = facts.mapValues { f in
            var f = f
            f.path = text(f.path)
            f.query = f.query.mapValues(text)
            f.responseHeaders = redactor.headerMap(f.responseHeaders)
            f.body = f.body.map(text)
            return f
        }
        copy.drift = drift.map { d in
            var d = d
            d.headline = text(d.headline)
            d.changes = d.changes.map { change in
                var change = change
                change.field = text(change.field)
                change.phrase = text(change.phrase)
                return change
            }
            d.baseline = d.baseline.map { entry in
                var entry = entry
                entry.fingerprint = text(entry.fingerprint)
                entry.reason = text(entry.reason)
                return entry
            }
            return d
        }
        return copy
    }

    /// The slowest cases of a live run (its calls), slowest first.
    package func slowest(_ count: Int = 10) -> [Case] {
        Array(cases.filter { $0.seconds > 0 }.sorted { $0.seconds > $1.seconds }.prefix(count))
    }
}

/// Collects a run's cases as the JUnit stream takes them, and each fixture's facts as its jobs run.
package final class HumanReportCollector: Sendable {
    private struct State {
        var cases: [HumanReport.Case] = []
        var facts: [String: HumanReport.FixtureFacts] = [:]
    }

    private let state = Locked(State())
    private let isOn: Bool

    /// A collector that keeps what it is given.
    package init() { isOn = true }

    private init(on: Bool) { isOn = on }

    /// A collector that keeps nothing: what a run that wants no human report watches with.
    package static let off = HumanReportCollector(on: false)

    /// Adds one fixture's results, as `ReportStream.add` writes them.
    package func add(_ results: [CaseResult]) {
        guard isOn else { return }
        let cases = results.map(HumanReport.Case.init)
        state.withLock { $0.cases.append(contentsOf: cases) }
    }

    /// Notes what `fixture` holds; its answer is kept when one of `results` is a problem.
    package func note(_ fixture: Fixture, _ results: [CaseResult]) {
        note(fixture, keepAnswer: results.contains { $0.verdict.isProblem })
    }

    /// Notes what `fixture` holds, with its answer when `keepAnswer`.
    package func note(_ fixture: Fixture, keepAnswer: Bool) {
        guard isOn else { return }
        state.withLock { state in
            if !keepAnswer, state.facts[fixture.relativePath] != nil { return }
            state.facts[fixture.relativePath] = HumanReport.FixtureFacts(fixture, keepAnswer: keepAnswer)
        }
    }

    /// Notes every loaded fixture (drift, which has them in memory), keeping the answers of `problemFixtures`.
    package func note(_ loaded: [LoadedFixture], problemFixtures: Set<String>) {
        for item in loaded {
            if case let .fixture(fixture) = item {
                note(fixture, keepAnswer: problemFixtures.contains(fixture.relativePath))
            }
        }
    }

    /// The cases and facts collected so far.
    package var collected: (cases: [HumanReport.Case], facts: [String: HumanReport.FixtureFacts]) {
        state.withLock { ($0.cases, $0.facts) }
    }

    /// Wraps a strategy so each fixture's facts are noted as its jobs run.
    package func watching<Base: RunStrategy>(_ base: Base) -> Watching<Base> where Base.Output == [CaseResult] {
        Watching(base: base, collector: self)
    }

    /// A strategy that runs `base` and notes each fixture it ran.
    package struct Watching<Base: RunStrategy>: RunStrategy where Base.Output == [CaseResult] {
        let base: Base
        let collector: HumanReportCollector

        /// The base strategy's jobs.
        package func jobs(for fixture: Fixture) -> [AuthStyle?] { base.jobs(for: fixture) }
        /// Runs the job in the base strategy and notes its fixture.
        package func run(_ job: Job) async -> [CaseResult] {
            let results = await base.run(job)
            collector.note(job.fixture, results)
            return results
        }
        /// The base strategy's case for a broken file.
        package func broken(path: String, suite: String, error: FixtureError) -> [CaseResult] { base.broken(path: path, suite: suite, error: error) }
        /// The base strategy's case for a job the deadline stopped; the fixture is noted.
        package func notRun(_ job: Job, deadline: RunDeadline) -> [CaseResult] {
            collector.note(job.fixture, [])
            return base.notRun(job, deadline: deadline)
        }
        /// The base strategy's problem count.
        package func problems(in output: [CaseResult]) -> Int { base.problems(in: output) }
    }
}
