/// Counts for one suite (endpoint), the plain input of the step summary.
public struct SuiteCounts: Sendable, Hashable {
    public var name: String
    public var passed: Int
    public var failed: Int
    public var errors: Int
    public var skipped: Int

    public init(name: String, passed: Int = 0, failed: Int = 0, errors: Int = 0, skipped: Int = 0) {
        self.name = name
        self.passed = passed
        self.failed = failed
        self.errors = errors
        self.skipped = skipped
    }

    public var problems: Int { failed + errors }
}

/// One failing or erroring case, as the job page shows it.
public struct ProblemCase: Sendable, Hashable {
    public enum Kind: String, Sendable { case failure, error }

    public var kind: Kind
    /// The testcase name, e.g. `place-details/404-not-found.json [bearer] error-mapping`.
    public var name: String
    /// The file to annotate, relative to the repository (e.g. `Fixtures/place-details/404-not-found.json`).
    public var file: String?
    public var message: String
    /// The full detail (expected versus actual).
    public var detail: String
    /// Where in `file`, when known (a load error).
    public var line: Int?
    public var column: Int?

    public init(kind: Kind, name: String, file: String?, message: String, detail: String = "", line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.name = name
        self.file = file
        self.message = message
        self.detail = detail
        self.line = line
        self.column = column
    }
}

/// Collects what the job page needs from results as they stream: counts per suite and the first
/// `limit` problems. Memory stays bounded however many cases run.
public struct JobPageCollector: Sendable {
    public let limit: Int
    public private(set) var suites: [SuiteCounts] = []
    public private(set) var problems: [ProblemCase] = []
    /// Every problem seen, including those past `limit`.
    public private(set) var problemCount = 0
    /// Counted warnings (`--openapi-warn`), for the summary's warning line.
    public private(set) var warningCount = 0
    private var suiteIndex: [String: Int] = [:]
    private let fixturesRoot: String?

    /// `fixturesRoot` prefixes fixture paths for annotations (e.g. `Fixtures`).
    public init(limit: Int = 50, fixturesRoot: String? = nil) {
        self.limit = limit
        self.fixturesRoot = fixturesRoot
    }

    public mutating func add(_ result: CaseResult) {
        warningCount += result.warnings
        let i: Int
        if let known = suiteIndex[result.endpoint] {
            i = known
        } else {
            i = suites.count
            suiteIndex[result.endpoint] = i
            suites.append(SuiteCounts(name: result.endpoint))
        }
        let kind: ProblemCase.Kind
        let message: String, detail: String
        switch result.verdict {
        case .pass: suites[i].passed += 1; return
        case .skip: suites[i].skipped += 1; return
        case let .fail(m, d): suites[i].failed += 1; (kind, message, detail) = (.failure, m, d)
        case let .error(m, d): suites[i].errors += 1; (kind, message, detail) = (.error, m, d)
        }
        problemCount += 1
        guard problems.count < limit else { return }
        // A crash belongs to the run, not to a file.
        let file = result.check == .crash ? nil : fixturesRoot.map { Self.join($0, result.fixture) } ?? result.fixture
        problems.append(ProblemCase(kind: kind, name: result.name, file: file, message: message, detail: detail,
                                    line: result.line, column: result.column))
    }

    /// Suites in the given order (e.g. the report's), then any others.
    public func suites(orderedBy order: [String]) -> [SuiteCounts] {
        let known = order.compactMap { suiteIndex[$0].map { suites[$0] } }
        return known + suites.filter { !order.contains($0.name) }
    }

    static func join(_ root: String, _ path: String) -> String {
        var root = root
        while root.hasSuffix("/") { root.removeLast() }
        if root.hasPrefix("./") { root.removeFirst(2) }
        return root.isEmpty || root == "." ? path : root + "/" + path
    }
}
