import Foundation
import Testing

/// The library's platform floor (iOS 15, macOS 12, tvOS 15, watchOS 8, visionOS 1) is what an app can reach. This
/// machine builds for Linux only, so the floor is pinned by reading the sources: the targets an app links (the
/// library, the fixture format and the testing product) use an API newer than the floor only inside a declaration
/// marked `@available` for it.
@Suite("Platform floor")
struct PlatformFloorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// APIs of macOS 13 / iOS 16 and later that the library could reach for by habit.
    static let newerAPIs = ["Duration", "ContinuousClock", "SuspendingClock", "Task.sleep(for", "URL(filePath", ".appending(path",
                            "Regex", ".formatted(", "Mutex<", "Atomic<"]

    @Test func theTargetsAnAppLinksUseNewerAPIsOnlyBehindAvailability() throws {
        var offenders: [String] = []
        for target in ["FoursquarePlaces", "FixtureFormat", "FoursquarePlacesTesting"] {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "no sources under \(folder.path)")
            for file in files {
                let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                    .components(separatedBy: "\n")
                for (index, line) in lines.enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//"), Self.newerAPIs.contains(where: { code.contains($0) }) else { continue }
                    // The line itself or one of the two code lines above it carries the availability.
                    let above = lines[..<index].reversed().filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.prefix(2)
                    let guarded = ([line] + above).contains { $0.contains("@available(macOS 13, iOS 16") }
                    if !guarded { offenders.append("\(target)/\(file):\(index + 1): \(code)") }
                }
            }
        }
        #expect(offenders.isEmpty, "newer than the library's floor without @available(macOS 13, iOS 16, …):\n\(offenders.joined(separator: "\n"))")
    }

    /// The manifest declares the library's floor for every platform but macOS, where the harness's floor (13) applies
    /// to the whole package (see the report of the change that added this test).
    @Test func theManifestDeclaresTheLibrarysFloor() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(manifest.components(separatedBy: "\n").first { $0.contains("platforms:") })
        for platform in [".iOS(.v15)", ".tvOS(.v15)", ".watchOS(.v8)", ".visionOS(.v1)"] {
            #expect(line.contains(platform), "\(line)")
        }
        #expect(line.contains(".macOS(.v12)") || line.contains(".macOS(.v13)"), "\(line)")
    }
}
