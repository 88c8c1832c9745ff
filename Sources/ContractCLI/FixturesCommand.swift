import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessNightly
import HarnessProject
import Foundation
import FoursquarePlaces

/// `fsq-contract fixtures`: what the fixtures folder holds of the provider's data (`audit`), and removing it (`scrub`).
struct FixturesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixtures",
        abstract: "Audit the fixtures for recorded raw values, or scrub them in place.",
        subcommands: [FixturesAuditCommand.self, FixturesScrubCommand.self])

    /// No subcommand is a usage error, as for the root: a CI typo is not green.
    func run() throws {
        writeStderr(Self.helpMessage())
        throw ExitCode(2)
    }
}

/// `fsq-contract fixtures audit`: lists the fixtures that hold recorded raw values with their age, and fails when
/// the project's policy does not allow them.
struct FixturesAuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "List fixtures holding recorded raw values (with their age); fail when the project's policy does not allow them.",
        discussion: """
            A fixture holds raw values when it was recorded with --keep-values (recorded.values: raw), or recorded \
            before record synthesized values (no recorded.values). Hand-written fixtures (source: authored) do not.
            Exit status: 0 the policy allows every fixture; 1 a raw fixture exists under keepValues: false (the \
            default), one is older than fixtureMaxAgeDays (or its age cannot be told) under keepValues: true, or a file \
            does not load; 2 usage or configuration error.
            """)

    @OptionGroup var fixtureOptions: FixtureOptions

    mutating func run() throws {
        let project = try fixtureOptions.adopt()
        let selection = try fixtureOptions.selection(project: project, live: false)
        let audit = FixtureAudit(try fixtureOptions.load(selection), keepValues: project.keepValues == true,
                                 maxDays: project.fixtureMaxAgeDays)
        audit.lines.forEach { print($0) }
        if !audit.passes { throw ExitCode(1) }
    }
}

/// `fsq-contract fixtures scrub [PATH]`: record's synthesis applied to fixtures already written.
struct FixturesScrubCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrub",
        abstract: "Replace the place data of fixtures holding recorded raw values with synthetic values, in place.",
        discussion: """
            Applies record's synthesis to each fixture that holds raw values (see fixtures audit) and marks it \
            recorded.values: synthetic; ids, closed sets, meaningful numbers and structure are kept, so replay gives \
            the same verdicts. --check writes nothing and exits 1 when there is something to scrub.
            Exit status: 0 nothing (left) to scrub; 1 with --check something to scrub, or a file could not be scrubbed; \
            2 usage or configuration error.
            """)

    @Argument(help: "The fixtures folder (default: --fixtures, else the project file's, else Fixtures).")
    var path: String?

    @Flag(name: .long, help: "Write nothing; exit 1 when a fixture holds raw values.")
    var check = false

    @Flag(name: .long, help: "Synthesize every fixture not yet marked values: synthetic, hand-written (source: authored) and generated ones too.")
    var all = false

    @OptionGroup var fixtureOptions: FixtureOptions

    func validate() throws {
        if path != nil, fixtureOptions.fixtures != nil {
            throw ValidationError("give the folder once: as PATH or as --fixtures")
        }
    }

    mutating func run() throws {
        let project = try fixtureOptions.adopt()
        if let path { fixtureOptions.fixtures = path }
        let selection = try fixtureOptions.selection(project: project, live: false)
        let outcomes = FixtureScrub.run(try fixtureOptions.load(selection), root: fixtureOptions.fixturesURL,
                                        includeAll: all, write: !check)
        let counts = Dictionary(grouping: outcomes, by: \.status).mapValues(\.count)
        for outcome in outcomes where outcome.status != .unchanged {
            print("\(outcome.status.rawValue.uppercased().padding(toLength: 9, withPad: " ", startingAt: 0)) \(outcome.relativePath)"
                  + (outcome.note.map { ": \($0)" } ?? ""))
        }
        print("fixtures scrub\(check ? " --check" : ""): \(counts[.scrubbed] ?? 0) scrubbed, \(counts[.pending] ?? 0) to scrub, "
              + "\(counts[.unchanged] ?? 0) unchanged, \(counts[.failed] ?? 0) failed")
        if counts[.failed] != nil || counts[.pending] != nil { throw ExitCode(1) }
    }
}
