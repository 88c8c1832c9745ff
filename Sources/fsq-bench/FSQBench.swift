import ArgumentParser

@main
struct FSQBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsq-bench",
        abstract: "Release-build benchmarks for fsq-contract.",
        subcommands: [ReplayBench.self, GenerateFixtures.self, DecodeOnly.self, JUnitWriteBench.self, ScrubBench.self, SynthesisBench.self, FuzzBench.self]
    )
}
