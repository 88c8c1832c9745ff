import ArgumentParser

@main
struct FSQBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsq-bench",
        abstract: "Release-build benchmarks for fsq-contract.",
        subcommands: [JUnitWriteBench.self, GenerateFixtures.self, DecodeOnly.self, BareServer.self]
    )
}
