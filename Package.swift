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
        .executable(name: "fsq-live", targets: ["fsq-live"]),
        .executable(name: "fsq-openapi", targets: ["fsq-openapi"]),
        .executable(name: "fsq-bench", targets: ["fsq-bench"]),
        .executable(name: "fsq-bench-server", targets: ["fsq-bench-server"]),
        // `swift package fsq-contract …` / `fsq-contract-live …` in a package that depends on this one with the trait.
        .plugin(name: "FSQContractPlugin", targets: ["FSQContractPlugin"]),
        .plugin(name: "FSQContractLivePlugin", targets: ["FSQContractLivePlugin"]),
    ],
    // The harness (CLI, emulator, live stack, tests) is behind the `Harness` trait, off by default: an app that
    // depends on FoursquarePlaces resolves no other package. This repository's commands pass `--traits Harness`.
    traits: [
        .trait(name: "Harness", description: "The fsq-contract harness: CLI, emulator, live calls, plugin and tests."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        // fsq-live only: bounded live calls (URLSession cannot cap a body or cancel safely on Linux).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.21.0"),
        // fsq-openapi and fsq-live only: the provider's OpenAPI document (JSON or YAML) as a third oracle.
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
        .target(name: "ContractHarness", dependencies: ["FoursquarePlaces", "FixtureFormat", "JUnitXML"]),
        .target(
            name: "PlacesEmulator",
            dependencies: [
                "ContractHarness",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Harness"])),
                .product(name: "HummingbirdTLS", package: "hummingbird", condition: .when(traits: ["Harness"])),
            ]
        ),
        // The verbs, shared by fsq-contract and fsq-live.
        .target(
            name: "ContractCLI",
            dependencies: [
                "FoursquarePlaces", "JUnitXML", "ContractHarness",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Harness"])),
            ]
        ),
        // The main job (replay, reports): no server or client stack, so a fresh CI runner builds it in seconds.
        // `serve` runs fsq-emulator and the live verbs run fsq-live, each built beside it.
        // Tests/ContractCLITests/MainJobDependenciesTests checks this closure.
        .executableTarget(name: "fsq-contract", dependencies: ["ContractCLI"]),
        // The live stack on AsyncHTTPClient (SwiftNIO): bounded bodies and heads, safe cancellation.
        .target(
            name: "LiveHTTPClient",
            dependencies: [
                "ContractHarness", "FoursquarePlaces",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: ["Harness"])),
            ]
        ),
        // `--openapi`: the provider's document parsed with OpenAPIKit (and Yams), compiled once, checked per answer.
        .target(
            name: "OpenAPIConformance",
            dependencies: [
                "ContractHarness", "FixtureFormat",
                .product(name: "OpenAPIKit", package: "OpenAPIKit", condition: .when(traits: ["Harness"])),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit", condition: .when(traits: ["Harness"])),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit", condition: .when(traits: ["Harness"])),
                .product(name: "Yams", package: "Yams", condition: .when(traits: ["Harness"])),
            ],
            resources: [.embedInCode("Overrides/overrides-20250617.json")]
        ),
        // fsq-contract's verbs with the live stack set: run --live, record and drift run here (with --openapi too).
        .executableTarget(name: "fsq-live", dependencies: ["ContractCLI", "LiveHTTPClient", "OpenAPIConformance"]),
        // fsq-contract's replay verbs with --openapi: fsq-contract execs it, so the main job never builds OpenAPIKit.
        .executableTarget(name: "fsq-openapi", dependencies: ["ContractCLI", "OpenAPIConformance"]),
        // The loopback emulator (SwiftNIO + Hummingbird): its own product, built only when asked for.
        .executableTarget(
            name: "fsq-emulator",
            dependencies: [
                "PlacesEmulator", "FoursquarePlaces", "OpenAPIConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Harness"])),
            ]
        ),
        // Benchmarks: no server stack. OpenAPIConformance for `fsq-bench fuzz` (the document's answer generator).
        .executableTarget(
            name: "fsq-bench",
            dependencies: [
                "FoursquarePlaces", "JUnitXML", "ContractHarness", "OpenAPIConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Harness"])),
            ]
        ),
        // The bare Hummingbird handler scripts/bench-emulator.sh compares the emulator with.
        .executableTarget(
            name: "fsq-bench-server",
            dependencies: [
                "ContractHarness",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Harness"])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Harness"])),
            ]
        ),
        // The loader as a libFuzzer target (scripts/fuzz.sh); a plain build replays saved inputs.
        .executableTarget(name: "fsq-fuzz", dependencies: ["ContractHarness"]),
        // Two command plugins on the same runner: replay verbs need only to write reports; the live verbs also
        // declare network access, which SwiftPM then demands (--allow-network-connections all) on every call.
        .plugin(
            name: "FSQContractPlugin",
            capability: .command(
                intent: .custom(verb: "fsq-contract", description: "Replay this package's Fixtures/ and write Reports/ (fsq-contract's verbs)."),
                permissions: [.writeToPackageDirectory(reason: "fsq-contract writes its reports (Reports/junit.xml) in this package.")]),
            dependencies: ["fsq-contract"]
        ),
        .plugin(
            name: "FSQContractLivePlugin",
            capability: .command(
                intent: .custom(verb: "fsq-contract-live", description: "fsq-contract's live verbs (run --live, record, drift) on this package's Fixtures/."),
                permissions: [
                    .writeToPackageDirectory(reason: "record writes fixtures into Fixtures/ and every verb writes its reports in Reports/."),
                    .allowNetworkConnections(scope: .all(), reason: "run --live, record and drift call the Places API (or --base-url)."),
                ]),
            dependencies: ["fsq-contract", "fsq-live"]
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "FoursquarePlaces", "FixtureFormat",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Harness"])),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "FoursquarePlacesTests", dependencies: ["FoursquarePlaces", "TestSupport"]),
        .testTarget(name: "FixtureFormatTests", dependencies: ["FixtureFormat"]),
        // Written as an app's test target would be: only the two products an app's tests take.
        .testTarget(name: "FoursquarePlacesTestingTests", dependencies: ["FoursquarePlacesTesting", "FoursquarePlaces"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "JUnitXMLTests", dependencies: ["JUnitXML", "CLibXML2"]),
        .testTarget(name: "ContractHarnessTests", dependencies: ["ContractHarness", "TestSupport"]),
        .testTarget(name: "PlacesEmulatorTests", dependencies: [
            "PlacesEmulator", "TestSupport", .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: ["Harness"])),
        ]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "JUnitXML", "ContractHarness"]),
        // In-process parsing of every verb's flags; the executables are @testable-imported.
        .target(
            name: "CommandParsing",
        dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Harness"]))],
            path: "Tests/CommandParsing"
        ),
        .testTarget(name: "ContractCLITests", dependencies: ["ContractCLI", "CommandParsing", "TestSupport"]),
        .testTarget(name: "LiveHTTPClientTests", dependencies: ["LiveHTTPClient", "TestSupport"]),
        .testTarget(name: "OpenAPIConformanceTests", dependencies: ["OpenAPIConformance", "ContractHarness", "TestSupport"],
                    exclude: ["JSONSchemaTestSuite"]),
        .testTarget(name: "fsq-emulatorTests", dependencies: ["fsq-emulator", "CommandParsing"]),
    ]
)
