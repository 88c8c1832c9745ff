import Foundation
import FoursquarePlaces
@testable import HarnessCore
import Testing
import TestSupport

@Suite struct FixtureLoaderTests {
    static let shipped = Products.packageRoot.appendingPathComponent("Fixtures")

    func parse(_ json: String, path: String = "chains/x.json") -> Result<Fixture, FixtureError> {
        Result { () throws(FixtureError) -> Fixture in try FixtureLoader.parse(Data(json.utf8), relativePath: path) }
    }

    func error(_ json: String, path: String = "chains/x.json") -> FixtureError? {
        if case let .failure(error) = parse(json, path: path) { return error }
        return nil
    }

    static let minimal = #"{"endpoint":"chains","request":{"path":"/places/chains","query":{"query":"tea"}},"response":{"status":200,"body":{"results":[]}},"recorded":{"source":"authored"}}"#

    @Test func shippedCorpusLoadsCompletely() throws {
        let loaded = try FixtureLoader(root: Self.shipped).loadAll()
        let files = FileManager.default.enumerator(atPath: Self.shipped.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") && $0 != FixtureLoader.driftConfigName }
        #expect(loaded.count == files.count)
        for item in loaded {
            if case let .broken(_, _, error) = item { Issue.record("\(error)") }
        }
        let endpoints = Set(loaded.compactMap { if case let .fixture(f) = $0 { f.endpoint } else { nil } })
        // Every endpoint of every contract the corpus speaks.
        let contracts = Set(loaded.compactMap { if case let .fixture(f) = $0 { f.contract } else { nil } })
        #expect(endpoints == Set(contracts.compactMap(Contract.named).flatMap { $0.endpoints.map(\.id) }))
    }

    @Test func parsesTheDocumentedFields() throws {
        let fixture = try parse(Self.minimal).get()
        #expect(fixture.endpoint == .chains)
        #expect(fixture.request.query == ["query": "tea"])
        #expect(fixture.response.status == 200)
        #expect(fixture.expectedError == nil)
        let notFound = try parse(Self.minimal.replacingOccurrences(of: "\"status\":200", with: "\"status\":404")).get()
        #expect(notFound.expectedError == .notFound)
    }

    @Test(arguments: [
        ("", "file is empty"),
        ("{\"endpoint\": ", "malformed JSON"),
        (#"{"request":{"path":"/places/chains"},"response":{"status":200},"recorded":{}}"#, "$.endpoint: required field is missing"),
        (minimal.replacingOccurrences(of: "\"status\":200", with: "\"status\":\"200\""), "$.response.status: expected integer, found string"),
        (minimal.replacingOccurrences(of: "\"endpoint\":\"chains\"", with: "\"endpoint\":\"venues\""), "unknown endpoint id 'venues'"),
        (minimal.replacingOccurrences(of: "/places/chains", with: "/v2/venues"), "$.request.path: '/v2/venues' matches no endpoint"),
        (minimal.replacingOccurrences(of: "/places/chains", with: "/places/search"), "is the place-search endpoint, not chains"),
        (minimal.replacingOccurrences(of: "\"status\":200", with: "\"status\":200,\"body_base64\":\"eA==\""), "has both body and body_base64"),
        (minimal.replacingOccurrences(of: "\"recorded\":{\"source\":\"authored\"}", with: "\"recorded\":{\"source\":\"authored\"},\"expect\":{\"error\":\"teapot\"}"), "$.expect.error: unknown error 'teapot'"),
    ])
    func brokenFilesNameThePathAndReason(json: String, reason: String) {
        let failure = error(json)
        #expect(failure?.description.hasPrefix("chains/x.json") == true)
        #expect(failure?.description.contains(reason) == true, "\(String(describing: failure))")
    }

    @Test func binaryAndInvalidUTF8AreNamed() {
        #expect(error(String(decoding: [0x89, 0x50, 0x00, 0x01], as: UTF8.self))?.reason.contains("binary") == true)
        let bad = Result { () throws(FixtureError) -> Fixture in
            try FixtureLoader.parse(Data("{\"a\": \"caf".utf8) + Data([0xE9]) + Data("\"}".utf8), relativePath: "chains/y.json")
        }
        if case let .failure(error) = bad {
            #expect(error.reason.contains("not valid UTF-8 (first bad byte at offset 10)"))
        } else {
            Issue.record("invalid UTF-8 was accepted")
        }
    }

    @Test func theFolderMustMatchTheEndpoint() {
        #expect(error(Self.minimal, path: "place-search/x.json")?.reason.contains("folder 'place-search/'") == true)
    }

    /// The contract id is written as its string, never as `null` (a typed contract id once was, when the writer took
    /// `Any`; it now takes only `JSONValue`s).
    @Test func theWriterWritesTheContractIdAsAString() throws {
        let fixture = Fixture(relativePath: "autocomplete/2025-06-17/200-x.json", endpoint: .autocomplete, contract: .v20250617,
                              request: RecordedRequest(path: "/autocomplete"), response: RecordedResponse(status: 200),
                              recorded: .authored)
        let text = String(decoding: try FixtureWriter.encode(fixture), as: UTF8.self)
        #expect(text.contains(#""contract": "2025-06-17","#), "\(text)")
        #expect(!text.contains("null"))
    }

    @Test func writerRoundTripsEveryShippedFixture() throws {
        for item in try FixtureLoader(root: Self.shipped).loadAll() {
            guard case let .fixture(fixture) = item else { continue }
            let data = try FixtureWriter.encode(fixture)
            let again = try FixtureLoader.parse(data, relativePath: fixture.relativePath)
            #expect(again.request == fixture.request, "\(fixture.relativePath)")
            #expect(again.contract == fixture.contract, "\(fixture.relativePath)")
            #expect(again.response.status == fixture.response.status)
            #expect(again.response.headers == fixture.response.headers)
            #expect(again.expect == fixture.expect)
            let before = (try? JSONSerialization.jsonObject(with: fixture.response.body.data, options: [.fragmentsAllowed])) as? NSObject
            let after = (try? JSONSerialization.jsonObject(with: again.response.body.data, options: [.fragmentsAllowed])) as? NSObject
            if case .raw = fixture.response.body {
                #expect(again.response.body == fixture.response.body)
            } else {
                #expect(before?.isEqual(after) == true, "\(fixture.relativePath)")
            }
        }
    }

    @Test func atomicWritesLeaveNoTempAndReplaceWhole() throws {
        try withTemporaryDirectory { tmp in
            let target = tmp.appendingPathComponent("a/b.json")
            try AtomicFile.write(Data("one".utf8), to: target)
            try AtomicFile.write(Data("two".utf8), to: target)
            #expect(try String(contentsOf: target, encoding: .utf8) == "two")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.appendingPathComponent("a").path) == ["b.json"])
            FileManager.default.createFile(atPath: tmp.appendingPathComponent("a/.c.json.tmp-999").path, contents: Data())
            #expect(AtomicFile.removeStaleTemps(under: tmp) == 1)
        }
    }
}
