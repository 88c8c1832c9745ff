import Foundation
import FoursquarePlaces
import Testing
import TestSupport

/// The types refuse what the API refuses: only a contract whose server takes a raw key offers
/// `using(.apiKey)`; on a bearer-only contract the call is a compile error with a message.
@Suite("auth styles by contract type")
struct AuthByContractTests {
    @Test func theSeedContractStillSwitchesToTheRawKey() async throws {
        let transport = CapturingTransport(body: #"{"results":[]}"#)
        let client = PlacesClient<SeedContract>(apiKey: APIKey("seed-key"), transport: transport).using(.apiKey)
        _ = try await client.chains(SeedContract.ChainsRequest(query: "Blue Bottle"))
        #expect(transport.lastRequest?.headers["Authorization"] == "seed-key")
        #expect(transport.lastRequest?.headers["X-Places-Api-Version"] == nil)
    }

    /// The type and the registry agree: a contract conforms to RawKeyContract exactly when its server takes a raw key.
    @Test(arguments: [SeedContract.self, Contract20250617.self] as [any PlacesContract.Type])
    func rawKeyConformanceMatchesTheRegistry(contract: any PlacesContract.Type) {
        #expect((contract is any RawKeyContract.Type) == contract.contract.authStyles.contains(.apiKey), "\(contract)")
    }

    /// `PlacesClient<Contract20250617>.using(.apiKey)` does not compile, and says why; the same call on the seed
    /// contract does (so the check is not a broken snippet). Type-checked against the built module: two seconds.
    @Test func aRawKeyOnABearerOnlyContractDoesNotCompile() async throws {
        let refused = try await Self.typecheck("_ = PlacesClient<Contract20250617>(apiKey: APIKey(\"k\")).using(.apiKey)")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("'using' is unavailable: this contract takes only Authorization: Bearer"), "\(refused.stderr)")
        let accepted = try await Self.typecheck("_ = PlacesClient<SeedContract>(apiKey: APIKey(\"k\")).using(.apiKey)")
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    /// Type-checks `line` after `import FoursquarePlaces` against the built module.
    static func typecheck(_ line: String) async throws -> CommandResult {
        try await withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("snippet.swift")
            try Data("import FoursquarePlaces\n\(line)\n".utf8).write(to: file)
            return try await runProcess(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["swiftc", "-typecheck", "-I", Products.directory.appendingPathComponent("Modules").path, file.path],
                timeout: .seconds(120))
        }
    }

    // MARK: the key from the app's configuration

    @Test func theKeyComesFromTheInfoPlist() throws {
        try withTemporaryDirectory { folder in
            let bundle = try Self.bundle(in: folder, ["FSQAPIKey": "plist-key", "Unset": "$(FSQ_API_KEY)", "Empty": " "])
            #expect(APIKey(bundle: bundle)?.secret == "plist-key")
            #expect(APIKey(infoPlistKey: "Unset", bundle: bundle) == nil, "an undefined build setting is no key")
            #expect(APIKey(infoPlistKey: "Empty", bundle: bundle) == nil)
            #expect(APIKey(infoPlistKey: "Missing", bundle: bundle) == nil)
        }
    }

    /// A bundle folder with an Info.plist holding `entries`.
    static func bundle(in folder: URL, _ entries: [String: String]) throws -> Bundle {
        let url = folder.appendingPathComponent("App.bundle")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("Contents"), withIntermediateDirectories: true)
        let plist = try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0)
        try plist.write(to: url.appendingPathComponent("Contents/Info.plist"))
        return try #require(Bundle(url: url))
    }
}
