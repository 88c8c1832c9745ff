import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// `fsq-contract fixtures`: what the fixtures folder holds of the provider's data (`audit`), and removing it (`scrub`).
package struct FixturesCommand: ParsableCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "fixtures",
        abstract: "Audit the fixtures for recorded raw values, scrub them in place, or synthesize the cases coverage needs.",
        subcommands: [FixturesAuditCommand.self, FixturesScrubCommand.self, FixturesSynthesizeCommand.self])

    /// No subcommand is a usage error, as for the root: a CI typo is not green.
    package func run() throws {
        writeStderr(Self.helpMessage())
        throw ExitCode(2)
    }
}

/// `fsq-contract fixtures audit`: lists the fixtures that hold recorded raw values with their age, and fails when
/// the project's policy does not allow them.
package struct FixturesAuditCommand: AsyncParsableCommand, CollaboratingCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "List fixtures holding recorded raw values (with their age); fail when the project's policy does not allow them.",
        discussion: """
            A fixture holds raw values when it was recorded with --keep-values (recorded.values: raw), or recorded \
            before record synthesized values (no recorded.values). Hand-written fixtures (source: authored) do not.
            Exit status: 0 the policy allows every fixture; 1 a raw fixture exists under keepValues: false (the \
            default), one is older than fixtureMaxAgeDays (or its age cannot be told) under keepValues: true, or a file \
            does not load; 2 usage or configuration error.
            """)

    @OptionGroup package var fixtureOptions: FixtureOptions

    /// In process (tests): a binary with no trait beyond Harness.
    package mutating func run() async throws { try await run(with: Collaborators()) }

    /// Record's synthesis decides what is raw: the Live trait's `fixtures audit`.
    package mutating func run(with collaborators: Collaborators) async throws {
        let work = try collaborators.liveVerbs.needed(for: "fixtures audit", trait: "Live")
        var options = fixtureOptions
        let project = try options.adopt()
        try work.audit(FixturesRequest(project: project, selection: try options.selection(project: project, live: false), fixtures: options.resolved))
    }
}

/// `fsq-contract fixtures scrub [PATH]`: record's synthesis applied to fixtures already written.
package struct FixturesScrubCommand: AsyncParsableCommand, CollaboratingCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
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
    package var path: String?

    @Flag(name: .long, help: "Write nothing; exit 1 when a fixture holds raw values.")
    package var check = false

    @Flag(name: .long, help: "Synthesize every fixture not yet marked values: synthetic, hand-written (source: authored) and generated ones too.")
    package var all = false

    @OptionGroup package var fixtureOptions: FixtureOptions

    package func validate() throws {
        if path != nil, fixtureOptions.fixtures != nil {
            throw ValidationError("give the folder once: as PATH or as --fixtures")
        }
    }

    /// In process (tests): a binary with no trait beyond Harness.
    package mutating func run() async throws { try await run(with: Collaborators()) }

    /// Record's synthesis, applied in place: the Live trait's `fixtures scrub`.
    package mutating func run(with collaborators: Collaborators) async throws {
        let work = try collaborators.liveVerbs.needed(for: "fixtures scrub", trait: "Live")
        var options = fixtureOptions
        let project = try options.adopt()
        if let path { options.fixtures = path; options.fixturesSource = nil }
        try work.scrub(FixturesRequest(project: project, selection: try options.selection(project: project, live: false), fixtures: options.resolved),
                       check: check, all: all)
    }
}
