// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "fsq-contract",
    // The library needs iOS 15 / macOS 12 (URLSession's async data(for:)); macOS 13 is the harness's floor
    // (ContinuousClock), and SwiftPM declares platforms per package, not per target.
    platforms: [.iOS(.v15), .macOS(.v13), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "FoursquarePlaces", targets: ["FoursquarePlaces"]),
        // For an app's own tests: replay the corpus format with no network (Foundation only, no trait).
        .library(name: "FoursquarePlacesTesting", targets: ["FoursquarePlacesTesting"]),
        .library(name: "JUnitXML", targets: ["JUnitXML"]),
        .executable(name: "fsq-contract", targets: ["fsq-contract"]),
        .executable(name: "fsq-emulator", targets: ["fsq-emulator"]),
        .executable(name: "fsq-bench", targets: ["fsq-bench"]),
        .executable(name: "fsq-bench-server", targets: ["fsq-bench-server"]),
        // `swift package fsq-contract …` / `fsq-contract-live …` in a package that depends on this one with the trait.
        .plugin(name: "FSQContractPlugin", targets: ["FSQContractPlugin"]),
        .plugin(name: "FSQContractLivePlugin", targets: ["FSQContractLivePlugin"]),
    ],
    // The harness is behind the `Harness` trait, off by default: an app that depends on FoursquarePlaces resolves
    // no other package. `Harness` alone is the main job (replay); each heavy stack is a trait of its own that
    // fsq-contract's main turns into a collaborator (Sources/fsq-contract/main.swift). The tests need them all.
    traits: [
        .trait(name: "Harness", description: "The fsq-contract harness: replay, list, reports (the main job)."),
        .trait(name: "Live", description: "run --live, record and drift: the AsyncHTTPClient stack (SwiftNIO).",
               enabledTraits: ["Harness"]),
        .trait(name: "OpenAPI", description: "--openapi, spec-diff and fuzz: OpenAPIKit and Yams.", enabledTraits: ["Harness"]),
        .trait(name: "Emulator", description: "serve and fsq-emulator: Hummingbird (SwiftNIO); serve --generate needs OpenAPI.",
               enabledTraits: ["Harness", "OpenAPI"]),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        // Live only: bounded live calls (URLSession cannot cap a body or cancel safely on Linux).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.21.0"),
        // OpenAPI only: the provider's OpenAPI document (JSON or YAML) as a third oracle.
        // Without its default ExternalLoading trait (remote $refs, which --openapi does not follow): a quicker build.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // The typed client: Foundation only, so apps can depend on it alone.
        .target(name: "FoursquarePlaces"),
        // The fixture format (model, loader, JSON scanner): Foundation only, shared by the harness and by
        // apps' tests, so it must not need libxml2 or any package.
        .target(name: "FixtureFormat", dependencies: ["FoursquarePlaces"]),
        // A Transport that answers from fixtures, for apps' XCTest or Swift Testing suites.
        .target(name: "FoursquarePlacesTesting", dependencies: ["FoursquarePlaces", "FixtureFormat"]),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "JUnitXML", dependencies: ["CLibXML2"]),
        // The harness, by concern. Each module sees only those below it; Tests/ContractCLITests/ModuleGraphTests
        // holds this graph and fails on an edge it does not list. The main job (replay) compiles Core, ContractChecks,
        // Reports and Replay.
        .target(name: "HarnessCore", dependencies: ["FoursquarePlaces", "FixtureFormat", "JUnitXML"]),
        // What the contracts' documents say, checked in replay: values, headers, the retry table, misattribution.
        .target(name: "HarnessContractChecks", dependencies: ["HarnessCore", "FoursquarePlaces"]),
        .target(name: "HarnessReports", dependencies: ["HarnessCore", "JUnitXML"]),
        .target(name: "HarnessReplay", dependencies: ["HarnessCore", "HarnessContractChecks"]),
        .target(name: "HarnessLive", dependencies: ["HarnessCore"]),
        .target(name: "HarnessDrift", dependencies: ["HarnessCore", "HarnessContractChecks", "HarnessLive", "HarnessReports"]),
        .target(name: "HarnessRecord", dependencies: ["HarnessCore", "HarnessLive", "HarnessDrift", "HarnessReplay"]),
        .target(name: "HarnessProject", dependencies: ["HarnessCore"]),
        // The verbs' work as plain values, below the CLI and with no ArgumentParser: the replay job, the live verbs'
        // requests and settings the CLI resolves once from the flags and the project file, and how a job ends.
        .target(
            name: "HarnessJobs",
            dependencies: [
                "FoursquarePlaces", "FixtureFormat", "JUnitXML", "HarnessCore", "HarnessContractChecks", "HarnessReports", "HarnessReplay",
                "HarnessProject",
            ]
        ),
        .target(
            name: "PlacesEmulator",
            dependencies: [
                "HarnessCore",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Emulator"])),
                .product(name: "HummingbirdTLS", package: "hummingbird", condition: .when(traits: ["Emulator"])),
            ]
        ),
        // The verbs: each parses its flags; the live, OpenAPI and emulator work takes main's `Collaborators`. Only the
        // main job's modules: the live verbs' work is LiveVerbs', which main passes in with the Live trait.
        .target(
            name: "ContractCLI",
            dependencies: [
                "FoursquarePlaces", "FixtureFormat", "JUnitXML", "HarnessCore", "HarnessContractChecks", "HarnessReports", "HarnessReplay",
                "HarnessProject", "HarnessJobs",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Harness"])),
            ]
        ),
        // What run --live, drift, record, nightly and the fixtures verbs do with the plain values the CLI resolved (trait
        // Live): one resolved live session over the live, drift, record and nightly modules. No ArgumentParser, no CLI.
        .target(
            name: "LiveVerbs",
            dependencies: [
                "HarnessJobs", "FoursquarePlaces", "FixtureFormat", "HarnessCore", "HarnessReports", "HarnessReplay", "HarnessLive",
                "HarnessDrift", "HarnessRecord", "HarnessProject",
            ]
        ),
        // Every verb in one process. With `Harness` alone (the main job: replay, reports) it links no live, server,
        // client or document module, so a fresh CI runner builds it in seconds; each other trait adds its collaborator.
        // Tests/ContractCLITests/MainJobDependenciesTests checks this closure.
        .executableTarget(
            name: "fsq-contract",
            dependencies: [
                "ContractCLI",
                .target(name: "LiveVerbs", condition: .when(traits: ["Live"])),
                .target(name: "LiveHTTPClient", condition: .when(traits: ["Live"])),
                .target(name: "OpenAPIConformance", condition: .when(traits: ["OpenAPI"])),
                .target(name: "SpecDiff", condition: .when(traits: ["OpenAPI"])),
                .target(name: "EmulatorCLI", condition: .when(traits: ["Emulator"])),
            ]
        ),
        // The live stack on AsyncHTTPClient (SwiftNIO): bounded bodies and heads, safe cancellation.
        .target(
            name: "LiveHTTPClient",
            dependencies: [
                "HarnessCore", "HarnessLive", "FoursquarePlaces",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Live"])),
            ]
        ),
        // `--openapi`: the provider's document parsed with OpenAPIKit (and Yams), compiled once, checked per answer.
        .target(
            name: "OpenAPIConformance",
            dependencies: [
                "HarnessCore", "FixtureFormat",
                .product(name: "OpenAPIKit", package: "OpenAPIKit", condition: .when(traits: ["OpenAPI"])),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit", condition: .when(traits: ["OpenAPI"])),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit", condition: .when(traits: ["OpenAPI"])),
                .product(name: "Yams", package: "Yams", condition: .when(traits: ["OpenAPI"])),
            ],
            // Overrides/*.json and docs/openapi/openapi-<yyyymmdd>.json, each found by its presence, embedded by the plugin below.
            exclude: ["Overrides"],
            plugins: ["ShippedFilesPlugin"]
        ),
        .plugin(name: "ShippedFilesPlugin", capability: .buildTool()),
        // `spec-diff`: two documents, read as `--openapi` reads them, graded for this client (trait OpenAPI).
        .target(name: "SpecDiff", dependencies: ["OpenAPIConformance", "HarnessCore", "FixtureFormat", "FoursquarePlaces", "JUnitXML"]),
        // The emulator's command (`fsq-emulator`'s flags): `fsq-contract serve` runs it in process.
        .target(
            name: "EmulatorCLI",
            dependencies: [
                "PlacesEmulator", "FoursquarePlaces", "OpenAPIConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Harness"])),
            ]
        ),
        // The emulator alone, for scripts and tests that start it as a process.
        .executableTarget(name: "fsq-emulator", dependencies: ["EmulatorCLI"]),
        // Benchmarks: no server stack. OpenAPIConformance for `fsq-bench fuzz` (the document's answer generator).
        .executableTarget(
            name: "fsq-bench",
            dependencies: [
                "FoursquarePlaces", "JUnitXML", "HarnessCore", "HarnessReports", "HarnessReplay", "HarnessRecord", "OpenAPIConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Harness"])),
            ]
        ),
        // The bare Hummingbird handler scripts/bench-emulator.sh compares the emulator with.
        .executableTarget(
            name: "fsq-bench-server",
            dependencies: [
                "HarnessCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Harness"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Emulator"])),
            ]
        ),
        // The loader as a libFuzzer target (scripts/fuzz.sh); a plain build replays saved inputs.
        .executableTarget(name: "fsq-fuzz", dependencies: ["HarnessCore"]),
        // Two command plugins on the same runner: replay verbs need only to write reports; the live verbs also
        // declare network access, which SwiftPM then demands (--allow-network-connections all) on every call. Neither
        // names fsq-contract as its tool: the runner builds it when called (a tool is built twice, see ContractRunner).
        .plugin(
            name: "FSQContractPlugin",
            capability: .command(
                intent: .custom(verb: "fsq-contract", description: "Replay this package's Fixtures/ and write Reports/ (fsq-contract's verbs)."),
                permissions: [.writeToPackageDirectory(reason: "fsq-contract writes its reports (Reports/junit.xml) in this package.")])
        ),
        // The same fsq-contract, which runs the live verbs when the dependency enables the Live trait.
        .plugin(
            name: "FSQContractLivePlugin",
            capability: .command(
                intent: .custom(verb: "fsq-contract-live", description: "fsq-contract's live verbs (run --live, record, drift) on this package's Fixtures/."),
                permissions: [
                    .writeToPackageDirectory(reason: "record writes fixtures into Fixtures/ and every verb writes its reports in Reports/."),
                    .allowNetworkConnections(scope: .all(), reason: "run --live, record and drift call the Places API (or --base-url)."),
                ])
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "FoursquarePlaces", "FixtureFormat",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Emulator"])),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "FoursquarePlacesTests", dependencies: ["FoursquarePlaces", "TestSupport"]),
        .testTarget(name: "FixtureFormatTests", dependencies: ["FixtureFormat", "FoursquarePlaces", "TestSupport"]),
        // Written as an app's test target would be: only the two products an app's tests take.
        .testTarget(name: "FoursquarePlacesTestingTests", dependencies: ["FoursquarePlacesTesting", "FoursquarePlaces"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "JUnitXMLTests", dependencies: ["JUnitXML", "CLibXML2", "TestSupport"]),
        // One test target per harness module, its folders mirroring the module's; each depends on what its files use.
        // The execution core is also driven through replay, its first user.
        .testTarget(name: "HarnessCoreTests", dependencies: ["HarnessCore", "HarnessReplay", "FixtureFormat", "FoursquarePlaces", "TestSupport"]),
        .testTarget(name: "HarnessContractChecksTests", dependencies: [
            "HarnessContractChecks", "HarnessCore", "HarnessReplay", "FixtureFormat", "FoursquarePlaces", "TestSupport",
        ]),
        .testTarget(name: "HarnessReportsTests", dependencies: ["HarnessReports", "HarnessCore", "FixtureFormat", "FoursquarePlaces", "TestSupport"]),
        .testTarget(name: "HarnessReplayTests", dependencies: ["HarnessReplay", "HarnessCore", "FixtureFormat", "FoursquarePlaces", "TestSupport"]),
        .testTarget(name: "HarnessLiveTests", dependencies: ["HarnessLive", "HarnessCore", "FixtureFormat", "FoursquarePlaces", "TestSupport", "LiveTestSupport"]),
        .testTarget(name: "HarnessDriftTests", dependencies: ["HarnessDrift", "HarnessReplay", "HarnessLive", "HarnessCore", "FixtureFormat", "FoursquarePlaces", "TestSupport", "LiveTestSupport"]),
        .testTarget(name: "HarnessRecordTests", dependencies: ["HarnessRecord", "HarnessLive", "HarnessCore", "FixtureFormat", "FoursquarePlaces", "TestSupport", "LiveTestSupport"]),
        .testTarget(name: "HarnessProjectTests", dependencies: ["HarnessProject", "FoursquarePlaces", "TestSupport"]),
        .testTarget(name: "PlacesEmulatorTests", dependencies: [
            "PlacesEmulator", "FixtureFormat", "FoursquarePlaces", "TestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Emulator"])),
        ]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "JUnitXML", "FixtureFormat", "FoursquarePlaces", "HarnessCore", "HarnessReplay", "HarnessLive"]),
        // A live HTTP stack in process, for the tests of the live passes (live, record, nightly).
        .target(name: "LiveTestSupport", dependencies: ["HarnessLive", "FoursquarePlaces"], path: "Tests/LiveTestSupport"),
        // In-process parsing of every verb's flags; the executables are @testable-imported.
        .target(
            name: "CommandParsing",
        dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Harness"]))],
            path: "Tests/CommandParsing"
        ),
        .testTarget(name: "ContractCLITests", dependencies: ["ContractCLI", "HarnessJobs", "FixtureFormat", "HarnessCore", "HarnessProject", "FoursquarePlaces", "CommandParsing", "TestSupport"]),
        .testTarget(name: "LiveVerbsTests", dependencies: ["LiveVerbs", "HarnessJobs", "ContractCLI", "HarnessCore", "HarnessLive", "HarnessRecord", "HarnessProject", "FoursquarePlaces", "CommandParsing", "TestSupport", "LiveTestSupport", "FixtureFormat"]),
        .testTarget(name: "LiveHTTPClientTests", dependencies: ["LiveHTTPClient", "HarnessCore", "HarnessLive", "FoursquarePlaces", "TestSupport"]),
        .testTarget(name: "OpenAPIConformanceTests", dependencies: ["OpenAPIConformance", "HarnessCore", "FixtureFormat", "FoursquarePlaces", "TestSupport"],
                    exclude: ["JSONSchemaTestSuite"]),
        .testTarget(name: "SpecDiffTests", dependencies: ["SpecDiff", "OpenAPIConformance", "FixtureFormat", "FoursquarePlaces", "TestSupport"]),
        .testTarget(name: "EmulatorCLITests", dependencies: ["EmulatorCLI", "CommandParsing"]),
    ]
)
