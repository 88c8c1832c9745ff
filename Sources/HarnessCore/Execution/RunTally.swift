import Foundation

/// A run's counts per suite and the first problems, kept instead of every result so memory stays flat.
package struct RunTally: Sendable {
    /// Outcome counts for one suite, or for the whole run.
    package struct Counts: Sendable, Hashable {
        package var passed = 0
        package var failed = 0
        package var errors = 0
        package var skipped = 0
        package var fixtures = 0
        /// Counted warnings (OpenAPI violations under `--openapi-warn`); they do not fail the run.
        package var warnings = 0

        package var cases: Int { passed + failed + errors + skipped }
        package var problems: Int { failed + errors }

        package init() {}

        mutating func add(_ verdict: Verdict) {
            switch verdict {
            case .pass: passed += 1
            case .fail: failed += 1
            case .error: errors += 1
            case .skip: skipped += 1
            }
        }

        /// `3 passed, 1 failed, 2 errors, 1 skipped` (zero errors and skips left out), the same words everywhere.
        package var line: String {
            var line = "\(passed) passed, \(failed) failed"
            if errors > 0 { line += ", \(plural(errors, "error"))" }
            if skipped > 0 { line += ", \(skipped) skipped" }
            return line
        }
    }

    /// How many problems are kept for the terminal; the report has them all.
    package var maxProblems: Int
    package private(set) var suites: [String: Counts] = [:]
    package private(set) var total = Counts()
    /// Cases no fixture yields (documented bounds), per suite, so the totals do not say they came from fixtures.
    package private(set) var casesWithoutFixture: [String: Int] = [:]
    /// The first `maxProblems` failed or errored results, in run order, at most `CauseGroups.threshold` per cause.
    package private(set) var problems: [CaseResult] = []
    /// Every failed or errored case, counted by kind (`FailureKinds`), for a red run's last line.
    package private(set) var failures = FailureKinds()
    /// How many problems share each one-line cause, and the first case with it (at most `maxCauses` causes). A cause
    /// is keyed at its schema pointer (`CauseGroups.key`): one change at every array index is one cause.
    package private(set) var causes: [String: (count: Int, first: CaseResult)] = [:]
    /// The fixtures each cause touched.
    package private(set) var causeFixtures: [String: Set<String>] = [:]
    /// Distinct causes counted; past it a new cause is only in `problems` and the report.
    package static let maxCauses = 1000

    package init(maxProblems: Int = 50) { self.maxProblems = maxProblems }

    /// Adds one fixture's results under `suite` (`fixtures: 0` for cases no fixture yields, such as documented bounds).
    package mutating func add(_ results: [CaseResult], suite: String, fixtures: Int = 1) {
        var counts = suites[suite] ?? Counts()
        counts.fixtures += fixtures
        total.fixtures += fixtures
        if fixtures == 0, !results.isEmpty { casesWithoutFixture[suite, default: 0] += results.count }
        for result in results {
            counts.add(result.verdict)
            total.add(result.verdict)
            counts.warnings += result.warnings
            total.warnings += result.warnings
            guard result.verdict.isProblem else { continue }
            failures.add(result.check)
            let cause = result.verdict.cause.map(CauseGroups.key)
            // A few cases per cause: the list then holds the other causes too, past a cause many cases share.
            if problems.count < maxProblems, (cause.flatMap { causes[$0]?.count } ?? 0) < CauseGroups.threshold {
                problems.append(result)
            }
            if let cause {
                if let known = causes[cause] {
                    causes[cause] = (known.count + 1, known.first)
                    causeFixtures[cause]?.insert(result.fixture)
                } else if causes.count < Self.maxCauses {
                    causes[cause] = (1, result)
                    causeFixtures[cause] = [result.fixture]
                }
            }
        }
        suites[suite] = counts
    }

    /// A tally of results already in memory (drift), one fixture per distinct path, in order.
    package init(_ results: [CaseResult], maxProblems: Int = 50) {
        self.init(maxProblems: maxProblems)
        var current: [CaseResult] = []
        for result in results {
            if let first = current.first, first.fixture != result.fixture || first.endpoint != result.endpoint {
                add(current, suite: first.endpoint)
                current = []
            }
            current.append(result)
        }
        if let first = current.first { add(current, suite: first.endpoint) }
    }

    /// Problems whose cause says the run deadline stopped them (`RunDeadline.stopped`).
    package var stoppedByDeadline: Int {
        causes.filter { RunDeadline.stopped(cause: $0.key) }.reduce(0) { $0 + $1.value.count }
    }

    /// Drops kept problems a summary line stands for (a contract the server refused on every call); the counts,
    /// and the report, keep them.
    package mutating func omitProblems(where summarised: (CaseResult) -> Bool) {
        problems.removeAll(where: summarised)
    }
}

/// `1 fixture`, `2 fixtures`.
package func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

/// The terminal summary: counts per suite, then each problem in a line or two, then the totals.
package enum Summary {
    package static func render(_ tally: RunTally) -> String {
        var lines: [String] = []
        let order = SuiteOrder.of(tally.suites.keys)
        let width = order.map(\.count).max() ?? 0
        for name in order {
            let counts = tally.suites[name]!
            lines.append("\(name.padding(toLength: width, withPad: " ", startingAt: 0))  \(counts.line) (\(plural(counts.fixtures, "fixture")))")
        }
        if !tally.problems.isEmpty {
            lines.append("")
            lines.append("Problems:")
            // A cause many cases share is one line with its count and first case; the report keeps every case.
            let groups = CauseGroups(tally)
            for group in groups.shown {
                let fixtures = tally.causeFixtures[group.cause]?.count ?? 1
                lines.append("  \(plural(group.count, "case")): \(oneLine(group.cause))")
                lines.append("       first: \(group.first.verdict.kind) \(group.first.name) (\(plural(fixtures, "fixture")) in all)")
            }
            var listed = groups.shown.reduce(0) { $0 + $1.count }
            for result in tally.problems where !groups.grouped.contains(result.verdict.cause.map(CauseGroups.key) ?? "") {
                listed += 1
                lines.append("  \(result.verdict.kind) \(result.name)")
                lines.append("       \(oneLine(result.verdict.cause ?? ""))")
            }
            let more = tally.total.problems - listed
            if more > 0 { lines.append("  … and \(more) more in the report") }
        }
        lines.append("")
        lines.append("\(tally.total.line): \(totals(tally))")
        if tally.total.warnings > 0 {
            lines.append("\(plural(tally.total.warnings, "OpenAPI warning")) (not failures; each testcase's system-out lists them)")
        }
        return lines.joined(separator: "\n")
    }

    /// `763 cases from 301 fixtures`, or `763 cases: 723 from 301 fixtures, 40 in bounds (no fixture)`.
    static func totals(_ tally: RunTally) -> String {
        let without = tally.casesWithoutFixture.values.reduce(0, +)
        let fromFixtures = plural(tally.total.fixtures, "fixture")
        guard without > 0 else { return "\(plural(tally.total.cases, "case")) from \(fromFixtures)" }
        let suites = tally.casesWithoutFixture.keys.sorted().joined(separator: ", ")
        return "\(plural(tally.total.cases, "case")): \(tally.total.cases - without) from \(fromFixtures), \(without) in \(suites) (no fixture)"
    }

    /// The summary of results already in memory (drift), one fixture per distinct path.
    package static func render(_ results: [CaseResult], maxProblems: Int = 50) -> String {
        render(RunTally(results, maxProblems: maxProblems))
    }

    static func oneLine(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " | ")
        let scalars = flat.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" ? "\\u{\(String($0.value, radix: 16))}" : String($0) }
        let cleaned = scalars.joined()
        return cleaned.count > 300 ? String(cleaned.prefix(300)) + "…" : cleaned
    }
}

/// The causes the terminal shows once with a count instead of once per case.
struct CauseGroups {
    /// A cause shared by at least this many cases is grouped.
    static let threshold = 3
    /// At most this many group lines, the largest first.
    static let maxShown = 20

    let shown: [(cause: String, count: Int, first: CaseResult)]
    let grouped: Set<String>

    /// A cause at its schema pointer: every JSON array index (`$.results[3]`, `[0]`) is `[*]`, so one change the
    /// answers show at many indices is one cause.
    static func key(_ cause: String) -> String {
        guard cause.contains("[") else { return cause }
        return cause.replacingOccurrences(of: #"\[\d+\]"#, with: "[*]", options: .regularExpression)
    }

    init(_ tally: RunTally) {
        let all = tally.causes.filter { $0.value.count >= Self.threshold }
            .map { (cause: $0.key, count: $0.value.count, first: $0.value.first) }
            .sorted { ($0.count, $1.cause) > ($1.count, $0.cause) }
        shown = Array(all.prefix(Self.maxShown))
        grouped = Set(shown.map(\.cause))
    }
}

extension Verdict {
    /// The one-line cause of a failure or error, the words cases are grouped by.
    package var cause: String? {
        switch self {
        case let .fail(message, _), let .error(message, _): return message
        case .pass, .skip: return nil
        }
    }

    /// `FAIL` or `ERROR`, as the terminal prints it.
    var kind: String {
        switch self {
        case .fail: return "FAIL"
        case .error: return "ERROR"
        case .pass: return "PASS"
        case .skip: return "SKIP"
        }
    }
}
