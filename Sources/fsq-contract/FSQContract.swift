import ArgumentParser
import ContractHarness

@main
struct FSQContract: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsq-contract",
        abstract: "Contract tests for the Foursquare Places API client: replay fixtures, call live, record, detect drift.",
        version: ToolVersion.current,
        subcommands: [ListCommand.self]
    )
}
