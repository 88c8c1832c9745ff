import ArgumentParser
import JUnitXML

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `fsq-bench junit-write`: streams N testcases into one suite and reports time and size.
struct JUnitWriteBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "junit-write",
        abstract: "Write a JUnit report with N testcases in one suite (flat memory, atomic rename).")

    @Option(help: "Number of testcases.")
    var count: Int = 1_000_000

    @Option(help: "Report path (default: a temp file, removed afterwards).")
    var output: String?

    @Flag(help: "Add file/line attributes to every testcase.")
    var fileAttributes = false

    @Flag(help: "Skip the fsync before the rename (shows what durability costs).")
    var noFsync = false

    func run() throws {
        let tmp = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let path = output ?? "\(tmp)/fsq-bench-junit-\(getpid()).xml"
        let clock = ContinuousClock()
        let start = clock.now
        let writer = try StreamingReportWriter(
            path: path, reportName: "fsq-bench",
            options: ReportWriterOptions(includeFileAttributes: fileAttributes, durable: !noFsync))
        try writer.beginSuite(TestSuite(
            name: "Bench.JUnitWrite", properties: [Property(name: "count", value: String(count))],
            systemOut: "bench\n"))
        // A realistic mix: mostly passes, some failures, errors and skips, each with detail text.
        for i in 0..<count {
            let outcome: TestOutcome
            if i % 100 == 99 {
                outcome = .failure(TestProblem(
                    message: "expected 200, got 500", type: "StatusMismatch",
                    text: "expected 200, got 500\nGET /places/search?ll=\(i) -> 500 <error> & \"quote\""))
            } else if i % 1000 == 998 {
                outcome = .error(TestProblem(message: "timed out", type: "Timeout", text: "no response after 5 s"))
            } else if i % 1000 == 997 {
                outcome = .skipped(message: "not recorded")
            } else {
                outcome = .passed
            }
            try writer.add(TestCase(
                name: "test_\(i)", classname: "Bench.Places", time: Double(i % 997) / 1000,
                outcome: outcome, file: "Tests/Bench.swift", line: i % 5000 + 1))
        }
        try writer.endSuite()
        try writer.finish()
        let elapsed = clock.now - start
        var st = stat()
        let size = stat(path, &st) == 0 ? Int64(st.st_size) : -1
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("junit-write: \(count) testcases, \(size) bytes, \(seconds) s -> \(path)")
        if output == nil { unlink(path) }
    }
}
