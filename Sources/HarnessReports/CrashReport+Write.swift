import HarnessCore

extension CrashReport {
    /// Writes the report to `path` with `report`'s properties and options (the worker's temp files are removed).
    package func write(_ report: HarnessReport, to path: String) throws {
        Self.removeTempFiles(ofWorker: workerPID, besides: path)
        try report.write([result], to: path)
    }
}
