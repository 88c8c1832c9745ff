import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// `fsq-contract spec-diff OLD NEW`: two OpenAPI documents compared, each change graded by what it does to this
/// client (breaking, warning, info), by main's `SpecDiffing` (the OpenAPI trait).
package struct SpecDiffCommand: ParsableCommand, CollaboratingCommand {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "spec-diff",
        abstract: "Compare two OpenAPI documents and grade each change by what it does to this client.",
        discussion: """
            Breaking: an operation the client calls or a parameter it sends is gone or refuses what the client sends, a \
            parameter becomes required, a field a model requires is removed, made optional or nullable, a field a model \
            reads changes type, a mapped status disappears or an unmapped error status appears. Warning: a field read \
            as optional is removed, a bound narrows within what the client sends, an operation is deprecated. Info: \
            additions the client does not use yet. The shipped overrides (or --overrides) patch both documents.
            Exit status: 1 on a breaking change not in the baseline, 0 otherwise, 2 when a file cannot be used.
            """)

    @Argument(help: "The document the client was built against (JSON or YAML, OpenAPI 3.0 or 3.1).")
    package var old: String

    @Argument(help: "The provider's new document.")
    package var new: String

    @Option(name: .long, help: "The contract whose registry and models grade the changes (\(Contract.knownList)); default: the old document's info.version.")
    package var contract: String?

    @Option(name: .long, help: "An overrides file applied to both documents instead of the shipped ones.", completion: .file())
    package var overrides: String?

    @Option(name: .long, help: "Write a markdown changelog (for a pull request or issue) here.", completion: .file())
    package var markdown: String?

    @Option(name: .long, help: "Write a JUnit report here: one case per operation, failing on a breaking change.", completion: .file())
    package var report: String?

    @Option(name: .long, help: "Write the changes as JSON here.", completion: .file())
    package var json: String?

    @Option(name: .long, help: "A baseline of known findings: a known breaking change is listed and does not fail until its entry expires.")
    package var baseline: String?

    package func validate() throws {
        if let contract, !Contract.known.contains(ContractID(contract)) {
            throw ValidationError("--contract \(contract): not a known contract (\(Contract.knownList))")
        }
        for (flag, path) in [("--markdown", markdown), ("--report", report), ("--json", json)] {
            if let path, path.isEmpty || path.hasSuffix("/") { throw ValidationError("\(flag) '\(path)': give a file path") }
        }
    }

    /// In process (tests): a binary with no trait beyond Harness.
    package func run() throws { try diff(with: nil) }

    package func run(with collaborators: Collaborators) async throws { try diff(with: collaborators.specDiffer) }

    package func diff(with differ: (any SpecDiffing)?) throws {
        let differ = try differ.needed(for: "spec-diff", trait: "OpenAPI")
        let request = SpecDiffRequest(old: old, new: new, contract: contract.map { ContractID($0) }, overrides: overrides,
                                      markdown: markdown, report: report, json: json, baseline: baseline)
        let status: Int32
        do {
            status = try differ.run(request)
        } catch {
            throw UsageFailure("\(error)")
        }
        if status != 0 { throw ExitCode(status) }
    }
}
