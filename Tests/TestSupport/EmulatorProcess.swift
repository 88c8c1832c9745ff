import Foundation

/// The `fsq-emulator` product started as a subprocess on 127.0.0.1 port 0, stopped with SIGTERM.
public final class EmulatorProcess: @unchecked Sendable {
    /// How the emulator is started.
    public enum Launcher: Sendable {
        /// `fsq-emulator ARGUMENTS`.
        case emulator
        /// `fsq-contract serve ARGUMENTS`, which runs the emulator in its own process.
        case contractServe
    }

    public let process = Process()
    public let port: Int
    private let logURL: URL
    private let outURL: URL

    /// `https` when started with `--tls-cert` and `--tls-key`.
    public let scheme: String

    public var baseURL: String { "\(scheme)://127.0.0.1:\(port)" }

    /// Starts the emulator and waits for its `listening on http://127.0.0.1:PORT` line, without holding a thread
    /// of the cooperative pool (a start under load takes seconds, and the pool has two).
    public init(
        fixtures: URL, arguments: [String] = [], environment: [String: String] = [:], launcher: Launcher = .emulator
    ) async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-emu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        logURL = scratch.appendingPathComponent("stderr.log")
        outURL = scratch.appendingPathComponent("stdout.log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        let emulatorArguments = ["--fixtures", fixtures.path, "--port", "0"] + arguments
        switch launcher {
        case .emulator:
            process.executableURL = Products.executable("fsq-emulator")
            process.arguments = emulatorArguments
        case .contractServe:
            process.executableURL = Products.executable("fsq-contract")
            process.arguments = ["serve"] + emulatorArguments
        }
        var env = ProcessInfo.processInfo.environment
        env["FSQ_API_KEY"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let found = try await offThePool { [process, outURL] in await Self.listeningPort(process, printedTo: outURL) }
        guard let found else {
            let why = process.isRunning ? "printed no listening line within 20 s" : "exited with status \(process.terminationStatus)"
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let log = [outURL, logURL].map { String(decoding: (try? Data(contentsOf: $0)) ?? Data(), as: UTF8.self) }.joined()
            throw EmulatorStartFailure(description: "\(process.executableURL?.lastPathComponent ?? "emulator") \(why): \(log)")
        }
        port = found
        scheme = arguments.contains("--tls-cert") ? "https" : "http"
    }

    /// The port of the `listening on http(s)://127.0.0.1:PORT` line `process` prints first, read until it exits or
    /// 20 s have passed (and once more then, so a late wake-up never misses a line that came in time).
    private static func listeningPort(_ process: Process, printedTo outURL: URL) async -> Int? {
        let deadline = Date().addingTimeInterval(20)
        while true {
            let text = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
            if let line = text.split(separator: "\n").first,
               line.hasPrefix("listening on http://127.0.0.1:") || line.hasPrefix("listening on https://127.0.0.1:"),
               let value = Int(line.split(separator: ":").last ?? "") {
                return value
            }
            guard Date() < deadline, process.isRunning else { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Everything the emulator wrote to stdout and stderr so far.
    public var output: String {
        let out = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        let err = String(decoding: (try? Data(contentsOf: logURL)) ?? Data(), as: UTF8.self)
        return out + err
    }

    /// Sends SIGTERM and waits for the process to end; returns its exit status.
    @discardableResult
    public func stop() -> Int32 {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit { stop() }
}

/// The emulator subprocess never printed its listening line.
public struct EmulatorStartFailure: Error, CustomStringConvertible {
    public let description: String
}

/// A copy of the shipped fixtures in a temp folder, for tests that change or record them.
public func copyShippedFixtures(to folder: URL, filter: (String) -> Bool = { _ in true }) throws {
    let root = Products.packageRoot.appendingPathComponent("Fixtures")
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
    var paths: [String] = []
    for case let url as URL in enumerator where url.pathExtension == "json" {
        let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        if filter(relative) { paths.append(relative) }
    }
    try copyFixtures(paths, to: folder)
}
