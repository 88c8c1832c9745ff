import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import JUnitXML

/// A verb that runs in a supervised worker (`WorkerSupervisor`): a fixture that crashes the worker is one error
/// case and the run goes on, and a crash that cannot be got past still leaves the verb's report.
package protocol SupervisedVerb {
    /// `fsq-contract run`, as messages name it.
    var verbName: String { get }
    /// The report's `mode` property.
    var crashMode: String { get }
    /// Where the verb writes its report (and per-suite files), computed as the worker computes it.
    func crashReportPaths() -> (report: String, reportDir: String?)
    var crashWriterOptions: ReportWriterOptions { get }
}

extension SupervisedVerb {
    /// Runs this command in a supervised worker; returns the exit status, or nil in the worker itself (or when no
    /// worker could be started), which then runs the command. A worker killed by a signal still leaves a report.
    package func superviseWorker() -> Int32? {
        // Only the supervisor asks where the report goes, and only once a worker has died: the worker reads the
        // project file once, for its job, and reports a bad one itself.
        var paths: (report: String, reportDir: String?)?
        func reportPaths() -> (report: String, reportDir: String?) {
            if let paths { return paths }
            let found = crashReportPaths()
            paths = found
            return found
        }
        let end = WorkerSupervisor.superviseUnlessWorker(verb: verbName) { CrashReport.removeTempFiles(ofWorker: $0, besides: reportPaths().report) }
        guard let end else { return nil }
        let (report, reportDir) = reportPaths()
        guard case let .killed(signal, pid, journal) = end else {
            if case let .exited(status) = end { return status }
            return 1
        }
        let crash = CrashReport(signal: signal, workerPID: pid, journal: journal, verb: verbName)
        let harness = HarnessReport(properties: [("mode", crashMode), ("tool_version", ToolVersion.current)], options: crashWriterOptions)
        writeStderr("\(verbName): \(crash.message)")
        do {
            try crash.write(harness, to: report)
            if let reportDir { _ = try? ReportSplitter.split(report, into: reportDir) }
            print("report: \(report) (the \(crashMode) run crashed: one error case names the signal and the fixtures in flight)")
        } catch {
            writeStderr("\(verbName): --report \(report): cannot write the crash report: \(ReportStream.describe(error))")
        }
        CIJobOutput.show(JobPage(environment: ProcessInfo.processInfo.environment).publish(
            [crash.result], title: "\(verbName) (\(crashMode))", fixturesRoot: nil, reportPath: report, key: nil))
        return 1
    }
}

extension RunCommand: SupervisedVerb {
    package var verbName: String { "fsq-contract run" }
    package var crashMode: String { live ? "live" : "replay" }
    package func crashReportPaths() -> (report: String, reportDir: String?) { reportPaths(try? fixtureOptions.projectFlags.load()) }
    package var crashWriterOptions: ReportWriterOptions {
        HarnessReport.writerOptions(fileAttributes: junitShape.junitFileAttributes, rootTotals: junitShape.junitRootTotals)
    }
}

extension DriftCommand: SupervisedVerb {
    package var verbName: String { "fsq-contract drift" }
    package var crashMode: String { "drift" }
    package func crashReportPaths() -> (report: String, reportDir: String?) {
        (reportPath(try? fixtureOptions.projectFlags.load()), nil)
    }
    package var crashWriterOptions: ReportWriterOptions { HarnessReport.writerOptions(fileAttributes: false, rootTotals: false) }
}

/// The nightly's crash report goes where its live checks report: the job's JUnit, which CI reads.
extension NightlyCommand: SupervisedVerb {
    package var verbName: String { "fsq-contract nightly" }
    package var crashMode: String { "nightly" }
    package func crashReportPaths() -> (report: String, reportDir: String?) {
        (reportFlags.runReport(try? fixtureOptions.projectFlags.load()), nil)
    }
    package var crashWriterOptions: ReportWriterOptions {
        HarnessReport.writerOptions(fileAttributes: junitShape.junitFileAttributes, rootTotals: junitShape.junitRootTotals)
    }
}
