// The in-memory JUnit model: testsuites → testsuite → testcase.

/// How a single testcase ended.
public enum TestOutcome: Sendable, Hashable {
    case passed
    case failure(TestProblem)
    case error(TestProblem)
    case skipped(message: String?)
}
