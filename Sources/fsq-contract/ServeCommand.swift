import ArgumentParser
import Foundation

/// `fsq-contract serve`: runs the `fsq-emulator` binary built beside this one, with the same arguments.
///
/// The emulator needs SwiftNIO and Hummingbird, which take most of a clean build; keeping them in their own
/// product lets the main job (replay) build without them.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the fixtures on a local HTTP server that answers like the Places API (runs fsq-emulator).",
        discussion: """
        The emulator is its own product: build it with 'swift build --product fsq-emulator'. Every argument is \
        passed to it unchanged; 'fsq-contract serve --help' shows its flags.
        """
    )

    static let emulatorName = "fsq-emulator"

    @Argument(parsing: .captureForPassthrough, help: "Arguments for fsq-emulator, e.g. --fixtures Fixtures --port 8080.")
    var arguments: [String] = []

    func run() throws {
        let emulator = Self.emulatorURL(besides: Self.currentExecutable())
        guard FileManager.default.isExecutableFile(atPath: emulator.path) else {
            writeStderr("fsq-contract serve: \(ServeFailure.notBuilt(emulator))")
            throw ExitCode(2)
        }
        // exec, not spawn: the emulator takes over this process, so signals reach it and its exit status is ours.
        let cArguments = ([emulator.path] + arguments).map { strdup($0) } + [nil]
        execv(emulator.path, cArguments)
        writeStderr("fsq-contract serve: \(ServeFailure.cannotRun(emulator, String(cString: strerror(errno))))")
        throw ExitCode(2)
    }

    /// This process's executable, symlinks resolved, so a linked `fsq-contract` still finds its build folder.
    static func currentExecutable() -> URL {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        #endif
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    }

    static func emulatorURL(besides executable: URL) -> URL {
        executable.deletingLastPathComponent().appendingPathComponent(emulatorName)
    }

    /// What to run to build the emulator for the configuration `folder` holds (`.build/release` → `-c release`).
    static func buildCommand(for folder: URL) -> String {
        folder.lastPathComponent == "release" ? "swift build -c release --product \(emulatorName)" : "swift build --product \(emulatorName)"
    }
}

/// Why `serve` could not start the emulator: one line on stderr, exit 2.
enum ServeFailure: Error, CustomStringConvertible {
    case notBuilt(URL)
    case cannotRun(URL, String)

    var description: String {
        switch self {
        case let .notBuilt(url):
            return "\(url.path) is not built; run '\(ServeCommand.buildCommand(for: url.deletingLastPathComponent()))' first"
        case let .cannotRun(url, reason):
            return "cannot run \(url.path): \(reason)"
        }
    }
}
