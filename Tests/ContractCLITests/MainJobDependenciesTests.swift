import Foundation
import Testing
import TestSupport

/// The main job (`swift run --traits Harness fsq-contract run`) must build without the server, client and document
/// stacks: SwiftNIO, Hummingbird, AsyncHTTPClient, OpenAPIKit and Yams take most of a clean build, and only the
/// Live, OpenAPI and Emulator traits' collaborators need them.
@Suite("fsq-contract's build closure")
struct MainJobDependenciesTests {
    /// The only outside products the main job may link, by package identity.
    static let allowedPackages: Set<String> = ["swift-argument-parser"]

    @Test func fsqContractDependsOnNoServerSidePackage() async throws {
        let manifest = try await Manifest.load()
        let closure = try await manifest.closure(of: "fsq-contract", traits: ["Harness"])
        // Not vacuous: the walk found the target and the modules it is known to use.
        #expect(closure.targets.isSuperset(of: ["fsq-contract", "FoursquarePlaces", "JUnitXML", "ContractHarness", "CLibXML2"]),
                "\(closure.targets.sorted())")
        #expect(closure.products.contains { $0.name == "ArgumentParser" && $0.package == "swift-argument-parser" })
        for heavy in ["PlacesEmulator", "LiveHTTPClient", "OpenAPIConformance", "EmulatorCLI"] {
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

/// The root manifest as `swift package dump-package` prints it: enough to walk a target's dependencies.
private struct Manifest {
    struct Product: Hashable, CustomStringConvertible {
        let name: String
        /// The package identity, or "?" for a by-name dependency that is no target of this package.
        let package: String
        var description: String { "\(name) (\(package))" }
    }

    struct Closure {
        var targets: Set<String> = []
        var products: Set<Product> = []
        /// Who first pulled each target or product in.
        var parent: [String: String] = [:]

        func path(to name: String) -> String {
            var chain = [name]
            while let up = parent[chain[0]] { chain.insert(up, at: 0) }
            return chain.joined(separator: " → ")
        }
    }

    /// Target name → its dependencies, as dump-package's JSON gives them.
    let dependencies: [String: [[String: Any]]]
    /// Platform name (`ios`) → its minimum version.
    var platforms: [String: String] = [:]
    /// Product name → its type (`library`, `executable`, `plugin`).
    var products: [String: String] = [:]

    static func load() async throws -> Manifest {
        // A scratch path of its own, so this does not wait on the .build lock that `swift test` holds.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-manifest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let result = try await runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "--scratch-path", scratch.path, "dump-package"],
            currentDirectory: Products.packageRoot, timeout: .seconds(120))
        try #require(result.status == 0, "swift package dump-package failed: \(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]], "no targets in dump-package output")
        var dependencies: [String: [[String: Any]]] = [:]
        for target in targets {
            let name = try #require(target["name"] as? String)
            dependencies[name] = target["dependencies"] as? [[String: Any]] ?? []
        }
        var manifest = Manifest(dependencies: dependencies)
        for platform in json["platforms"] as? [[String: Any]] ?? [] {
            if let name = platform["platformName"] as? String { manifest.platforms[name] = platform["version"] as? String ?? "" }
        }
        for product in json["products"] as? [[String: Any]] ?? [] {
            if let name = product["name"] as? String { manifest.products[name] = (product["type"] as? [String: Any])?.keys.first ?? "?" }
        }
        return manifest
    }

    /// What `root` builds with `traits` enabled: a dependency conditioned on other traits is left out.
    func closure(of root: String, traits: Set<String>) async throws -> Closure {
        try #require(dependencies[root] != nil, "no target \(root) in Package.swift")
        var closure = Closure()
        var pending = [root]
        closure.targets.insert(root)
        while let target = pending.popLast() {
            for dependency in dependencies[target] ?? [] where Self.applies(dependency, traits: traits) {
                if let product = dependency["product"] as? [Any], let name = product.first as? String {
                    closure.products.insert(Product(name: name, package: product.dropFirst().first as? String ?? "?"))
                    closure.parent[name] = closure.parent[name] ?? target
                } else if let named = (dependency["byName"] ?? dependency["target"]) as? [Any], let name = named.first as? String {
                    guard dependencies[name] != nil else {
                        closure.products.insert(Product(name: name, package: "?"))
                        closure.parent[name] = closure.parent[name] ?? target
                        continue
                    }
                    if closure.targets.insert(name).inserted {
                        closure.parent[name] = target
                        pending.append(name)
                    }
                }
            }
        }
        return closure
    }

    /// Whether a dependency is built with `traits`: its condition (`{"traits": [...]}`, last in dump-package's
    /// array) names one of them, or it has none.
    static func applies(_ dependency: [String: Any], traits: Set<String>) -> Bool {
        guard let entry = dependency.values.first as? [Any],
              let condition = entry.compactMap({ $0 as? [String: Any] }).last,
              let only = condition["traits"] as? [String] else { return true }
        return !traits.isDisjoint(with: only)
    }
}
