import HarnessCore

/// Counts for one suite (endpoint), the plain input of the step summary.
package struct SuiteCounts: Sendable, Hashable {
    package var name: String
    package var passed: Int
    package var failed: Int
    package var errors: Int
    package var skipped: Int

    package init(name: String, passed: Int = 0, failed: Int = 0, errors: Int = 0, skipped: Int = 0) {
        self.name = name
        self.passed = passed
        self.failed = failed
        self.errors = errors
        self.skipped = skipped
    }

    package var problems: Int { failed + errors }
}

/// One failing or erroring case, as the job page shows it.
package struct ProblemCase: Sendable, Hashable {
    package enum Kind: String, Sendable { case failure, error }

    package var kind: Kind
    /// The testcase name, e.g. `place-details/404-not-found.json [bearer] error-mapping`.
    package var name: String
    /// The file to annotate, relative to the repository (e.g. `Fixtures/place-details/404-not-found.json`).
    package var file: String?
    package var message: String
    /// The full detail (expected versus actual).
    package var detail: String
    /// Where in `file`, when known (a load error).
    package var line: Int?
    package var column: Int?

    package init(kind: Kind, name: String, file: String?, message: String, detail: String = "", line: Int? = nil, column: Int? = nil) {
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
package struct JobPageCollector: Sendable {
    package let limit: Int
    package private(set) var suites: [SuiteCounts] = []
    package private(set) var problems: [ProblemCase] = []
    /// Every problem seen, including those past `limit`.
    package private(set) var problemCount = 0
    /// Counted warnings (`--openapi-warn`), for the summary's warning line.
    package private(set) var warningCount = 0
    private var suiteIndex: [String: Int] = [:]
    private let fixturesRoot: String?

    /// `fixturesRoot` prefixes fixture paths for annotations (e.g. `Fixtures`).
    package init(limit: Int = 50, fixturesRoot: String? = nil) {
        self.limit = limit
        self.fixturesRoot = fixturesRoot
    }

    package mutating func add(_ result: CaseResult) {
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
    package func suites(orderedBy order: [String]) -> [SuiteCounts] {
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
