import ArgumentParser
import Foundation

/// A binary of this package built beside the running one (`fsq-emulator`, `fsq-live`), which a verb hands over to.
///
/// Products with heavy dependencies (SwiftNIO) stay out of `fsq-contract`, so the main job builds without them.
struct SiblingExecutable {
    let name: String

    /// This process's executable, symlinks resolved, so a linked `fsq-contract` still finds its build folder.
    static func currentExecutable() -> URL {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    }

    func url(besides executable: URL) -> URL {
        executable.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// What to run to build it for the configuration `folder` holds (`.build/release` → `-c release`).
    func buildCommand(for folder: URL) -> String {
        folder.lastPathComponent == "release"
            ? "swift build -c release --traits Harness --product \(name)" : "swift build --traits Harness --product \(name)"
    }

    /// Replaces this process with the sibling, run with `arguments`; returns only by throwing exit 2 with one line.
    /// exec, not spawn: signals reach it and its exit status is ours.
    func exec(_ arguments: [String], verb: String) throws -> Never {
        let binary = url(besides: Self.currentExecutable())
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            writeStderr("\(verb): \(SiblingFailure.notBuilt(binary, buildCommand(for: binary.deletingLastPathComponent())))")
            throw ExitCode(2)
        }
        fflush(nil)  // whatever this process printed must not be lost by exec
        let cArguments = ([binary.path] + arguments).map { strdup($0) } + [nil]
        execv(binary.path, cArguments)
        writeStderr("\(verb): \(SiblingFailure.cannotRun(binary, String(cString: strerror(errno))))")
        throw ExitCode(2)
    }
}

/// Why a verb could not hand over to its sibling binary: one line on stderr, exit 2.
enum SiblingFailure: Error, CustomStringConvertible {
    case notBuilt(URL, String)
    case cannotRun(URL, String)

    var description: String {
        switch self {
        case let .notBuilt(url, build):
            return "\(url.path) is not built; run '\(build)' first"
        case let .cannotRun(url, reason):
            return "cannot run \(url.path): \(reason)"
        }
    }
}
