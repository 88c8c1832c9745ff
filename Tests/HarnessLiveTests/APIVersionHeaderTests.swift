import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import LiveTestSupport
import Testing
import TestSupport

/// The `X-Places-Api-Version` a live call sends is the version of the contract it calls: the date its fixtures'
/// folder is named for. The expected value comes from the fixture's path on disk, never from the client.
@Suite struct APIVersionHeaderTests {
    /// A version no folder is named for: what a call under a contract that fixes none (seed) falls back to.
    static let fallback = "1999-01-01"

    /// Every shipped fixture run live with bearer against a stub that keeps each request; each request names its
    /// fixture (`X-Emulator-Fixture`), so each header can be set beside the folder the fixture lives in.
    static func sentVersions(versionByContract: Bool) async throws -> [(fixture: String, sent: String?)] {
        let stack = StubLiveStack { _ in (200, []) }
        var options = LiveOptions(baseURL: StubLiveStack.base, key: StubLiveStack.key, authStyles: [.bearer],
                                  apiVersion: fallback, retries: 0, deadline: 600, selectFixtureHeader: true)
        options.versionByContract = versionByContract
        options.stack = stack
        let fixtures = try ShippedCorpus.loaded.get().filter { if case .fixture = $0 { true } else { false } }
        _ = await LiveRunner(options: options).run(fixtures)
        return stack.requests.map { ($0.headers[EmulatorFixtureHeader.name] ?? "", $0.headers["X-Places-Api-Version"]) }
    }

    /// The folders under Fixtures/<endpoint>/ named for a date: the versions the shipped fixtures are written for.
    static func datedFolders() throws -> Set<String> {
        let root = Products.packageRoot.appendingPathComponent("Fixtures")
        var found: Set<String> = []
        for endpoint in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(endpoint).path)) ?? []
            found.formUnion(folders.filter { $0.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil })
        }
        return found
    }

    @Test func eachCallSendsTheVersionItsFixturesFolderIsNamedFor() async throws {
        let sent = try await Self.sentVersions(versionByContract: true)
        #expect(!sent.isEmpty)
        var seen: Set<String> = []
        for (fixture, version) in sent {
            let folder = try #require(fixture.split(separator: "/").dropFirst().first.map(String.init), "a request named no fixture")
            let expected = folder.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil ? folder : Self.fallback
            #expect(version == expected, "\(fixture) was called with X-Places-Api-Version \(version ?? "none")")
            seen.insert(folder)
        }
        // Every version the corpus has fixtures for was called, so none escaped the check above.
        let dated = try Self.datedFolders()
        #expect(!dated.isEmpty && dated.isSubset(of: seen), "not called: \(dated.subtracting(seen).sorted())")
    }

    @Test func aVersionGivenByFlagIsSentUnderEveryContract() async throws {
        let sent = try await Self.sentVersions(versionByContract: false)
        #expect(!sent.isEmpty)
        let others = sent.filter { $0.sent != Self.fallback }
        #expect(others.isEmpty, "\(others.prefix(3))")
    }
}
