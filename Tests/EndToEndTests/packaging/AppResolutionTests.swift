import Foundation
import Testing
import TestSupport

/// An app that depends on the client library alone must resolve no other package: the harness's
/// dependencies sit behind the `Harness` trait, which is off unless the app asks for it.
@Suite("an app's dependency resolution")
struct AppResolutionTests {
    @Test func anAppUsingOnlyTheLibraryResolvesNoOtherPackage() async throws {
        let pins = try await resolve(products: ["FoursquarePlaces"], traits: nil)
        #expect(pins.isEmpty, "an app that uses only FoursquarePlaces resolved \(pins)")
    }

    /// The testing product an app's test target takes is Foundation-only too.
    @Test func anAppWithTheTestingProductResolvesNoOtherPackage() async throws {
        let pins = try await resolve(products: ["FoursquarePlaces", "FoursquarePlacesTesting"], traits: nil)
        #expect(pins.isEmpty, "an app that uses FoursquarePlaces and FoursquarePlacesTesting resolved \(pins)")
    }

    /// Not vacuous: the same app with the trait on does resolve the harness's packages, and each stack only
    /// with its own trait (the main job's `Harness` needs swift-argument-parser alone).
    @Test func eachTraitBringsItsOwnPackages() async throws {
        let harness = try await resolve(products: ["FoursquarePlaces"], traits: ["Harness"])
        #expect(harness.contains("swift-argument-parser"), "\(harness.sorted())")
        #expect(harness.isDisjoint(with: ["hummingbird", "async-http-client", "openapikit", "yams"]), "\(harness.sorted())")
        let all = try await resolve(products: ["FoursquarePlaces"], traits: ["Live", "OpenAPI", "Emulator"])
        #expect(all.isSuperset(of: ["swift-argument-parser", "hummingbird", "async-http-client", "openapikit", "yams"]), "\(all.sorted())")
    }

    /// Makes a throwaway app that depends on this package by path, runs `swift package resolve` in it and
    /// returns the identities of the packages it pinned (this package itself, a path dependency, is never pinned).
    private func resolve(products: [String], traits: [String]?) async throws -> Set<String> {
        try await withTemporaryDirectory { folder in
            let app = folder.appendingPathComponent("App")
            try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
            let traitList = traits.map { ", traits: [\($0.map { "\"\($0)\"" }.joined(separator: ", "))]" } ?? ""
            let dependencies = products.map { ".product(name: \"\($0)\", package: \"\(packageName)\")" }.joined(separator: ", ")
            let manifest = """
                // swift-tools-version: 6.1
                import PackageDescription
                let package = Package(
                    name: "App",
                    dependencies: [.package(path: "\(Products.packageRoot.path)"\(traitList))],
                    targets: [.target(name: "App", dependencies: [\(dependencies)])]
                )
                """
            try Data(manifest.utf8).write(to: app.appendingPathComponent("Package.swift"))
            try Data("import FoursquarePlaces\n".utf8).write(to: app.appendingPathComponent("Sources/App/App.swift"))
            let result = try await runProcess(
                URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "resolve"],
                currentDirectory: app, timeout: .seconds(300))
            try #require(result.status == 0, "swift package resolve failed: \(result.stderr)")
            let resolved = app.appendingPathComponent("Package.resolved")
            guard let data = try? Data(contentsOf: resolved) else { return [] }
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let pins = json["pins"] as? [[String: Any]] ?? []
            return Set(pins.compactMap { $0["identity"] as? String })
        }
    }

    /// The package's identity as a path dependency: its folder's name.
    private var packageName: String { Products.packageRoot.lastPathComponent.lowercased() }
}
