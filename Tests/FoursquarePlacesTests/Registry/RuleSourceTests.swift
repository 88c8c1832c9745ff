import FoursquarePlaces
import Testing

/// Where each parameter rule comes from is declared beside it: the document's bounds are `.document`, the client's
/// own (seed limits the early specs do not bound, a radius the 2025-06-17 document does not bound) `.assumption`;
/// a refusal no declared rule explains (a latitude's range, a job id's format) is not the registry's.
@Suite struct RuleSourceTests {
    static func entry(_ id: EndpointID, _ contract: Contract) throws -> Endpoint { try #require(contract.endpoint(id)) }

    @Test func theDocumentsBoundsAreDocumentRules() throws {
        for id in [EndpointID.placeSearch, .placeTips, .placePhotos, .autocomplete, .geotaggingCandidates] {
            #expect(try Self.entry(id, .v20250617).parameter(named: "limit")?.source == .document, "\(id)")
        }
        #expect(try Self.entry(.placeSuggestStatus, .v20250617).parameter(named: "limit")?.source == .document)
        #expect(try Self.entry(.offlineJobsInitialize, .v20250617).parameter(named: "durationSeconds")?.source == .document)
        #expect(try Self.entry(.placeSearch, .v20250617).parameter(named: "min_price")?.source == .document)
    }

    @Test func rulesTheDocumentDoesNotStateAreAssumptions() throws {
        #expect(try Self.entry(.autocomplete, .v20250617).parameter(named: "radius")?.source == .assumption)
        for id in [EndpointID.placeTips, .placePhotos, .placesAutocomplete, .placeSearch, .geotagging, .chains] {
            #expect(try Self.entry(id, .seed).parameter(named: "limit")?.source == .assumption, "\(id)")
        }
        // Spec 004 says "up to 50".
        #expect(try Self.entry(.autocomplete, .seed).parameter(named: "limit")?.source == .document)
    }

    @Test func theRefusingRuleIsTheDeclaredOneOrNone() throws {
        let search = try Self.entry(.placeSearch, .v20250617)
        #expect(search.refusingRule([("query", "coffee"), ("limit", "51")]).map { "\($0.parameter) \($0.source)" } == "limit document")
        #expect(search.refusingRule([("query", "coffee"), ("limit", "50")]) == nil)
        // The document types these as a plain number and a plain string: no declared rule refuses them.
        #expect(try Self.entry(.placeSuggestEdit, .v20250617).refusingRule([("latitude", "91")]) == nil)
        #expect(try Self.entry(.offlineJobsStatus, .v20250617).refusingRule([("job_ids", "not-a-job")]) == nil)
        // A required parameter left out is the document's rule.
        #expect(try Self.entry(.placesSuggestPlace, .v20250617).refusingRule([]).map { "\($0.parameter) \($0.source)" } == "name document")
    }
}
