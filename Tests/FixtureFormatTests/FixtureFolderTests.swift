import Foundation
import FixtureFormat
import Testing

/// A fixture may sit in any folder that is not another endpoint's: an endpoint's own, or one that groups a user flow.
@Suite("fixture folders")
struct FixtureFolderTests {
    static let search = Data(#"""
        {"endpoint": "place-search", "contract": "2025-06-17",
         "request": {"method": "GET", "path": "/places/search", "query": {"query": "coffee"}},
         "response": {"status": 200, "body": {"results": []}}, "recorded": {"source": "authored"}}
        """#.utf8)

    @Test func aFlowFolderNamedAfterNoEndpointIsAccepted() throws {
        for path in ["scenarios/2025-06-17/nearby-coffee/search.json", "flows/search.json", "place-search/2025-06-17/x.json"] {
            let fixture = try FixtureLoader.parse(Self.search, relativePath: path)
            #expect(fixture.endpoint.rawValue == "place-search", "\(path)")
        }
    }

    @Test func aFixtureUnderAnotherEndpointsFolderIsRefused() {
        #expect(throws: FixtureError.self) { try FixtureLoader.parse(Self.search, relativePath: "place-tips/2025-06-17/x.json") }
        do {
            _ = try FixtureLoader.parse(Self.search, relativePath: "place-details/x.json")
            Issue.record("a place-search fixture under place-details/ was accepted")
        } catch {
            #expect("\(error)".contains("'place-search' but the file is in folder 'place-details/'"), "\(error)")
        }
    }
}
