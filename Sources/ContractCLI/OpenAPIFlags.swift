import ArgumentParser
import HarnessCore
import HarnessJobs
import HarnessReports
import HarnessReplay
import HarnessProject
import Foundation
import FoursquarePlaces

/// `--openapi [[CONTRACT=]FILE]`, `--openapi-overrides CONTRACT=FILE`, `--openapi-warn`: the provider's document as a
/// third oracle, parsed by main's `DocumentOracleLoader` (the OpenAPI trait: OpenAPIKit stays out of the main job).
/// `--openapi` alone is the documents the binary carries. The project file's `openapi` section names each
/// contract's document (none: the bundled one) and overrides when no `--openapi` is given.
package struct OpenAPIFlags: ParsableArguments {
    /// The verb or group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .customLong("openapi"), defaultAsFlag: DocumentArgument.bundledValue, help: ArgumentHelp(
        "Also check every answer against an OpenAPI document (JSON or YAML, 3.0 or 3.1): alone, the documents this binary carries (each dated contract's); with a file, that document, whose info.version names the contract, or give CONTRACT=FILE. For several files, name them in the project file.",
        valueName: "[contract=]file"))
    package var document: String?

    @Option(name: .long, help: ArgumentHelp(
        "Overrides that patch a contract's document instead of the shipped ones (a JSON file of pointer + set/add/drop/warn + reason).",
        valueName: "contract=file"))
    package var openapiOverrides: [String] = []

    @Flag(name: .long, help: "OpenAPI violations are counted warnings (system-out), not failures.")
    package var openapiWarn = false

    /// The check to run, nil without `--openapi`; exits 2 when this binary has no loader (built without OpenAPI).
    /// Prints what it read and how many overrides it applied.
    package func check(verb: String, project: ProjectFile, loader: (any DocumentOracleLoader)?) throws -> DocumentCheck? {
        guard let loaded = try load(verb: verb, project: project, loader: loader) else { return nil }
        return DocumentCheck(oracle: loaded.oracle, warnOnly: openapiWarn)
    }

    /// The flags' documents and overrides; without `--openapi`, the project file's `openapi` section (its
    /// paths already resolved against the file's folder). A contract's `--openapi-overrides` wins over the file's.
    package func arguments(project: ProjectFile) -> (documents: [DocumentArgument], overrides: [DocumentArgument]) {
        let flagged = openapiOverrides.map(DocumentArgument.init(parsing:))
        if let document { return ([DocumentArgument(parsing: document)], flagged) }
        let contracts = project.openapi.keys.sorted()
        // A contract named with no document is checked against the one the binary carries.
        let fromFile = contracts.map { contract in
            project.openapi[contract]?.document.map { DocumentArgument(contract: contract, path: $0) } ?? .bundled(contract)
        }
        let overridden = Set(flagged.compactMap(\.contract))
        let fileOverrides = contracts.filter { !overridden.contains($0) }.compactMap { contract in
            project.openapi[contract]?.overrides.map { DocumentArgument(contract: contract, path: $0) }
        }
        return (fromFile, flagged + fileOverrides)
    }

    package func load(verb: String, project: ProjectFile, loader: (any DocumentOracleLoader)?) throws -> LoadedDocuments? {
        let (documents, overrides) = arguments(project: project)
        guard !documents.isEmpty else {
            if openapiWarn || !openapiOverrides.isEmpty {
                throw UsageFailure("--openapi-warn and --openapi-overrides need --openapi FILE")
            }
            return nil
        }
        let loader = try loader.needed(for: "--openapi", trait: "OpenAPI")
        let loaded: LoadedDocuments
        do {
            loaded = try loader.load(documents: documents, overrides: overrides)
        } catch {
            throw UsageFailure("\(error)")
        }
        loaded.notices.filter { !$0.hasPrefix("warning: ") }.forEach { print($0) }
        // What the validator cannot check is also a warning on stderr and a line in the job's step summary.
        let unchecked = loaded.notices.filter { $0.hasPrefix("warning: ") }
        if !unchecked.isEmpty {
            unchecked.forEach { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
            let markdown = "⚠️ OpenAPI: \(unchecked.count) keyword\(unchecked.count == 1 ? "" : "s") of the document not checked\n\n"
                + unchecked.map { "- " + $0.dropFirst("warning: ".count) }.joined(separator: "\n") + "\n\n"
            CIJobOutput.appendStepSummary(markdown, key: nil)
        }
        return loaded
    }
}
