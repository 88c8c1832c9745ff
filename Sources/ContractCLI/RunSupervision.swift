import ContractHarness
import Foundation
import JUnitXML

extension RunCommand {
    /// Runs this command in a supervised worker; returns the exit status, or nil in the worker itself (or when no
    /// worker could be started), which then runs the command. A worker killed by a signal still leaves a report.
    func superviseWorker() -> Int32? {
        // The worker reports a bad project file itself; here it only says where the report goes.
        let (report, reportDir) = reportPaths(try? fixtureOptions.projectFlags.load())
        let end = WorkerSupervisor.superviseUnlessWorker { CrashReport.removeTempFiles(ofWorker: $0, besides: report) }
        guard let end else { return nil }
        guard case let .killed(signal, pid, journal) = end else {
            if case let .exited(status) = end { return status }
            return 1
        }
        let crash = CrashReport(signal: signal, workerPID: pid, journal: journal, verb: "fsq-contract run")
        let mode = live ? "live" : "replay"
        let harness = HarnessReport(properties: [("mode", mode), ("tool_version", ToolVersion.current)],
                                    options: HarnessReport.writerOptions(fileAttributes: junitFileAttributes, rootTotals: junitRootTotals))
        writeStderr("fsq-contract run: \(crash.message)")
        do {
            try crash.write(harness, to: report)
            if let reportDir { _ = try? ReportSplitter.split(report, into: reportDir) }
            print("report: \(report) (the run crashed: one error case names the signal and the fixtures in flight)")
        } catch {
            writeStderr("fsq-contract run: --report \(report): cannot write the crash report: \(ReportStream.describe(error))")
        }
        let page = JobPage(environment: ProcessInfo.processInfo.environment).publish(
            [crash.result], title: "fsq-contract run (\(mode))", fixturesRoot: nil, reportPath: report, key: nil)
        page.annotations.forEach { print($0) }
        page.warnings.forEach(writeStderr)
        return 1
    }
}
