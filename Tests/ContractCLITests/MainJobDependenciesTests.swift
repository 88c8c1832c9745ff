import Foundation
import Testing
import TestSupport

/// The main job (`swift run --traits Harness fsq-contract run`) must build without the server, client and document
/// stacks, and without the live verbs' modules: SwiftNIO, Hummingbird, AsyncHTTPClient, OpenAPIKit and Yams take most
/// of a clean build, the live modules a quarter of the rest, and only the Live, OpenAPI and Emulator traits'
/// collaborators need them.
@Suite("fsq-contract's build closure")
struct MainJobDependenciesTests {
    /// The live verbs' work and the modules only it reaches: the Live trait's, which the main job must not compile.
    static let liveModules = ["LiveVerbs", "HarnessLive", "HarnessDrift", "HarnessRecord"]

    /// The only outside products the main job may link, by package identity.
    static let allowedPackages: Set<String> = ["swift-argument-parser"]

    @Test func fsqContractDependsOnNoServerSidePackage() async throws {
        let manifest = try await Manifest.load()
        let closure = try await manifest.closure(of: "fsq-contract", traits: ["Harness"])
        // Not vacuous: the walk found the target and the modules it is known to use.
        #expect(closure.targets.isSuperset(of: ["fsq-contract", "FoursquarePlaces", "JUnitXML", "HarnessCore", "HarnessReports", "HarnessReplay", "CLibXML2"]),
                "\(closure.targets.sorted())")
        #expect(closure.products.contains { $0.name == "ArgumentParser" && $0.package == "swift-argument-parser" })
        for heavy in ["PlacesEmulator", "LiveHTTPClient", "OpenAPIConformance", "SpecDiff", "EmulatorCLI"] + Self.liveModules {
            #expect(!closure.targets.contains(heavy), "fsq-contract reaches \(heavy): \(closure.path(to: heavy))")
        }
        for product in closure.products where !Self.allowedPackages.contains(product.package) {
            Issue.record("""
                fsq-contract now links \(product.name) from \(product.package) via \(closure.path(to: product.name)); \
                the main job must build without it. Put it behind a trait's collaborator instead (Sources/fsq-contract/main.swift).
                """)
        }
    }

    /// Each trait adds its collaborator's target, and only its own.
    @Test func eachTraitBringsItsCollaborator() async throws {
        let manifest = try await Manifest.load()
        let expected: [(traits: Set<String>, target: String, product: String)] = [
            (["Harness", "Live"], "LiveHTTPClient", "AsyncHTTPClient"),
            (["Harness", "OpenAPI"], "OpenAPIConformance", "OpenAPIKit"),
            (["Harness", "OpenAPI", "Emulator"], "EmulatorCLI", "Hummingbird"),
        ]
        for (traits, target, product) in expected {
            let closure = try await manifest.closure(of: "fsq-contract", traits: traits)
            #expect(closure.targets.contains(target), "\(traits.sorted()): \(closure.targets.sorted())")
            #expect(closure.products.contains { $0.name == product }, "\(traits.sorted()): \(closure.products)")
        }
        let live = try await manifest.closure(of: "fsq-contract", traits: ["Harness", "Live"])
        #expect(!live.targets.contains("OpenAPIConformance") && !live.targets.contains("PlacesEmulator"), "\(live.targets.sorted())")
        #expect(live.targets.isSuperset(of: Self.liveModules), "\(live.targets.sorted())")
        let openAPI = try await manifest.closure(of: "fsq-contract", traits: ["Harness", "OpenAPI"])
        #expect(openAPI.targets.isDisjoint(with: Self.liveModules), "\(openAPI.targets.sorted())")
    }

    /// What an app sees in `swift package dump-package`: iOS among the platforms, and a testing product whose
    /// closure is this package's own Foundation-only targets.
    @Test func appsGetIOSAndAFoundationOnlyTestingProduct() async throws {
        let manifest = try await Manifest.load()
        #expect(manifest.platforms["ios"] == "15.0", "\(manifest.platforms)")
        #expect(Set(manifest.platforms.keys).isSuperset(of: ["ios", "macos", "tvos", "watchos", "visionos"]))
        #expect(manifest.products["FoursquarePlacesTesting"] == "library", "\(manifest.products)")
        let closure = try await manifest.closure(of: "FoursquarePlacesTesting", traits: [])
        #expect(closure.targets == ["FoursquarePlacesTesting", "FoursquarePlaces", "FixtureFormat"], "\(closure.targets.sorted())")
        #expect(closure.products.isEmpty, "FoursquarePlacesTesting links \(closure.products)")
    }

    @Test func theEmulatorStillHasItsServerStack() async throws {
        let closure = try await Manifest.load().closure(of: "fsq-emulator", traits: ["Harness", "OpenAPI", "Emulator"])
        #expect(closure.targets.contains("PlacesEmulator"))
        #expect(closure.products.contains { $0.name == "Hummingbird" && $0.package == "hummingbird" }, "\(closure.products)")
    }
}
