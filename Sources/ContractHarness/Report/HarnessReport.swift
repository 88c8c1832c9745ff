import Foundation
import FoursquarePlaces
import JUnitXML

/// Writes case results as a JUnit report: one `<testsuite>` per endpoint, one `<testcase>` per result.
public struct HarnessReport: Sendable {
    /// Shared properties for every suite (mode, auth styles, tool version…).
    public var properties: [(String, String)]
    public var options: ReportWriterOptions
    /// Per-endpoint fixture counts, for the `fixtures` property.
    public var fixtureCounts: [String: Int]

    /// The writer options the CLI uses. The Ant (windyroad) schema allows no attributes on `<testsuites>`
    /// and Jenkins' xUnit schema no `skipped` there, so by default the root carries none and consumers sum
    /// the suites; `rootTotals` adds the Jenkins-compatible totals.
    public static func writerOptions(fileAttributes: Bool = false, rootTotals: Bool = false) -> ReportWriterOptions {
        ReportWriterOptions(includeFileAttributes: fileAttributes, rootAttributes: rootTotals ? .jenkinsXUnit : .none)
    }

    public init(properties: [(String, String)], fixtureCounts: [String: Int] = [:],
                options: ReportWriterOptions = HarnessReport.writerOptions()) {
        self.properties = properties
        self.fixtureCounts = fixtureCounts
        self.options = options
    }

    /// Endpoint ids in catalog order, then any other classnames (broken files outside endpoint folders).
    public static func suiteOrder(_ results: [CaseResult]) -> [String] {
        let present = Set(results.map(\.endpoint))
        let known = EndpointID.allCases.map(\.rawValue).filter(present.contains)
        return known + present.subtracting(known).sorted()
    }

    /// Streams the report to `path` atomically; the old report stays until the new one is complete.
    public func write(_ results: [CaseResult], to path: String, fixturesRoot: String? = nil) throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let writer = try StreamingReportWriter(path: path, reportName: "fsq-contract", options: options)
        do {
            let grouped = Dictionary(grouping: results, by: \.endpoint)
            let hostname = ProcessInfo.processInfo.hostName
            let timestamp = UTCTimestamp.now()
            for name in Self.suiteOrder(results) {
                var suiteProperties = properties.map { Property(name: $0.0, value: $0.1) }
                suiteProperties.append(Property(name: "fixtures", value: String(fixtureCounts[name] ?? 0)))
                // Notes go to the suite's system-out: the Ant schema allows none on a testcase.
                let notes = (grouped[name] ?? []).compactMap { result in result.notes.map { "\(result.name): \($0.replacingOccurrences(of: "\n", with: "\n    "))" } }
                try writer.beginSuite(TestSuite(name: name, timestamp: timestamp, hostname: hostname,
                                                properties: suiteProperties, systemOut: notes.joined(separator: "\n"),
                                                package: "fsq-contract"))
                for result in grouped[name] ?? [] {
                    var testCase = TestCase(name: result.name, classname: result.endpoint, time: result.time,
                                            outcome: Self.outcome(result))
                    if options.includeFileAttributes, let fixturesRoot {
                        testCase.file = (fixturesRoot as NSString).appendingPathComponent(result.fixture)
                        testCase.line = 1
                    }
                    try writer.add(testCase)
                }
                try writer.endSuite()
            }
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
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

/// The terminal summary: pass and fail per endpoint, then each problem in a line or two.
public enum Summary {
    public static func render(_ results: [CaseResult], maxProblems: Int = 50) -> String {
        var lines: [String] = []
        let grouped = Dictionary(grouping: results, by: \.endpoint)
        let order = HarnessReport.suiteOrder(results)
        let width = order.map(\.count).max() ?? 0
        for name in order {
            let cases = grouped[name] ?? []
            let passed = cases.filter { $0.verdict == .pass }.count
            let failed = cases.filter { if case .fail = $0.verdict { true } else { false } }.count
            let errors = cases.filter { if case .error = $0.verdict { true } else { false } }.count
            let skipped = cases.filter { if case .skip = $0.verdict { true } else { false } }.count
            var line = "\(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(passed) passed, \(failed) failed"
            if errors > 0 { line += ", \(errors) errors" }
            if skipped > 0 { line += ", \(skipped) skipped" }
            lines.append(line)
        }
        let problems = results.filter(\.verdict.isProblem)
        if !problems.isEmpty {
            lines.append("")
            lines.append("Problems:")
            for result in problems.prefix(maxProblems) {
                let (kind, message): (String, String) = {
                    switch result.verdict {
                    case let .fail(message, _): return ("FAIL", message)
                    case let .error(message, _): return ("ERROR", message)
                    default: return ("", "")
                    }
                }()
                lines.append("  \(kind) \(result.name)")
                lines.append("       \(oneLine(message))")
            }
            if problems.count > maxProblems { lines.append("  … and \(problems.count - maxProblems) more in the report") }
        }
        let total = results.count
        let failed = results.filter { if case .fail = $0.verdict { true } else { false } }.count
        let errors = results.filter { if case .error = $0.verdict { true } else { false } }.count
        let skipped = results.filter { if case .skip = $0.verdict { true } else { false } }.count
        lines.append("")
        var closing = "\(total - failed - errors - skipped) passed, \(failed + errors) failed"
        if skipped > 0 { closing += ", \(skipped) skipped" }
        lines.append(closing)
        return lines.joined(separator: "\n")
    }

    static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " | ")
        let scalars = flat.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" ? "\\u{\(String($0.value, radix: 16))}" : String($0) }
        let cleaned = scalars.joined()
        return cleaned.count > 300 ? String(cleaned.prefix(300)) + "…" : cleaned
    }
}
