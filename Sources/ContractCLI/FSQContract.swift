import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation

/// The `fsq-contract` command tree: every verb, whatever traits the binary was built with (see `Collaborators`).
package struct FSQContract: AsyncParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "fsq-contract",
        abstract: "Contract tests for the Foursquare Places API client: replay fixtures, call live, record, detect drift.",
        version: ToolVersion.current,
        subcommands: [RunCommand.self, ListCommand.self, ServeCommand.self, RecordCommand.self, DriftCommand.self, NightlyCommand.self, MergeCommand.self, ValidateReportCommand.self, CountsCommand.self,
                      SpecDiffCommand.self, FixturesCommand.self, FuzzCommand.self]
    )

    /// No verb is a usage error: help goes to stderr and the exit status is 2, so a CI typo is not green.
    package func run() async throws {
        writeStderr(Self.helpMessage())
        throw ExitCode(2)
    }

    /// Runs the command with main's collaborators. The one place usage errors become exit 2: ArgumentParser's own
    /// (exit 64) and every `UsageFailure` a verb throws, each as one line naming the verb. A `JobExit` is its status.
    package static func runCommandLine(with collaborators: Collaborators) async {
        var verb = "fsq-contract"
        do {
            var command = try parseAsRoot()
            if !(command is FSQContract) { verb += " " + (type(of: command).configuration.commandName ?? "") }
            // `run`, `drift` and `nightly` supervise a worker, so a crash still leaves a report (see WorkerSupervisor).
            if let verb = command as? SupervisedVerb, let status = verb.superviseWorker() { Foundation.exit(status) }
            if var collaborating = command as? CollaboratingCommand {
                try await collaborating.run(with: collaborators)
            } else if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let end as JobExit {
            exit(withError: ExitCode(end.status))
        } catch let failure as UsageFailure {
            writeStderr("\(verb): \(failure)")
            exit(withError: ExitCode(2))
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                let reason = message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "invalid usage"
                let corrected = OptionSuggestion.corrected(reason, verb: OptionSuggestion.verb(in: CommandLine.arguments))
                writeStderr("fsq-contract: \(corrected) (see fsq-contract --help)")
                exit(withError: ExitCode(2))
            }
            exit(withError: error)
        }
    }
}
