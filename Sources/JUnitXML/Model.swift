// The in-memory JUnit model: testsuites → testsuite → testcase.

/// How a single testcase ended.
public enum TestOutcome: Sendable, Hashable {
    case passed
    case failure(TestProblem)
    case error(TestProblem)
    case skipped(message: String?)
}

/// The detail of a failure or error: a short message, a type and the full body text.
public struct TestProblem: Sendable, Hashable {
    public var message: String
    public var type: String
    public var text: String

    public init(message: String, type: String, text: String) {
        self.message = message
        self.type = type
        self.text = text
    }
}

/// One `<testcase>`.
public struct TestCase: Sendable, Hashable {
    public var name: String
    public var classname: String
    /// Seconds.
    public var time: Double
    public var outcome: TestOutcome
    public var systemOut: String?
    public var systemErr: String?
    /// Written only when `ReportWriterOptions.includeFileAttributes` is on.
    public var file: String?
    public var line: Int?

    public init(
        name: String, classname: String, time: Double = 0, outcome: TestOutcome = .passed,
        systemOut: String? = nil, systemErr: String? = nil, file: String? = nil, line: Int? = nil
    ) {
        self.name = name
        self.classname = classname
        self.time = time
        self.outcome = outcome
        self.systemOut = systemOut
        self.systemErr = systemErr
        self.file = file
        self.line = line
    }
}

/// A `<property name value>` inside a suite's `<properties>`.
public struct Property: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One `<testsuite>`: header information plus, in the in-memory model, its testcases.
///
/// The streaming writer ignores `testCases` and computes the counts itself.
public struct TestSuite: Sendable, Hashable {
    public var name: String
    public var timestamp: UTCTimestamp
    public var hostname: String
    public var properties: [Property]
    public var systemOut: String
    public var systemErr: String
    /// Written as `package`; defaults to `name` when nil.
    public var package: String?
    /// Written as `id`; defaults to the suite's position in the report when nil.
    public var id: Int?
    /// Wall time of the whole suite in seconds; nil means the sum of the testcase times.
    public var time: Double?
    public var testCases: [TestCase]

    public init(
        name: String, timestamp: UTCTimestamp = .now(), hostname: String = "localhost",
        properties: [Property] = [], systemOut: String = "", systemErr: String = "",
        package: String? = nil, id: Int? = nil, time: Double? = nil, testCases: [TestCase] = []
    ) {
        self.name = name
        self.timestamp = timestamp
        self.hostname = hostname
        self.properties = properties
        self.systemOut = systemOut
        self.systemErr = systemErr
        self.package = package
        self.id = id
        self.time = time
        self.testCases = testCases
    }

    public var tests: Int { testCases.count }
    public var failures: Int { testCases.reduce(0) { $0 + ($1.outcome.isFailure ? 1 : 0) } }
    public var errors: Int { testCases.reduce(0) { $0 + ($1.outcome.isError ? 1 : 0) } }
    public var skipped: Int { testCases.reduce(0) { $0 + ($1.outcome.isSkipped ? 1 : 0) } }
    /// `time` if set, else the sum of the testcase times.
    public var totalTime: Double { time ?? testCases.reduce(0) { $0 + $1.time } }
}

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

extension TestOutcome {
    var isFailure: Bool { if case .failure = self { true } else { false } }
    var isError: Bool { if case .error = self { true } else { false } }
    var isSkipped: Bool { if case .skipped = self { true } else { false } }
}

/// Which totals the `<testsuites>` root carries; the public schemas disagree on this.
public enum RootAttributes: Sendable, Hashable {
    /// `name tests failures errors skipped time` (the default).
    case totals
    /// Like `totals` without `skipped`: the Jenkins xUnit XSD declares no `skipped` on the root.
    case jenkinsXUnit
    /// A bare `<testsuites>`: the Ant (windyroad) XSD declares no root attributes at all.
    case none
}

/// Options for the report writer.
public struct ReportWriterOptions: Sendable {
    /// Adds `file` and `line` to testcases (GitLab, CircleCI, action-junit-report); the xUnit XSD rejects them.
    public var includeFileAttributes: Bool
    /// Longest string written, in UTF-8 bytes after cleaning; the rest is cut with a note.
    /// Capped at `XMLText.hardTextLimit` because libxml2 readers refuse text nodes over 10 MB.
    public var maxTextBytes: Int
    /// Attributes on the `<testsuites>` root.
    public var rootAttributes: RootAttributes
    /// fsync the report before renaming it into place.
    public var durable: Bool
    /// A suite begun under a name already written joins that suite: one `<testsuite>` per name (merging shards).
    public var combineSuitesByName: Bool
    /// The file's root is its one `<testsuite>` (Ant's and Surefire's `TEST-<suite>.xml`), without `package`
    /// and `id`, which the Ant schema allows only inside `<testsuites>`.
    public var singleSuiteRoot: Bool

    public init(
        includeFileAttributes: Bool = false, maxTextBytes: Int = 1_000_000,
        rootAttributes: RootAttributes = .totals, durable: Bool = true,
        combineSuitesByName: Bool = false, singleSuiteRoot: Bool = false
    ) {
        self.includeFileAttributes = includeFileAttributes
        self.maxTextBytes = maxTextBytes
        self.rootAttributes = rootAttributes
        self.durable = durable
        self.combineSuitesByName = combineSuitesByName
        self.singleSuiteRoot = singleSuiteRoot
    }
}

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

extension TestSuite {
    /// Folds a same-named suite's header into this one: the earliest timestamp, every distinct property,
    /// both outputs. Counts and times are summed by the writer.
    mutating func absorb(_ other: TestSuite) {
        if other.timestamp.secondsSince1970 < timestamp.secondsSince1970 { timestamp = other.timestamp }
        for p in other.properties where !properties.contains(p) { properties.append(p) }
        systemOut = Self.joined(systemOut, other.systemOut)
        systemErr = Self.joined(systemErr, other.systemErr)
    }

    private static func joined(_ a: String, _ b: String) -> String {
        if b.isEmpty { return a }
        if a.isEmpty { return b }
        return a.hasSuffix("\n") ? a + b : a + "\n" + b
    }
}

/// An error from reading, writing, merging or validating a report; names the file and the reason.
public struct JUnitXMLError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, so a CLI can choose an exit code.
    public enum Kind: Sendable, Hashable {
        /// The file could not be opened or read.
        case unreadable
        /// The file is not well-formed XML or not a JUnit report.
        case malformed
        /// Writing the report failed.
        case write
        /// The API was called out of order (e.g. `add` before `beginSuite`).
        case usage
    }

    public var kind: Kind
    public var file: String
    public var reason: String

    public init(_ kind: Kind, file: String, reason: String) {
        self.kind = kind
        self.file = file
        self.reason = reason
    }

    public var description: String {
        let oneLine = reason.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
        return "\(file): \(oneLine)"
    }
}
