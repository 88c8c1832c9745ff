import ArgumentParser
import HarnessJobs
import Foundation

/// `fsq-contract serve`: runs the emulator in this process (main's, with the Emulator trait), with the same
/// arguments as `fsq-emulator`.
///
/// The emulator needs SwiftNIO and Hummingbird, which take most of a clean build; behind their own trait, the
/// main job (replay) builds without them.
package struct ServeCommand: AsyncParsableCommand, CollaboratingCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the fixtures on a local HTTP server that answers like the Places API (fsq-emulator's flags).",
        discussion: """
        Built with the Emulator trait ('swift build --traits Emulator --product fsq-contract'). Every argument is \
        passed to the emulator unchanged; 'fsq-contract serve --help' shows its flags.
        """
    )

    @Argument(parsing: .captureForPassthrough, help: "Arguments for fsq-emulator, e.g. --fixtures Fixtures --port 8080.")
    package var arguments: [String] = []

    /// In process (tests): a binary with no trait beyond Harness.
    package func run() async throws { try await serve(with: nil) }

    package func run(with collaborators: Collaborators) async throws { try await serve(with: collaborators.emulator) }

    package func serve(with emulator: (@Sendable ([String]) async -> Void)?) async throws {
        let arguments = try Self.withProjectFixtures(arguments)
        let serve = try emulator.needed(for: "serve", trait: "Emulator")
        await serve(arguments)
    }

    /// The emulator's arguments, with the project file's fixtures folder when they name none. `--project FILE` and
    /// `--no-project` are read here and not passed on (the emulator does not know them).
    package static func withProjectFixtures(_ arguments: [String]) throws -> [String] {
        var rest: [String] = []
        var projectArguments: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--no-project" || argument.hasPrefix("--project=") {
                projectArguments.append(argument)
            } else if argument == "--project", index + 1 < arguments.count {
                projectArguments += [argument, arguments[index + 1]]
                index += 1
            } else {
                rest.append(argument)
            }
            index += 1
        }
        let namesFixtures = rest.contains { $0 == "--fixtures" || $0.hasPrefix("--fixtures=") }
        guard !namesFixtures, !rest.contains("--help"), !rest.contains("-h"), let fixtures = try ProjectFlags.parse(projectArguments).load().fixtures else { return rest }
        return ["--fixtures", fixtures] + rest
    }
}
