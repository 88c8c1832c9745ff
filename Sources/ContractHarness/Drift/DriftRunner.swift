import Foundation
import FoursquarePlaces

/// The drift found for one fixture under one auth style.
public struct DriftResult: Sendable, Hashable {
    public var fixture: String
    public var endpoint: String
    public var auth: AuthStyle
    public var changes: [DriftChange]
    public var liveStatus: Int?
    /// Set when no live response could be had.
    public var problem: String?
    public var seconds: Double

    public var worst: DriftGrade? { changes.map(\.grade).max() }
}

/// Calls the live server for every fixture and grades how the responses moved from the recordings.
public struct DriftRunner: Sendable {
    public let live: LiveRunner
    public let config: DriftConfig

    public init(options: LiveOptions, config: DriftConfig) {
        live = LiveRunner(options: options)
        self.config = config
    }

    public func run(_ fixtures: [Fixture], progress: (@Sendable (Int, Int, Int) -> Void)? = nil) async -> [DriftResult] {
        let jobs = fixtures.flatMap { fixture in live.options.authStyles.map { (fixture, $0) } }
        let deadline = ContinuousClock.now + .milliseconds(Int64(live.options.deadline * 1000))
        let counter = ProgressCounter(total: jobs.count, report: progress)
        return await mapInOrder(jobs, width: live.options.concurrency) { job in
            let result = await self.drift(job.0, auth: job.1, deadline: deadline)
            counter.add(problems: result.worst == .err || result.problem != nil ? 1 : 0)
            return result
        }
    }

    func drift(_ fixture: Fixture, auth: AuthStyle, deadline: ContinuousClock.Instant) async -> DriftResult {
        var result = DriftResult(fixture: fixture.relativePath, endpoint: fixture.endpoint.rawValue, auth: auth,
                                 changes: [], liveStatus: nil, problem: nil, seconds: 0)
        guard let key = live.options.key else {
            result.problem = "FSQ_API_KEY is not set; drift needs live calls"
            return result
        }
        let plan: CallPlan
        do {
            plan = try CallPlan.make(for: fixture)
        } catch {
            result.problem = error.description
            return result
        }
        let exchange = await live.call(plan, fixture: fixture, auth: auth, key: key, deadline: deadline)
        result.seconds = exchange.seconds
        guard let response = exchange.response else {
            if case let .failed(error) = exchange.outcome { result.problem = key.redact(error.description) }
            return result
        }
        result.liveStatus = response.status
        result.changes = Self.compare(fixture: fixture, status: response.status,
                                      contentType: response.headers["content-type"], body: exchange.body)
            .filter { !config.ignores($0.path, endpoint: fixture.endpoint.rawValue) }
            .map { change in
                var change = change
                if let grade = config.grade(for: change.path, endpoint: fixture.endpoint.rawValue) { change.grade = grade }
                change.detail = key.redact(change.detail)
                return change
            }
            .sorted { ($0.grade, $1.path) > ($1.grade, $0.path) }
        return result
    }

    /// Every change between the fixture's response and a live one, graded.
    public static func compare(fixture: Fixture, status: Int, contentType: String?, body: Data) -> [DriftChange] {
        var changes: [DriftChange] = []
        let recordedStatus = fixture.response.status
        if recordedStatus / 100 != status / 100 {
            changes.append(DriftChange(path: "status", kind: .status, grade: .err,
                                       detail: "status class changed: recorded \(recordedStatus), live \(status)"))
        } else if recordedStatus != status {
            changes.append(DriftChange(path: "status", kind: .status, grade: .warn,
                                       detail: "status changed within its class: recorded \(recordedStatus), live \(status)"))
        }
        let before = LiveRunner.mediaType(fixture.response.headers["content-type"])
        let after = LiveRunner.mediaType(contentType)
        if before != after {
            changes.append(DriftChange(path: "content-type", kind: .contentType, grade: .warn,
                                       detail: "content type changed: recorded \(before ?? "none"), live \(after ?? "none")"))
        }
        let recordedBody = fixture.response.body.data
        guard let old = try? JSONSerialization.jsonObject(with: recordedBody, options: [.fragmentsAllowed]),
              let new = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
            if case .json = fixture.response.body, !body.isEmpty,
               (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) == nil {
                changes.append(DriftChange(path: "$", kind: .undecodable, grade: (200...299).contains(status) ? .err : .warn,
                                           detail: "the live body is not JSON (\(body.count) bytes)"))
            }
            return changes
        }
        let success = (200...299).contains(recordedStatus) && (200...299).contains(status)
        var reads: [String: FieldRead] = [:]
        if success {
            reads = ModelReads.trace(endpoint: fixture.endpoint, contract: fixture.contract, body: recordedBody)
            reads.merge(ModelReads.trace(endpoint: fixture.endpoint, contract: fixture.contract, body: body)) { first, second in
                FieldRead(required: first.required || second.required, type: first.type)
            }
        } else {
            reads = ModelReads.trace(ErrorBody.self, body: recordedBody)
        }
        changes += ShapeDiff.compare(recorded: old, live: new, reads: reads, ignore: { _ in false })
        // The model itself is the final judge: a body it cannot decode is breaking, whatever the diff said.
        if success, let failure = ModelReads.decodeFailure(endpoint: fixture.endpoint, contract: fixture.contract, body: body),
           !changes.contains(where: { $0.grade == .err }) {
            changes.append(DriftChange(path: failure.path, kind: .undecodable, grade: .err,
                                       detail: "the model no longer decodes: expected \(failure.expected), found \(failure.found)"))
        }
        return changes
    }

    /// Testcases for the JUnit report: ERR fails (or WARN with `failOn: .warn`); the rest go to system-out.
    public static func caseResults(_ results: [DriftResult], failOn: DriftGrade = .err) -> [CaseResult] {
        results.map { result in
            var verdict: Verdict = .pass
            var notes: String?
            if let problem = result.problem {
                verdict = problem.contains("FSQ_API_KEY") ? .skip(reason: problem)
                    : .error(message: problem, detail: problem)
            } else if let worst = result.worst, worst >= failOn {
                let failing = result.changes.filter { $0.grade >= failOn }
                verdict = .fail(message: "\(failing.count) \(worst == .err ? "breaking" : "warning") change(s): \(failing[0].line)",
                                detail: result.changes.map(\.line).joined(separator: "\n"))
            } else if !result.changes.isEmpty {
                notes = result.changes.map(\.line).joined(separator: "\n")
            }
            return CaseResult(endpoint: result.endpoint, fixture: result.fixture, auth: result.auth, check: .drift,
                              time: result.seconds, verdict: verdict, notes: notes)
        }
    }

    /// Counts per grade for suite properties: `drift.err`, `drift.warn`, `drift.info`.
    public static func gradeCounts(_ results: [DriftResult], endpoint: String? = nil) -> [(String, String)] {
        let changes = results.filter { endpoint == nil || $0.endpoint == endpoint }.flatMap(\.changes)
        return DriftGrade.allCases.reversed().map { grade in
            ("drift.\(grade.rawValue.lowercased())", String(changes.filter { $0.grade == grade }.count))
        }
    }

    /// Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`: one table per endpoint, worst first.
    public static func markdown(_ results: [DriftResult], baseURL: String) -> String {
        var lines = ["# API drift against \(baseURL)", ""]
        let counts = Dictionary(grouping: results.flatMap(\.changes), by: \.grade).mapValues(\.count)
        lines.append("**\(counts[.err] ?? 0) ERR · \(counts[.warn] ?? 0) WARN · \(counts[.info] ?? 0) INFO** across \(results.count) calls"
                     + (results.contains { $0.problem != nil } ? "; \(results.filter { $0.problem != nil }.count) calls failed" : ""))
        let byEndpoint = Dictionary(grouping: results, by: \.endpoint)
        let order = byEndpoint.keys.sorted { a, b in
            let wa = byEndpoint[a]!.compactMap(\.worst).max(), wb = byEndpoint[b]!.compactMap(\.worst).max()
            if wa != wb { return (wa ?? .info, wa == nil ? 0 : 1) > (wb ?? .info, wb == nil ? 0 : 1) }
            return a < b
        }
        for endpoint in order {
            let group = byEndpoint[endpoint]!
            lines.append("")
            lines.append("## \(endpoint)")
            lines.append("")
            lines.append("| grade | fixture | auth | path | change |")
            lines.append("|---|---|---|---|---|")
            var rows: [(DriftGrade?, String)] = []
            for result in group {
                if let problem = result.problem {
                    rows.append((.err, "| ⚠️ | \(cell(result.fixture)) | \(result.auth) | | \(cell(problem)) |"))
                }
                for change in result.changes {
                    rows.append((change.grade, "| \(change.grade.rawValue) | \(cell(result.fixture)) | \(result.auth) | `\(cell(change.path))` | \(cell(change.detail)) |"))
                }
            }
            if rows.isEmpty {
                lines.append("| ✅ | all \(group.count) calls | | | no drift |")
            } else {
                lines += rows.sorted { ($0.0 ?? .info) > ($1.0 ?? .info) }.map(\.1)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// The machine-readable report for `--json`.
    public static func json(_ results: [DriftResult], baseURL: String) throws -> Data {
        struct Entry: Encodable {
            var fixture: String, endpoint: String, auth: String, live_status: Int?, worst: String?, problem: String?
            var changes: [DriftChange]
        }
        struct Document: Encodable {
            var base_url: String, tool_version: String, err: Int, warn: Int, info: Int, results: [Entry]
        }
        let all = results.flatMap(\.changes)
        let document = Document(
            base_url: baseURL, tool_version: ToolVersion.current,
            err: all.filter { $0.grade == .err }.count, warn: all.filter { $0.grade == .warn }.count,
            info: all.filter { $0.grade == .info }.count,
            results: results.map { Entry(fixture: $0.fixture, endpoint: $0.endpoint, auth: $0.auth.rawValue,
                                         live_status: $0.liveStatus, worst: $0.worst?.rawValue, problem: $0.problem,
                                         changes: $0.changes) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }
}
