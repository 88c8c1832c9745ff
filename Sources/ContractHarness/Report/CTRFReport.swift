import Foundation
import FoursquarePlaces

/// The run as CTRF JSON (Common Test Report Format, spec 1.0.0), for ctrf-io's GitHub test reporter and other CTRF
/// tools: one test per JUnit testcase, grouped by operation, status, contract and auth style through `suite`, `tags`
/// and `labels`; a live case that passed only after a retry is `flaky` with its `retries`.
public struct CTRFReport: Sendable {
    /// The CTRF specification version written.
    public static let specVersion = "1.0.0"

    /// What the document holds.
    public var report: HumanReport

    /// A document for `report`.
    public init(_ report: HumanReport) { self.report = report }

    /// Writes the document atomically to `path`; the key, when given, is redacted from every byte.
    public func write(to path: String, key: APIKey? = nil) throws {
        let redactor = key.map { Redactor(key: $0) }
        var data = try redactor.map { try CTRFReport(report.redacted($0)).json() } ?? json()
        // Every value was redacted before encoding; this pass only catches a form no field showed.
        if let redactor { data = Data(redactor.text(String(decoding: data, as: UTF8.self)).utf8) }
        try HumanReportFile.write(data, to: path)
    }

    /// The document's bytes.
    public func json() throws -> Data {
        try JSONSerialization.data(withJSONObject: document(), options: [.sortedKeys])
    }

    /// The document as JSON objects.
    public func document() -> [String: Any] {
        let start = Int((report.started.timeIntervalSince1970 * 1000).rounded())
        let stop = Int((report.finished.timeIntervalSince1970 * 1000).rounded())
        var counts: [String: Int] = ["passed": 0, "failed": 0, "skipped": 0]
        var flaky = 0
        var tests: [[String: Any]] = []
        tests.reserveCapacity(report.cases.count)
        for c in report.cases {
            let test = self.test(c)
            counts[test["status"] as! String, default: 0] += 1
            if test["flaky"] as? Bool == true { flaky += 1 }
            tests.append(test)
        }
        let summary: [String: Any] = [
            "tests": tests.count, "passed": counts["passed"]!, "failed": counts["failed"]!, "skipped": counts["skipped"]!,
            "pending": 0, "other": 0, "flaky": flaky, "suites": Set(report.cases.map(\.suite)).count,
            "start": start, "stop": stop, "duration": max(0, stop - start),
        ]
        return [
            "reportFormat": "CTRF",
            "specVersion": Self.specVersion,
            "reportId": UUID().uuidString.lowercased(),
            "timestamp": ISO8601DateFormatter().string(from: report.finished),
            "generatedBy": "fsq-contract \(report.toolVersion)",
            "results": [
                "tool": ["name": "fsq-contract", "version": report.toolVersion],
                "summary": summary,
                "tests": tests,
                "environment": ["extra": ["mode": report.mode, "junitReport": report.junitPath]],
            ] as [String: Any],
        ]
    }

    /// One testcase: JUnit's error is CTRF's `failed` (its `rawStatus` keeps `error`).
    func test(_ c: HumanReport.Case) -> [String: Any] {
        let facts = report.facts[c.fixture]
        let status: String = switch c.outcome {
        case .passed: "passed"
        case .failed, .error: "failed"
        case .skipped: "skipped"
        }
        let contract = facts?.contract.rawValue ?? "unknown"
        let column = facts?.column ?? "unknown"
        let auth = c.auth?.rawValue ?? CoverageMatrix.anyAuth
        var test: [String: Any] = [
            "name": c.name,
            "testId": c.name,
            "status": status,
            "rawStatus": c.outcome.rawValue,
            "duration": Int((c.seconds * 1000).rounded()),
            "suite": [contract, c.suite],
            "tags": ["operation:\(c.suite)", "status:\(column)", "contract:\(contract)", "auth:\(auth)", "check:\(c.check)"],
            "labels": ["operation": c.suite, "status": column, "contract": contract, "auth": auth, "check": c.check],
            "filePath": (report.fixturesFolder as NSString).appendingPathComponent(c.fixture),
            "type": report.mode == "replay" ? "contract-replay" : "contract-\(report.mode)",
        ]
        if !c.message.isEmpty { test["message"] = c.message }
        if !c.detail.isEmpty { test["trace"] = c.detail }
        if let flaky = c.flaky {
            test["flaky"] = true
            let attempts = max(c.attempts ?? 2, 2)
            test["retries"] = attempts - 1
            test["retryAttempts"] = (1...attempts).map { ["attempt": $0, "status": $0 == attempts ? status : "failed"] as [String: Any] }
            test["stdout"] = [flaky]
        }
        return test
    }
}
