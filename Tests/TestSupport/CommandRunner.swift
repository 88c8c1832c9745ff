import Foundation

/// What a finished subprocess left behind.
public struct CommandResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
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

    /// Runs `name` with `arguments` to completion; output is collected through temp files so pipes never fill.
    public static func run(
        _ arguments: [String], executable name: String = "fsq-contract", environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable(name)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["FSQ_API_KEY"] = nil
        env["FSQ_RECORD"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
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
