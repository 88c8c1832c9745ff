import Foundation
import FoursquarePlaces
import HarnessCore

/// The run as CTRF JSON (Common Test Report Format, spec 1.0.0), for ctrf-io's GitHub test reporter and other CTRF
/// tools: one test per JUnit testcase, grouped by operation, status, contract and auth style through `suite`, `tags`
/// and `labels`; a live case that passed only after a retry is `flaky` with its `retries`.
package struct CTRFReport: Sendable {
    /// The CTRF specification version written.
    package static let specVersion = "1.0.0"

    /// What the document holds.
    package var report: HumanReport

    /// A document for `report`.
    package init(_ report: HumanReport) { self.report = report }

    /// Writes the document atomically to `path`; the key, when given, is redacted from every byte.
    package func write(to path: String, key: APIKey? = nil) throws {
        let redactor = key.map { Redactor(key: $0) }
        var data = try redactor.map { try CTRFReport(report.redacted($0)).json() } ?? json()
        // Every value was redacted before encoding; this pass only catches a form no field showed.
        if let redactor { data = Data(redactor.text(String(decoding: data, as: UTF8.self)).utf8) }
        try HumanReportFile.write(data, to: path)
    }

    /// The document's bytes: keys sorted, as every CTRF report this tool wrote has them.
    package func json() throws -> Data {
        Data(value().foundationText().utf8)
    }

    /// The document as Foundation objects, for a caller that reads it as `JSONSerialization` would.
    package func document() -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: json())) as? [String: Any] ?? [:]
    }

    /// The document.
    func value() -> JSONValue {
        let start = Int((report.started.timeIntervalSince1970 * 1000).rounded())
        let stop = Int((report.finished.timeIntervalSince1970 * 1000).rounded())
        var counts: [String: Int] = ["passed": 0, "failed": 0, "skipped": 0]
        var flaky = 0
        var tests: [JSONValue] = []
        tests.reserveCapacity(report.cases.count)
        for c in report.cases {
            let (test, status, isFlaky) = self.test(c)
            counts[status, default: 0] += 1
            if isFlaky { flaky += 1 }
            tests.append(test)
        }
        let summary: JSONValue = .object([
            ("tests", .int(tests.count)), ("passed", .int(counts["passed"]!)), ("failed", .int(counts["failed"]!)),
            ("skipped", .int(counts["skipped"]!)), ("pending", .int(0)), ("other", .int(0)), ("flaky", .int(flaky)),
            ("suites", .int(Set(report.cases.map(\.suite)).count)), ("start", .int(start)), ("stop", .int(stop)),
            ("duration", .int(max(0, stop - start))),
        ])
        return .object([
            ("reportFormat", .string("CTRF")),
            ("specVersion", .string(Self.specVersion)),
            ("reportId", .string(UUID().uuidString.lowercased())),
            ("timestamp", .string(ISO8601DateFormatter().string(from: report.finished))),
            ("generatedBy", .string("fsq-contract \(report.toolVersion)")),
            ("results", .object([
                ("tool", .object([("name", .string("fsq-contract")), ("version", .string(report.toolVersion))])),
                ("summary", summary),
                ("tests", .array(tests)),
                ("environment", .object([("extra", .object([("mode", .string(report.mode)), ("junitReport", .string(report.junitPath))]))])),
            ])),
        ])
    }

    /// One testcase, its CTRF status and whether it is flaky: JUnit's error is CTRF's `failed` (its `rawStatus`
    /// keeps `error`).
    func test(_ c: HumanReport.Case) -> (test: JSONValue, status: String, flaky: Bool) {
        let facts = report.facts[c.fixture]
        let status: String = switch c.outcome {
        case .passed: "passed"
        case .failed, .error: "failed"
        case .skipped: "skipped"
        }
        let contract = facts?.contract.rawValue ?? "unknown"
        let column = facts?.column ?? "unknown"
        let auth = c.auth?.rawValue ?? CoverageMatrix.anyAuth
        var test: [(key: String, value: JSONValue)] = [
            ("name", .string(c.name)),
            ("testId", .string(c.name)),
            ("status", .string(status)),
            ("rawStatus", .string(c.outcome.rawValue)),
            ("duration", .int(Int((c.seconds * 1000).rounded()))),
            ("suite", .array([.string(contract), .string(c.suite)])),
            ("tags", .array(["operation:\(c.suite)", "status:\(column)", "contract:\(contract)", "auth:\(auth)", "check:\(c.check)"]
                .map(JSONValue.string))),
            ("labels", .object([("operation", .string(c.suite)), ("status", .string(column)), ("contract", .string(contract)),
                                ("auth", .string(auth)), ("check", .string(c.check))])),
            ("filePath", .string((report.fixturesFolder as NSString).appendingPathComponent(c.fixture))),
            ("type", .string(report.mode == "replay" ? "contract-replay" : "contract-\(report.mode)")),
        ]
        if !c.message.isEmpty { test.append(("message", .string(c.message))) }
        if !c.detail.isEmpty { test.append(("trace", .string(c.detail))) }
        if let flaky = c.flaky {
            test.append(("flaky", .bool(true)))
            let attempts = max(c.attempts ?? 2, 2)
            test.append(("retries", .int(attempts - 1)))
            test.append(("retryAttempts", .array((1...attempts).map {
                .object([("attempt", .int($0)), ("status", .string($0 == attempts ? status : "failed"))])
            })))
            test.append(("stdout", .array([.string(flaky)])))
        }
        return (.object(test), status, c.flaky != nil)
    }
}
