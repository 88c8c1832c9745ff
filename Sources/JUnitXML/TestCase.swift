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
