import Foundation
import FoursquarePlaces

/// What a finished subprocess left behind.
public struct CommandResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// From launch to exit, as the termination handler saw it: not when the awaiting test got a thread back.
    public var elapsed: Duration = .zero
}

/// Runs the package's built executables, as a user or CI would.
public enum Products {
    /// The package root, found from this file's path.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder holding the built products: the test bundle lives there too.
    public static var directory: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var candidate = testBinary.deletingLastPathComponent()
        // On Apple platforms the test binary is inside an .xctest bundle.
        while candidate.pathExtension == "xctest" || candidate.lastPathComponent == "MacOS"
            || candidate.lastPathComponent == "Contents" {
            candidate.deleteLastPathComponent()
        }
        if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("fsq-contract").path) {
            return candidate
        }
        return packageRoot.appendingPathComponent(".build/debug")
    }

    public static func executable(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Runs the built product `name` with `arguments` to completion, without FSQ_API_KEY or FSQ_RECORD from
    /// the caller's environment unless `environment` sets them. Waits without holding a thread of Swift's
    /// cooperative pool (two threads on a 2-core runner), so in-process servers of other tests keep answering.
    ///
    /// With no `currentDirectory` it runs in an empty temporary folder, so the package's own `fsq-contract.json`
    /// (whose base URL is the real API) is never read by accident; a test that wants it passes `packageRoot`.
    public static func run(
        _ arguments: [String], executable name: String = "fsq-contract", environment: [String: String] = [:],
        currentDirectory: URL? = nil, timeout: Duration = .seconds(180)
    ) async throws -> CommandResult {
        if let currentDirectory {
            return try await runProcess(executable(name), arguments, environment: productEnvironment(environment),
                                        currentDirectory: currentDirectory, timeout: timeout)
        }
        return try await withTemporaryDirectory { scratch in
            try await runProcess(executable(name), arguments, environment: productEnvironment(environment),
                                 currentDirectory: scratch, timeout: timeout)
        }
    }

    static func productEnvironment(_ overrides: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["FSQ_API_KEY"] = nil
        env["FSQ_RECORD"] = nil
        // The runner's own CI variables (`.ci/run` sets CI=true) would change record's mode and where annotations
        // and step summaries go; a test that wants them sets them.
        for name in ["CI", "GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_OUTPUT", "GITHUB_WORKSPACE", "GITLAB_CI"] { env[name] = nil }
        // A runner's proxy would carry the tests' loopback calls off to it; a test that wants a proxy sets one.
        for name in ["https_proxy", "http_proxy", "all_proxy", "no_proxy"] { env[name] = nil; env[name.uppercased()] = nil }
        // Most tests replay a handful of fixtures, whose coverage of the contracts is not what they test: the
        // coverage tests set it back (CoverageRunTests, and the shipped replay in HTMLReportTests).
        env["FSQ_COVERAGE_MINIMUM"] = "0"
        for (key, value) in overrides { env[key] = value }
        return env
    }
}

/// Runs `executable` with `arguments` to completion; output is collected through temp files so pipes never fill.
/// A process still running after `timeout` is killed and the call throws `CommandTimedOut`, so a hung command
/// fails its test instead of hanging the suite.
public func runProcess(
    _ executable: URL, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
    currentDirectory: URL? = nil, timeout: Duration = .seconds(180)
) async throws -> CommandResult {
    let launch = try ProcessLaunch(executable, arguments, environment: environment, currentDirectory: currentDirectory)
    let timedOut = Locked(false)
    let timer = DispatchSource.makeTimerSource()
    timer.schedule(deadline: .now() + timeout.timeInterval)
    timer.setEventHandler {
        timedOut.withLock { $0 = true }
        kill(launch.process.processIdentifier, SIGKILL)
    }
    let launched = ContinuousClock.now
    let exited = Locked(launched)
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
        do {
            try launch.start {
                exited.withLock { $0 = ContinuousClock.now }
                continuation.resume()
            }
            timer.resume()
        } catch {
            continuation.resume(throwing: error)
        }
    }
    timer.cancel()
    var result = try launch.finish(timedOut: timedOut.withLock { $0 }, timeout: timeout)
    result.elapsed = exited.withLock { $0 } - launched
    return result
}

/// A subprocess with its output going to temp files, started once and read when it has exited.
struct ProcessLaunch: @unchecked Sendable {
    let process = Process()
    let command: [String]
    private let scratch: URL
    private let out: FileHandle
    private let err: FileHandle

    init(_ executable: URL, _ arguments: [String], environment: [String: String], currentDirectory: URL?) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        command = [executable.lastPathComponent] + arguments
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: scratch.appendingPathComponent("out").path, contents: nil)
        FileManager.default.createFile(atPath: scratch.appendingPathComponent("err").path, contents: nil)
        out = try FileHandle(forWritingTo: scratch.appendingPathComponent("out"))
        err = try FileHandle(forWritingTo: scratch.appendingPathComponent("err"))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
    }

    func start(onExit: @escaping @Sendable () -> Void) throws {
        process.terminationHandler = { _ in onExit() }
        try process.run()
    }

    /// The result, once the process has exited; throws `CommandTimedOut` if it was killed at its timeout.
    func finish(timedOut: Bool, timeout: Duration) throws -> CommandResult {
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.waitUntilExit()
        try out.close()
        try err.close()
        let result = CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: scratch.appendingPathComponent("out")), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: scratch.appendingPathComponent("err")), as: UTF8.self))
        if timedOut { throw CommandTimedOut(command: command, timeout: timeout, output: result) }
        return result
    }
}

/// A subprocess outlived its timeout and was killed.
public struct CommandTimedOut: Error, CustomStringConvertible {
    public let command: [String]
    public let timeout: Duration
    /// What it wrote before it was killed.
    public let output: CommandResult

    public var description: String {
        "`\(command.joined(separator: " "))` was still running after \(timeout) and was killed\n"
            + "stdout (last 2000 characters): \(output.stdout.suffix(2000))\nstderr (last 2000 characters): \(output.stderr.suffix(2000))"
    }
}

extension Duration {
    /// Seconds as a `TimeInterval`, for Dispatch.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

/// A temporary folder removed when the value is dropped by `withTemporaryDirectory`.
public func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

/// Async variant of `withTemporaryDirectory`.
public func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(url)
}

/// Copies shipped fixtures (relative paths under `Fixtures/`) into `folder`, keeping their endpoint folders.
public func copyFixtures(_ relativePaths: [String], to folder: URL) throws {
    for path in relativePaths {
        let source = Products.packageRoot.appendingPathComponent("Fixtures").appendingPathComponent(path)
        let target = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: target)
    }
}

/// Writes `contents` at `folder/relativePath`, creating folders.
public func writeFile(_ contents: Data, at relativePath: String, in folder: URL) throws {
    let target = folder.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: target)
}
