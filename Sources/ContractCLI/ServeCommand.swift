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
        The emulator is its own product: build it with 'swift build --traits Harness --product fsq-emulator'. Every argument is \
        passed to it unchanged; 'fsq-contract serve --help' shows its flags.
        """
    )

    @Argument(parsing: .captureForPassthrough, help: "Arguments for fsq-emulator, e.g. --fixtures Fixtures --port 8080.")
    var arguments: [String] = []

    static let emulator = SiblingExecutable(name: "fsq-emulator")

    func run() throws {
        try Self.emulator.exec(try Self.withProjectFixtures(arguments), verb: "fsq-contract serve")
    }

    /// The emulator's arguments, with the project file's fixtures folder when they name none. `--project FILE` and
    /// `--no-project` are read here and not passed on (the emulator does not know them).
    static func withProjectFixtures(_ arguments: [String]) throws -> [String] {
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
