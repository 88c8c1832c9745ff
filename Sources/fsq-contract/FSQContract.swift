import ArgumentParser
import ContractHarness
import Foundation

@main
struct FSQContract: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsq-contract",
        abstract: "Contract tests for the Foursquare Places API client: replay fixtures, call live, record, detect drift.",
        version: ToolVersion.current,
        subcommands: [RunCommand.self, ListCommand.self, ServeCommand.self, RecordCommand.self, DriftCommand.self, MergeCommand.self, ValidateReportCommand.self]
    )

    /// Runs the command, turning ArgumentParser's usage errors (exit 64) into a one-line reason and exit 2.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                let reason = message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "invalid usage"
                writeStderr("fsq-contract: \(reason) (see fsq-contract --help)")
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
