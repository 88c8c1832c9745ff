import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation

/// `--project FILE` and `--no-project`: which project file (`fsq-contract.json`) a verb reads.
package struct ProjectFlags: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "The project file to read (default: ./fsq-contract.json when it exists); flags take precedence over it.")
    package var project: String?

    @Flag(name: .long, help: "Ignore fsq-contract.json: use the built-in defaults and every contract.")
    package var noProject = false

    /// The project file, or `.none`; a file that cannot be used is a usage error naming it.
    package func load() throws(UsageFailure) -> ProjectFile {
        do {
            return try ProjectFile.find(explicit: project, disabled: noProject)
        } catch {
            throw UsageFailure(error.description)
        }
    }
}
