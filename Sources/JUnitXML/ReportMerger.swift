/// Combines N reports into one, with totals recomputed from the testcases.
public enum ReportMerger {
    /// Reads every report in order, writes all their suites to `output` (atomically) and returns the merged
    /// model. Suite `id`s are renumbered from 0; a missing `package` becomes the suite name.
    public static func merge(
        _ paths: [String], into output: String, name: String = "fsq-contract",
        options: ReportWriterOptions = .init()
    ) throws -> TestReport {
        var merged = TestReport(name: name)
        for path in paths {
            for var suite in try ReportReader.read(path: path).suites {
                suite.id = merged.suites.count
                suite.package = suite.package ?? suite.name
                merged.suites.append(suite)
            }
        }
        try writeReport(merged, to: output, options: options)
        return merged
    }
}
