import Foundation
import FoursquarePlaces
import HarnessCore
import Testing
import TestSupport

/// One rule for one name: an operationId becomes the same endpoint id in the generator and `contract-data.py` (both
/// `scripts/endpoint_id.py`) and in the harness (`DocumentedBound.endpointID`). Every operationId of every document
/// at hand, and the hard cases, go through both; two answers for one name would let the generator and the harness
/// file one operation under two ids.
@Suite struct EndpointIDRuleTests {
    static let hardCases = ["URLPrefix", "getHTTPStatus", "place_menu", "placeMenu", "PlaceMenuV2", "placeID", "getPlaceV2Details",
                            "place__top_VenueWoes", "offline-jobs-credentials-refresh", "places-suggest-place", "HTTPStatus",
                            "get_URL prefix", "V2"]

    /// Every operationId of the package's documents (`docs/openapi`).
    static func documentedOperationIDs() -> [String] {
        let folders = [PackageDocuments.folder]
        var ids: Set<String> = []
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasSuffix(".json") {
                guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
                      let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let paths = document["paths"] as? [String: [String: Any]] else { continue }
                for item in paths.values {
                    for operation in item.values { if let id = (operation as? [String: Any])?["operationId"] as? String { ids.insert(id) } }
                }
            }
        }
        return ids.sorted()
    }

    /// The scripts' answers, by operationId.
    static func scriptAnswers(_ ids: [String]) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Products.packageRoot.appendingPathComponent("scripts/endpoint_id.py").path] + ids
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var answers: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if fields.count == 2 { answers[fields[0]] = fields[1] }
        }
        return answers
    }

    @Test func theHardCasesHaveTheirOneAnswer() {
        #expect(DocumentedBound.endpointID(operationID: "URLPrefix") == "url-prefix")
        #expect(DocumentedBound.endpointID(operationID: "getHTTPStatus") == "get-http-status")
        #expect(DocumentedBound.endpointID(operationID: "place_menu") == "place-menu")
    }

    @Test func theScriptsAndTheHarnessGiveEveryOperationIDOneEndpointID() throws {
        let ids = Self.hardCases + Self.documentedOperationIDs()
        #expect(ids.count > Self.hardCases.count, "no document at hand: only the hard cases were compared")
        let answers = try Self.scriptAnswers(ids)
        for id in ids {
            #expect(answers[id] == DocumentedBound.endpointID(operationID: id),
                    "operationId '\(id)': scripts/endpoint_id.py says \(answers[id] ?? "nothing"), the harness \(DocumentedBound.endpointID(operationID: id))")
        }
    }
}
