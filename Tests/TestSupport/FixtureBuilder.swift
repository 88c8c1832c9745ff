import FixtureFormat
import Foundation
import FoursquarePlaces

/// A fixture built in code for a unit test: by default a seed `chains` GET answered 200 with a JSON content type
/// and no body, hand-written (`authored`); each part can be given.
public func fixture(
    _ relativePath: String = "chains/200-typical.json", endpoint: EndpointID = .chains, contract: ContractID = .seed,
    path: String = "/places/chains", query: [String: String] = [:], requestHeaders: [String: String] = [:],
    status: Int = 200, headers: [String: String] = ["content-type": "application/json"],
    body: RecordedResponse.Body = .empty, volatileHeaders: [String] = [], expect: ExpectedOutcome? = nil,
    recorded: RecordingInfo = .authored
) -> Fixture {
    Fixture(relativePath: relativePath, endpoint: endpoint, contract: contract,
            request: RecordedRequest(path: path, query: query, headers: requestHeaders),
            response: RecordedResponse(status: status, headers: headers, body: body, volatileHeaders: volatileHeaders),
            expect: expect, recorded: recorded)
}
