/// Counts of a written report, without its testcases.
public struct ReportSummary: Sendable, Hashable {
    public var suites: Int
    public var tests: Int
    public var failures: Int
    public var errors: Int
    public var skipped: Int

    public init(suites: Int = 0, tests: Int = 0, failures: Int = 0, errors: Int = 0, skipped: Int = 0) {
        self.suites = suites
        self.tests = tests
        self.failures = failures
        self.errors = errors
        self.skipped = skipped
    }
}
