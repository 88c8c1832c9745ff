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
