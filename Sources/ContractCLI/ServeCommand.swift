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
        try Self.emulator.exec(arguments, verb: "fsq-contract serve")
    }
}
