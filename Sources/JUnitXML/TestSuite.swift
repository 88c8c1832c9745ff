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
