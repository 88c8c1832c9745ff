import Foundation
import FoursquarePlaces
@testable import HarnessCore
import Testing

@Suite struct MisattributionTests {
    static let flag = Misattribution.Recorded(contract: .v20250617, endpoint: "place-flag", method: "POST",
                                              path: "/places/4a5f/suggest/flag", query: ["fields"])

    @Test("the document and the fixture agree, the registry does not: the failure names the client")
    func registryIsWrong() {
        let wrongMethod = Misattribution.RegistryEntry(method: "GET", pathTemplate: "/places/{fsq_place_id}/suggest/flag", parameters: ["fields"])
        #expect(Misattribution.problems(Self.flag, parameter: nil, registry: wrongMethod)
            == ["the document (openapi-20250617.json) and the fixture say POST; the client's registry says GET (place-flag)"])
        let wrongPath = Misattribution.RegistryEntry(method: "POST", pathTemplate: "/places/{fsq_place_id}/flag", parameters: ["fields"])
        #expect(Misattribution.problems(Self.flag, parameter: nil, registry: wrongPath).first?
            .hasSuffix("the client's registry says /places/{fsq_place_id}/flag (place-flag)") == true)
        let search = Misattribution.Recorded(contract: .v20250617, endpoint: "place-search", method: "GET", path: "/places/search", query: ["sort"])
        let noSort = Misattribution.RegistryEntry(method: "GET", pathTemplate: "/places/search", parameters: ["query"])
        #expect(Misattribution.problems(search, parameter: "sort", registry: noSort)
            == ["the document (openapi-20250617.json) and the fixture send 'sort'; the client's registry has no parameter 'sort' for place-search"])
    }

    @Test("a fixture the document does not side with stays a broken fixture")
    func fixtureIsWrong() {
        let get = Misattribution.Recorded(contract: .v20250617, endpoint: "place-flag", method: "GET", path: "/places/4a5f/suggest/flag", query: [])
        #expect(Misattribution.problems(get, parameter: nil, registry: .named("place-flag", contract: .v20250617)).isEmpty)
        #expect(Misattribution.problems(Self.flag, parameter: nil, registry: .named("place-flag", contract: .v20250617)).isEmpty,
                "the shipped registry agrees with the document")
    }
}
