import Foundation
import FoursquarePlaces
import HarnessCore

/// Publishes a run's outcome where CI users look: GitHub's step summary and annotations on the diff.
///
/// The environment is passed in (not read from the process) so callers and tests choose it.
package struct JobPage: Sendable {
    package var environment: [String: String]
    package var maxSummaryProblems = 20
    package var maxAnnotations = Annotations.defaultLimit

    package init(environment: [String: String]) {
        self.environment = environment
    }

    /// What `publish` produced: annotation lines for standard output, and warnings for standard error.
    package struct Output: Sendable {
        package var annotations: [String] = []
        package var warnings: [String] = []
    }

    /// Appends the markdown summary to `$GITHUB_STEP_SUMMARY` when it is set, and returns `::error`
    /// annotations when `GITHUB_ACTIONS=true`. Every string passes through the key's redaction first.
    package func publish(
        _ collected: JobPageCollector, title: String, suiteOrder: [String] = [], reportPath: String? = nil,
        key: APIKey? = nil
    ) -> Output {
        var output = Output()
        let redactor = key.map { Redactor(key: $0) }
        let redact: (String) -> String = { redactor?.text($0) ?? $0 }
        let problems = collected.problems.map { p in
            ProblemCase(kind: p.kind, name: redact(p.name), file: p.file.map(redact), message: redact(p.message),
                        detail: redact(p.detail), line: p.line, column: p.column)
        }
        if let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty {
            let markdown = StepSummary.markdown(
                title: redact(title), suites: collected.suites(orderedBy: suiteOrder), problems: problems,
                problemCount: collected.problemCount, maxProblems: maxSummaryProblems, reportPath: reportPath,
                warningCount: collected.warningCount)
            do {
                try Self.append(redact(markdown), to: path)
            } catch {
                output.warnings.append("GITHUB_STEP_SUMMARY \(path): cannot append the summary: \(error.localizedDescription)")
            }
        }
        if environment["GITHUB_ACTIONS"] == "true" {
            let workspace = environment["GITHUB_WORKSPACE"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FileManager.default.currentDirectoryPath
            output.annotations = Annotations.lines(problems, problemCount: collected.problemCount,
                                                   limit: maxAnnotations, reportPath: reportPath, workspace: workspace)
        }
        return output
    }

    /// `publish` for a finished run's results; a streaming runner feeds a `JobPageCollector` itself.
    package func publish(
        _ results: [CaseResult], title: String, fixturesRoot: String?, reportPath: String?, key: APIKey?
    ) -> Output {
        var collected = JobPageCollector(limit: max(maxSummaryProblems, maxAnnotations), fixturesRoot: fixturesRoot)
        for result in results { collected.add(result) }
        return publish(collected, title: title, suiteOrder: SuiteOrder.of(results), reportPath: reportPath, key: key)
    }

    /// Appends markdown a verb wrote itself (drift's summary) to `$GITHUB_STEP_SUMMARY` when it is set, with the
    /// key redacted; returns a warning line when it cannot.
    package func appendStepSummary(_ markdown: String, key: APIKey?) -> String? {
        guard let path = environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else { return nil }
        do {
            try Self.append(key.map { Redactor(key: $0).text(markdown) } ?? markdown, to: path)
            return nil
        } catch {
            return "GITHUB_STEP_SUMMARY \(path): cannot append the summary: \(error.localizedDescription)"
        }
    }

    static func append(_ text: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission)
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}
