/// A whole report: the `<testsuites>` root.
public struct TestReport: Sendable, Hashable {
    public var name: String
    public var suites: [TestSuite]

    public init(name: String, suites: [TestSuite] = []) {
        self.name = name
        self.suites = suites
    }

    public var tests: Int { suites.reduce(0) { $0 + $1.tests } }
    public var failures: Int { suites.reduce(0) { $0 + $1.failures } }
    public var errors: Int { suites.reduce(0) { $0 + $1.errors } }
    public var skipped: Int { suites.reduce(0) { $0 + $1.skipped } }
    public var time: Double { suites.reduce(0) { $0 + $1.totalTime } }
    /// Cases that neither failed, erred nor were skipped.
    public var passed: Int { tests - failures - errors - skipped }
}
