// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "fsq-contract",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "FoursquarePlaces", targets: ["FoursquarePlaces"]),
        .library(name: "JUnitXML", targets: ["JUnitXML"]),
        .executable(name: "fsq-contract", targets: ["fsq-contract"]),
        .executable(name: "fsq-bench", targets: ["fsq-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        // Live calls only (bounded bodies, safe cancellation); already in Hummingbird's resolved graph.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.21.0"),
    ],
    targets: [
        // The typed client: Foundation only, so apps can depend on it alone.
        .target(name: "FoursquarePlaces"),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(name: "JUnitXML", dependencies: ["CLibXML2"]),
        .target(
            name: "ContractHarness",
            dependencies: [
                "FoursquarePlaces", "JUnitXML",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .target(
            name: "PlacesEmulator",
            dependencies: [
                "ContractHarness",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "fsq-contract",
            dependencies: [
                "FoursquarePlaces", "JUnitXML", "ContractHarness", "PlacesEmulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "fsq-bench",
            dependencies: [
                "FoursquarePlaces", "JUnitXML", "ContractHarness",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "FoursquarePlaces",
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "FoursquarePlacesTests", dependencies: ["FoursquarePlaces", "TestSupport"]),
        .testTarget(name: "JUnitXMLTests", dependencies: ["JUnitXML", "CLibXML2"]),
        .testTarget(name: "ContractHarnessTests", dependencies: ["ContractHarness", "TestSupport"]),
        .testTarget(name: "PlacesEmulatorTests", dependencies: ["PlacesEmulator", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "JUnitXML", "ContractHarness"]),
    ]
)
