import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessRecord
import Testing

@Suite struct PlanEntryTests {
    func load(_ json: String) throws(FixtureError) -> [PlanEntry] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plan-\(UUID().uuidString).json")
        try? Data(json.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try PlanEntry.load(url)
    }

    @Test func aPlanDecodesWithItsContractStyleAndPlaceID() throws {
        let entries = try load(#"""
            [{"endpoint": "place-search", "case": "200-paris.json", "auth": "bearer", "parameters": {"near": "Paris"}},
             {"endpoint": "place-details", "case": "200-louvre", "fsq_id": "4adc", "contract": "2025-06-17", "description": "d"}]
            """#)
        #expect(entries == [
            PlanEntry(endpoint: .placeSearch, caseName: "200-paris", auth: .bearer, parameters: ["near": "Paris"]),
            PlanEntry(endpoint: .placeDetails, caseName: "200-louvre", contract: "2025-06-17", placeID: "4adc", summary: "d"),
        ])
        #expect(entries[0].relativePath == "place-search/200-paris.json")
    }

    @Test func numbersBooleansAnExpectedStatusAndTheContractFolderAreAccepted() throws {
        let entries = try load(#"""
            [{"endpoint": "place-search", "case": "2025-06-17/200-ny", "parameters": {"near": "New York", "limit": 5, "open_now": true, "radius": 250.5}},
             {"endpoint": "place-details", "case": "404-unknown", "fsq_id": "0", "status": 404, "contract": "2025-06-17"}]
            """#)
        #expect(entries[0].contract == "2025-06-17" && entries[0].caseName == "200-ny")
        #expect(entries[0].parameters == ["near": "New York", "limit": "5", "open_now": "true", "radius": "250.5"])
        #expect(entries[0].relativePath == "place-search/2025-06-17/200-ny.json")
        #expect(entries[1].status == 404 && entries[1].relativePath == "place-details/2025-06-17/404-unknown.json")
        #expect(entries[1].relativePath(contract: "seed") == "place-details/404-unknown.json")
    }

    @Test func anErrorCaseNamedForItsStatusExpectsItUnlessTheEntrySaysOtherwise() throws {
        let entries = try load(#"""
            [{"endpoint": "place-details", "case": "404-unknown-id", "fsq_id": "x"},
             {"endpoint": "place-details", "case": "2025-06-17/401-bad-key", "fsq_id": "x"},
             {"endpoint": "place-details", "case": "404-but-found", "fsq_id": "x", "status": 200},
             {"endpoint": "place-search", "case": "200-paris"},
             {"endpoint": "place-search", "case": "paris-404"}]
            """#)
        #expect(entries.map(\.status) == [404, 401, 200, nil, nil])
    }

    @Test(arguments: [
        (#"[{"endpoint": "chains", "case": "a", "parameter": {}}]"#, "$[0].parameter: unknown key 'parameter' (known here: endpoint, case, contract, auth, fsq_id, parameters, description, status)"),
        (#"[{"endpoint": "cafes", "case": "a"}]"#, "$[0].endpoint: unknown endpoint id 'cafes'"),
        (#"[{"endpoint": "chains", "case": "../a"}]"#, "$[0].case: '../a' is not a file name"),
        (#"[{"endpoint": "chains", "case": "a", "auth": "basic"}]"#, "$[0].auth: 'basic' is not apiKey or bearer"),
        (#"[{"endpoint": "chains", "case": "a", "contract": "2030"}]"#, "$[0].contract: unknown contract '2030'"),
        (#"[{"endpoint": "place-details", "case": "a"}]"#, "$[0].fsq_id: place-details needs a place id"),
        (#"[{"endpoint": "chains", "case": 7}]"#, "$[0].case: expected string, found number"),
        (#"[{"endpoint": "chains", "case": "a", "parameters": {"limit": [5]}}]"#, "$[0].parameters.limit: expected a string, number or boolean"),
        (#"[{"endpoint": "chains", "case": "a", "status": 99}]"#, "$[0].status: 99 is not an HTTP status (200...599)"),
        (#"[{"endpoint": "chains", "case": "2025-06-17/a", "contract": "seed"}]"#, "$[0].case: '2025-06-17/a' is in the 2025-06-17 folder but the entry's contract is seed"),
        (#"[{"endpoint": "chains", "case": "other/a"}]"#, "$[0].case: 'other/a' is not a file name"),
        (#"{"endpoint": "chains"}"#, "$: expected array"),
        (#"[{"endpoint": "chains",]"#, "malformed JSON"),
    ])
    func eachMistakeNamesTheFileAndTheJSONPath(json: String, expected: String) {
        #expect { try load(json) } throws: { error in
            let text = "\(error)"
            return text.contains("plan-") && text.contains(expected) && !text.contains("\n")
        }
    }
}
