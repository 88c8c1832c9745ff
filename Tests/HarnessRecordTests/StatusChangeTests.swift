import FoursquarePlaces
import HarnessRecord
import Testing

@Suite struct StatusChangeTests {
    @Test(arguments: [
        ("chains/403-forbidden.json", 403, 401, "chains/401-unauthorized.json"),
        ("chains/404-not-found.json", 404, 400, "chains/400-bad-request.json"),
        ("chains/404-unknown-id.json", 404, 400, "chains/400-unknown-id.json"),
        ("place-search/2025-06-17/503-unavailable.json", 503, 500, "place-search/2025-06-17/500-server-error.json"),
        ("chains/404-not-found.json", 404, 200, "chains/200-recorded.json"),
        ("chains/custom.json", 404, 400, "chains/custom.json"),
    ])
    func theNameFollowsTheNewStatus(path: String, old: Int, new: Int, renamed: String) throws {
        #expect(try StatusChange.path(path, from: old, to: new).get() == renamed)
    }

    @Test func aNameThatGivesAnotherStatusIsRefused() {
        guard case let .failure(error) = StatusChange.path("chains/418-odd.json", from: 404, to: 400) else {
            Issue.record("a file named 418 that recorded 404 must not be renamed blindly")
            return
        }
        #expect(error.reason.contains("its name says HTTP 418 but it recorded 404"))
    }

    @Test func theExpectBlockFollowsTheNewStatus() {
        #expect(StatusChange.expectation(for: 401)?.error == .unauthorized)
        #expect(StatusChange.expectation(for: 400)?.error == .badRequest)
        #expect(StatusChange.expectation(for: 200) == nil)
    }
}
