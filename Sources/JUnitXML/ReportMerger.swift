/// Combines N reports into one `<testsuite>` per suite name, streaming, with totals recomputed.
public enum ReportMerger {
    /// Streams every report in order into `output` (atomically). Suites with the same name, from any
    /// input, become one suite: testcases in input order, counts and times summed, the earliest timestamp,
    /// every distinct property and all output. Suite `id`s are renumbered from 0; a missing `package`
    /// becomes the suite name. Memory does not grow with the size of the reports.
    @discardableResult
    public static func merge(
        _ paths: [String], into output: String, name: String = "fsq-contract",
        options: ReportWriterOptions = .init()
    ) throws -> ReportSummary {
        var options = options
        options.combineSuitesByName = true
        options.singleSuiteRoot = false
        let writer = try StreamingReportWriter(path: output, reportName: name, options: options)
        do {
            for path in paths { try SuiteCopier(writer).copy(path) }
            try writer.finish()
        } catch {
            writer.abandon()
            throw error
        }
        return writer.summary
    }
}

/// Feeds one streamed report into a suite-combining writer. A testcase belongs to its innermost suite; a
/// suite interrupted by a nested one continues in a new chunk, which the writer joins by name.
final class SuiteCopier {
    private struct Open {
        var header: TestSuite
        var chunkOpen = false
    }

    private let writer: StreamingReportWriter
    private var stack: [Open] = []

    init(_ writer: StreamingReportWriter) {
        self.writer = writer
    }

    func copy(_ path: String) throws {
        try ReportReader.stream(
            path: path,
            suiteStart: { [unowned self] in try start($0) },
            testCase: { [unowned self] in try add($0) },
            suiteEnd: { [unowned self] in try end($0, $1) })
    }

    private func start(_ suite: TestSuite) throws {
        if let top = stack.last, top.chunkOpen {
            var partial = top.header
            partial.time = nil  // this chunk's time is its testcases'
            try writer.endSuite(header: partial)
            stack[stack.count - 1].chunkOpen = false
        }
        var header = suite
        header.id = nil
        stack.append(Open(header: header))
    }

    private func add(_ testCase: TestCase) throws {
        if !stack[stack.count - 1].chunkOpen {
            try writer.beginSuite(stack[stack.count - 1].header)
            stack[stack.count - 1].chunkOpen = true
        }
        try writer.add(testCase)
    }

    private func end(_ suite: TestSuite, _ shape: ReportReader.SuiteShape) throws {
        guard let top = stack.popLast() else { return }
        var header = suite
        header.id = nil
        // A suite split into chunks by nested ones: its time is the sum of its own testcases'.
        if shape.hasChildSuites { header.time = nil }
        if top.chunkOpen {
            try writer.endSuite(header: header)
        } else if shape.isLeaf {
            // An empty suite, or the tail of one whose testcases came before a nested suite: its header counts.
            try writer.beginSuite(header)
            try writer.endSuite(header: header)
        }
    }
}
