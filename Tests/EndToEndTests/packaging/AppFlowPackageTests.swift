import Foundation
import Testing
import TestSupport

/// The library as an app team adopts it: a throwaway package with a "nearby coffee" feature and Swift Testing tests,
/// depending on FoursquarePlaces and FoursquarePlacesTesting only. One package, one build, seven checks: paging to the
/// third page through a stored String cursor, cancellation, a `Duration` timeout, error text without coordinates, what
/// the one client type says about itself (without its key), a model built in code, and search → details → photos
/// answered by one scenario. Its servers are on 127.0.0.1.
@Suite("an app package using the library and FoursquarePlacesTesting")
struct AppFlowPackageTests {
    static let tests = [
        "pagesToTheThirdPageStoringTheCursorAsAString", "cancellingASearchGivesCancelledNotRetryable",
        "aDurationTimeoutGivesTimedOut", "aPrintedErrorOfASearchWithLLHasNoCoordinates", "theClientSaysWhatItSendsButNotItsKey",
        "buildsAPlaceInCode",
        "searchDetailsPhotosWithOneScenario",
    ]

    @Test(.timeLimit(.minutes(30)))
    func theAppsTestsPassAndItResolvesNoOtherPackage() async throws {
        try await withTemporaryDirectory { folder in
            let app = try Self.makeApp(in: folder)
            let result = try await runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "test"],
                                              currentDirectory: app, timeout: .seconds(1500))
            let output = result.stdout + result.stderr
            #expect(result.status == 0, "the app's tests failed:\n\(output.suffix(4000))")
            for name in Self.tests {
                #expect(output.contains("Test \(name)() passed"), "\(name) did not pass:\n\(output.suffix(3000))")
            }
            #expect(output.contains("APPFLOW third page reached"))
            // Resolving no other package: nothing pinned (this package, a path dependency, never is).
            let resolved = app.appendingPathComponent("Package.resolved")
            if let data = try? Data(contentsOf: resolved) {
                let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                #expect((json["pins"] as? [Any] ?? []).isEmpty, "the app resolved \(json["pins"] ?? [])")
            }
        }
    }

    /// The app: its manifest, its feature and its tests (AppFlowPackageSources, with the corpus path filled in).
    static func makeApp(in folder: URL) throws -> URL {
        let app = folder.appendingPathComponent("NearbyCoffeeApp")
        let root = Products.packageRoot
        let identity = root.lastPathComponent.lowercased()
        for (text, destination) in [(AppFlowPackageSources.feature, "Sources/NearbyCoffee/NearbyCoffee.swift"),
                                    (AppFlowPackageSources.tests, "Tests/NearbyCoffeeTests/NearbyCoffeeTests.swift")] {
            let target = app.appendingPathComponent(destination)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            let filled = text.replacingOccurrences(of: "@CORPUS@", with: root.appendingPathComponent("Fixtures").path)
            try Data(filled.utf8).write(to: target)
        }
        let manifest = """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "NearbyCoffeeApp",
                dependencies: [.package(path: "\(root.path)")],
                targets: [
                    .target(name: "NearbyCoffee", dependencies: [.product(name: "FoursquarePlaces", package: "\(identity)")]),
                    .testTarget(name: "NearbyCoffeeTests", dependencies: [
                        "NearbyCoffee",
                        .product(name: "FoursquarePlaces", package: "\(identity)"),
                        .product(name: "FoursquarePlacesTesting", package: "\(identity)"),
                    ]),
                ]
            )
            """
        try Data(manifest.utf8).write(to: app.appendingPathComponent("Package.swift"))
        return app
    }
}
