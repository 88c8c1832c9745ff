import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
@testable import HarnessReplay
import Testing
import TestSupport

@Suite struct PagingCheckTests {
    static let tips = "/places/4a5f2f39f964a52067bf1fe3/tips"

    /// A 2025-06-17 tips page answered with `link`.
    static func tipsPage(link: String?, query: [String: String] = ["sort": "NEWEST", "limit": "2"]) -> LoadedFixture {
        var headers = ["content-type": "application/json"]
        if let link { headers["link"] = link }
        return .fixture(TestSupport.fixture("place-tips/2025-06-17/case.json", endpoint: .placeTips, contract: .v20250617, path: tips,
                                            query: query, headers: headers, body: .json(Data("[]".utf8))))
    }

    static func paging(_ loaded: LoadedFixture) async -> CaseResult? {
        await ReplayRunner().cases(for: loaded).first { $0.check == .paging }
    }

    @Test func aPageThatNamesTheNextOneGetsAPassingPagingCase() async throws {
        let link = "<https://places-api.foursquare.com\(Self.tips)?cursor=c2&limit=2&sort=NEWEST>; rel=\"next\""
        let paging = try #require(await Self.paging(Self.tipsPage(link: link)), "no paging testcase for a page whose Link names the next")
        #expect(paging.verdict == .pass, "\(paging.verdict)")
        #expect(paging.name == "place-tips/2025-06-17/case.json paging")
    }

    @Test func aLastPageGetsNoPagingCase() async {
        #expect(await Self.paging(Self.tipsPage(link: nil)) == nil)
        #expect(await Self.paging(Self.tipsPage(link: "<https://places-api.foursquare.com/x?cursor=c0>; rel=\"prev\"")) == nil)
    }

    @Test func theShippedPagesOfTheNearbyCoffeeFlowFollowTheirLinks() async throws {
        let corpus = try FixtureLoader(root: Products.packageRoot.appendingPathComponent("Fixtures")).loadAll()
        for page in ["search-page-1.json", "search-page-2.json"] {
            let loaded = try #require(corpus.first { $0.relativePath == "scenarios/2025-06-17/nearby-coffee/\(page)" })
            let paging = try #require(await Self.paging(loaded), "\(page) has no paging testcase")
            #expect(paging.verdict == .pass, "\(page): \(paging.verdict)")
        }
    }

    /// A next page the client reaches in one way but not the other is red, naming the way and the recorded link:
    /// `nextRequest(after:)` keeps the first request's path, the Link goes elsewhere.
    @Test func aNextRequestThatIsNotTheRecordedLinksIsRed() async throws {
        let link = "<https://places-api.foursquare.com/places/other/tips?cursor=c2&limit=2&sort=NEWEST>; rel=\"next\""
        let paging = try #require(await Self.paging(Self.tipsPage(link: link)))
        guard case let .fail(message, detail) = paging.verdict else { Issue.record("expected a failure, got \(paging.verdict)"); return }
        #expect(message == "nextRequest(after:): the next page's request goes to \(Self.tips); the recorded Link header's rel=\"next\" names /places/other/tips with cursor=c2")
        #expect(!detail.contains("pages(_:)"), "pages(_:) follows the link: \(detail)")
    }

    @Test func aNextLinkWithoutACursorFailsTheStoredCursorWay() async throws {
        let link = "<https://places-api.foursquare.com\(Self.tips)?page=2&limit=2&sort=NEWEST>; rel=\"next\""
        let paging = try #require(await Self.paging(Self.tipsPage(link: link)))
        guard case let .fail(message, _) = paging.verdict else { Issue.record("expected a failure, got \(paging.verdict)"); return }
        #expect(message.hasPrefix("nextRequest(after:) gave no next request (nextCursor is nil)"), "\(message)")
    }

    @Test func theRecordedLinkIsReadHereNotByTheClient() {
        let both = "<https://a.example/p?cursor=c0>; rel=\"prev\", <https://a.example/p?cursor=c2&q=a,b>; rel=\"next last\""
        #expect(PagingCheck.recordedNext(["Link": both])?.query == ["cursor": "c2", "q": "a,b"])
        #expect(PagingCheck.recordedNext(["link": "</places/search?cursor=x%20y>; rel=next"])?.path == "/places/search")
        #expect(PagingCheck.recordedNext(["link": "</places/search?cursor=x%20y>; rel=next"])?.query["cursor"] == "x y")
        #expect(PagingCheck.recordedNext(["link": "<https://a.example/p?cursor=c0>; rel=\"prev\""]) == nil)
        #expect(PagingCheck.recordedNext([:]) == nil)
    }
}

/// The next page's request is compared whole: its host, its path, and its query as a multiset.
@Suite struct PagingRequestComparisonTests {
    static func request(_ url: String) -> HTTPRequest {
        HTTPRequest(method: "GET", url: URL(string: url)!, headers: HTTPHeaders())
    }

    static func pairs(_ items: [(String, String)]) -> [PagingCheck.QueryPair] {
        items.map { PagingCheck.QueryPair(name: $0.0, value: $0.1) }
    }

    static let first = request("https://places-api.foursquare.com/places/search?query=coffee&limit=2")
    static let want = pairs([("query", "coffee"), ("limit", "2"), ("cursor", "c2")])

    static func problems(_ sent: String) -> [String] {
        PagingCheck.differences(sent: request(sent), first: first, path: "/places/search", query: want, via: "pages(_:)", recorded: "the link")
    }

    @Test func theSameRequestPasses() {
        #expect(Self.problems("https://places-api.foursquare.com/places/search?cursor=c2&limit=2&query=coffee").isEmpty)
    }

    @Test func anItemSentTwiceIsNamed() {
        #expect(Self.problems("https://places-api.foursquare.com/places/search?cursor=c2&limit=2&query=coffee&limit=2")
            == ["pages(_:): the next page's request sends limit=2 twice (the link)"])
    }

    @Test func anItemDroppedOrAddedIsNamed() {
        #expect(Self.problems("https://places-api.foursquare.com/places/search?cursor=c2&query=coffee") == ["pages(_:): the next page's request drops limit=2 (the link)"])
        #expect(Self.problems("https://places-api.foursquare.com/places/search?cursor=c2&limit=2&query=coffee&sort=DISTANCE")
            == ["pages(_:): the next page's request adds sort=DISTANCE (the link)"])
    }

    @Test func anotherHostIsNamed() {
        let problems = Self.problems("https://api.foursquare.com/places/search?cursor=c2&limit=2&query=coffee")
        #expect(problems.count == 1 && problems[0].contains("goes to https://api.foursquare.com"))
    }
}
