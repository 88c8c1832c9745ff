import ArgumentParser
import Foundation

/// `fsq-bench replay`: times the release `fsq-contract run` on generated corpora, as a child process, and
/// prints each run's wall time, phase split and peak RSS.
struct ReplayBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Time `fsq-contract run` on issue 12's corpus: wall time, phase split and peak RSS per run.",
        discussion: """
            Builds nothing: runs the fsq-contract beside this binary (or --binary). Corpora are generated into \
            --corpora once (place-search, --places per 2xx body) and reused. Each run's report is checked to \
            exist and the run to exit 0; anything else fails the benchmark.
            """)

    @Option(help: "Corpus sizes to time, comma-separated.") var counts = "10000,100000"
    @Option(help: "Places per 2xx body in a generated corpus.") var places = 10
    @Option(help: "Where generated corpora are kept (places<P>-<COUNT>/).") var corpora = "/tmp/fsq-bench-corpora"
    @Option(help: "Time this fixtures folder instead of generated corpora.") var fixtures: String?
    @Option(help: "Runs per corpus (the median is printed last).") var runs = 3
    @Option(help: "The fsq-contract binary (default: the one beside fsq-bench).") var binary: String?
    @Flag(inversion: .prefixedNo, help: "Pass --timings (drop it for an fsq-contract older than the flag).")
    var timings = true
    @Option(parsing: .upToNextOption, help: "Extra arguments for `fsq-contract run`.") var runArguments: [String] = []

    func run() throws {
        let binary = self.binary ?? Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("fsq-contract").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("--binary \(binary) is not an executable; build it with `swift build -c release --traits Harness --product fsq-contract`")
        }
        var folders: [String] = []
        if let fixtures {
            folders = [fixtures]
        } else {
            for text in counts.split(separator: ",") {
                guard let count = Int(text.trimmingCharacters(in: .whitespaces)), count > 0 else {
                    throw ValidationError("--counts \(counts): '\(text)' is not a positive count")
                }
                folders.append(try corpus(count: count))
            }
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-bench-replay-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        print("fsq-contract: \(binary), \(ProcessInfo.processInfo.activeProcessorCount) cores")
        for folder in folders {
            var measured: [ChildRun] = []
            for index in 1...max(1, runs) {
                let report = scratch.appendingPathComponent("junit.xml").path
                try? FileManager.default.removeItem(atPath: report)
                let child = try ChildRun.spawn(binary, ["run", "--fixtures", folder, "--report", report] + (timings ? ["--timings"] : []) + runArguments,
                                               scratch: scratch)
                guard child.exitStatus == 0, FileManager.default.fileExists(atPath: report) else {
                    FileHandle.standardError.write(Data(child.stderr.utf8))
                    throw ValidationError("fsq-contract run --fixtures \(folder) exited \(child.exitStatus); the corpus must replay green")
                }
                print("\(folder) run \(index): \(child.line)")
                measured.append(child)
            }
            let median = measured.sorted { $0.wall < $1.wall }[measured.count / 2]
            print("\(folder) median: \(median.line)")
        }
    }

    /// The generated corpus of `count` fixtures, written on first use.
    func corpus(count: Int) throws -> String {
        let folder = "\(corpora)/places\(places)-\(count)"
        let done = "\(folder)/.complete"
        if FileManager.default.fileExists(atPath: done) { return folder }
        try? FileManager.default.removeItem(atPath: folder)
        FileHandle.standardError.write(Data("generating \(count) fixtures into \(folder)…\n".utf8))
        var generate = GenerateFixtures()
        generate.count = count
        generate.places = places
        generate.output = folder
        generate.from = "Fixtures"
        generate.seed = 12
        try generate.run()
        FileManager.default.createFile(atPath: done, contents: Data())
        return folder
    }
}

/// One child process run to completion: its wall time, peak RSS (from wait4) and output.
struct ChildRun {
    var wall: Double
    /// Kilobytes, as Linux reports `ru_maxrss`.
    var maxRSSKilobytes: Int
    /// User plus system CPU seconds: steadier than wall time on a shared machine.
    var cpu: Double
    var exitStatus: Int32
    var stdout: String
    var stderr: String

    /// The child's `timings:` line as numbers.
    var timings: [String: Double] {
        guard let line = stderr.split(separator: "\n").last(where: { $0.hasPrefix("timings: ") }) else { return [:] }
        var values: [String: Double] = [:]
        for pair in line.dropFirst("timings: ".count).split(separator: " ") {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return values
    }

    var line: String {
        let t = timings
        guard !t.isEmpty else {
            let last = stdout.split(separator: "\n").last(where: { $0.hasPrefix("report: ") }).map(String.init) ?? "?"
            return String(format: "wall %.3fs, cpu %.3fs, peak RSS %.1f MB; %@", wall, cpu, Double(maxRSSKilobytes) / 1024, last)
        }
        let split = ["discover", "stream", "finish"].map { String(format: "%@ %.2fs", $0, t[$0] ?? -1) }.joined(separator: ", ")
        let busy = ["load", "replay", "report"].map { String(format: "%@ %.2fs", $0, t[$0] ?? -1) }.joined(separator: ", ")
        let cases = stdout.split(separator: "\n").last(where: { $0.contains(" case") && $0.contains(" fixture") }).map(String.init) ?? "?"
        return String(format: "wall %.3fs, cpu %.3fs, peak RSS %.1f MB; %@ (busy, summed over workers: %@); %@",
                      wall, cpu, Double(maxRSSKilobytes) / 1024, split, busy, cases)
    }

    static func spawn(_ path: String, _ arguments: [String], scratch: URL) throws -> ChildRun {
        let out = scratch.appendingPathComponent("stdout").path
        let err = scratch.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw ValidationError("cannot start \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ValidationError("wait4 for \(path) failed: \(String(cString: strerror(errno)))") }
        }
        let wall = (ContinuousClock.now - start)
        let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return ChildRun(wall: seconds, maxRSSKilobytes: usage.ru_maxrss, cpu: cpu, exitStatus: exit,
                        stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                        stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }
}
