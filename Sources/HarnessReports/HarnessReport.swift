import Foundation
import FoursquarePlaces
import HarnessCore
import JUnitXML

/// How a run writes its JUnit report: one `<testsuite>` per endpoint, one `<testcase>` per result.
package struct HarnessReport: Sendable {
    /// Shared properties for every suite (mode, auth styles, tool version…).
    package var properties: [(String, String)]
    package var options: ReportWriterOptions
    /// Properties that differ per suite (drift's grade counts), after the shared ones.
    package var suiteProperties: (@Sendable (String) -> [(String, String)])?

    /// The writer options the CLI uses. The Ant (windyroad) schema allows no attributes on `<testsuites>`
    /// and Jenkins' xUnit schema no `skipped` there, so by default the root carries none and consumers sum
    /// the suites; `rootTotals` adds the Jenkins-compatible totals.
    package static func writerOptions(fileAttributes: Bool = false, rootTotals: Bool = false) -> ReportWriterOptions {
        ReportWriterOptions(includeFileAttributes: fileAttributes, rootAttributes: rootTotals ? .jenkinsXUnit : .none)
    }

    package init(properties: [(String, String)], options: ReportWriterOptions = HarnessReport.writerOptions()) {
        self.properties = properties
        self.options = options
    }

    /// Writes results already in memory (drift), grouped by endpoint in catalog order, atomically.
    package func write(_ results: [CaseResult], to path: String, fixturesRoot: String? = nil) throws {
        let stream = try ReportStream(report: self, path: path, fixturesRoot: fixturesRoot)
        let grouped = Dictionary(grouping: results, by: \.endpoint)
        for suite in SuiteOrder.of(grouped.keys) {
            var fixture: [CaseResult] = []
            for result in grouped[suite] ?? [] {
                if let first = fixture.first, first.fixture != result.fixture {
                    stream.add(fixture, suite: suite)
                    fixture = []
                }
                fixture.append(result)
            }
            if !fixture.isEmpty { stream.add(fixture, suite: suite) }
        }
        try stream.finish()
    }

    static func outcome(_ result: CaseResult) -> TestOutcome {
        switch result.verdict {
        case .pass: return .passed
        case let .fail(message, detail):
            return .failure(TestProblem(message: message, type: result.check.rawValue, text: detail))
        case let .error(message, detail):
            return .error(TestProblem(message: message, type: result.check.rawValue, text: detail))
        case let .skip(reason): return .skipped(message: reason)
        }
    }
}

/// A report written as results arrive, one fixture at a time, with flat memory; the tally is kept beside it.
///
/// Thread-safe, so that a watchdog thread can close the report at the deadline while the run is stuck.
package final class ReportStream: Sendable {
    private struct State {
        var writer: StreamingReportWriter?
        var openSuite: String?
        var notes: [String] = []
        var suiteFixtures = 0
        var tally = RunTally()
        var jobPage: JobPageCollector?
        var closed = false
        /// Why the report could not be written, if it could not.
        var failure: String?
    }

    private let state: Locked<State>
    private let report: HarnessReport
    private let fixturesRoot: String?
    private let timestamp = UTCTimestamp.now()
    private let hostname = ProcessInfo.processInfo.hostName
    package let path: String
    /// Takes every case the report takes, for the HTML and CTRF reports (nil when none is asked for).
    package let human: HumanReportCollector?

    /// Opens the report at `path`. If it cannot be opened, `init` throws; use `orTally` to keep counting anyway.
    package init(report: HarnessReport, path: String, fixturesRoot: String? = nil, jobPage: JobPageCollector? = nil,
                human: HumanReportCollector? = nil) throws {
        self.report = report
        self.path = path
        self.fixturesRoot = fixturesRoot
        self.human = human
        let writer = try Self.open(path: path, options: report.options)
        state = Locked(State(writer: writer, jobPage: jobPage))
    }

    /// A stream that could not open its file: it still tallies, and `failure` says why nothing was written.
    package init(report: HarnessReport, path: String, failure: String, jobPage: JobPageCollector? = nil,
                human: HumanReportCollector? = nil) {
        self.report = report
        self.path = path
        fixturesRoot = nil
        self.human = human
        state = Locked(State(writer: nil, jobPage: jobPage, failure: failure))
    }

    static func open(path: String, options: ReportWriterOptions) throws -> StreamingReportWriter {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        return try StreamingReportWriter(path: path, reportName: "fsq-contract", options: options)
    }

    /// Why the report was not written, or nil.
    package var failure: String? { state.withLock { $0.failure } }

    /// What the CI job page needs, collected as results streamed (empty when none was asked for).
    package var jobPage: JobPageCollector { state.withLock { $0.jobPage ?? JobPageCollector() } }

    /// The counts so far.
    package var tally: RunTally { state.withLock { $0.tally } }

    /// Adds one fixture's results to `suite` (`fixtures: 0` for cases no fixture yields); ignored once the report is closed.
    @discardableResult
    package func add(_ results: [CaseResult], suite: String, fixtures: Int = 1) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.tally.add(results, suite: suite, fixtures: fixtures)
            human?.add(results)
            if state.jobPage != nil { for result in results { state.jobPage!.add(result) } }
            guard state.writer != nil else { return true }
            do {
                if state.openSuite != suite {
                    try closeSuite(&state)
                    try state.writer!.beginSuite(TestSuite(
                        name: suite, timestamp: timestamp, hostname: hostname,
                        properties: (report.properties + (report.suiteProperties?(suite) ?? [])).map { Property(name: $0.0, value: $0.1) },
                        package: "fsq-contract"))
                    state.openSuite = suite
                }
                state.suiteFixtures += 1
                for result in results {
                    if let notes = result.notes {
                        state.notes.append("\(result.name): \(notes.replacingOccurrences(of: "\n", with: "\n    "))")
                    }
                    try state.writer!.add(testCase(result))
                }
            } catch {
                fail(&state, error)
            }
            return true
        }
    }

    /// Writes the report atomically; afterwards `add` is ignored. Throws the first write failure, if any.
    package func finish() throws {
        let failure = state.withLock { state -> String? in
            guard !state.closed else { return state.failure }
            state.closed = true
            if state.writer != nil {
                do {
                    try closeSuite(&state)
                    try state.writer!.finish()
                    state.writer = nil
                } catch {
                    fail(&state, error)
                }
            }
            return state.failure
        }
        if let failure { throw ReportWriteFailure(path: path, reason: failure) }
    }

    private func closeSuite(_ state: inout State) throws {
        guard state.openSuite != nil, let writer = state.writer else { return }
        let notes = state.notes.joined(separator: "\n")
        let fixtures = state.suiteFixtures
        // Notes go to the suite's system-out: the Ant schema allows none on a testcase.
        try writer.amendSuite { suite in
            suite.systemOut = notes
            suite.properties.append(Property(name: "fixtures", value: String(fixtures)))
        }
        try writer.endSuite()
        state.openSuite = nil
        state.notes = []
        state.suiteFixtures = 0
    }

    private func fail(_ state: inout State, _ error: any Error) {
        state.writer?.abandon()
        state.writer = nil
        if state.failure == nil { state.failure = Self.describe(error) }
    }

    /// One line for a write failure, without Foundation's domain and code noise.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? JUnitXMLError { return error.reason }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        switch (nsError.domain, nsError.code) {
        case (NSCocoaErrorDomain, NSFileWriteNoPermissionError), (NSCocoaErrorDomain, NSFileReadNoPermissionError):
            return "permission denied"
        case (NSCocoaErrorDomain, NSFileWriteFileExistsError): return "a file is in the way of a folder on the path"
        default: return nsError.localizedDescription
        }
    }

    func testCase(_ result: CaseResult) -> TestCase {
        var testCase = TestCase(name: result.name, classname: result.endpoint, time: result.time,
                                outcome: HarnessReport.outcome(result))
        if report.options.includeFileAttributes, let fixturesRoot {
            testCase.file = (fixturesRoot as NSString).appendingPathComponent(result.fixture)
            testCase.line = 1
        }
        return testCase
    }
}

/// The report could not be written: the path and the reason, in one line.
package struct ReportWriteFailure: Error, CustomStringConvertible {
    package let path: String
    package let reason: String
    package var description: String { "cannot write the report \(path): \(reason)" }
}
