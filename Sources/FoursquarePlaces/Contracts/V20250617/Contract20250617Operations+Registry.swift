import Foundation

// 2025-06-17's registry entries, from Foursquare's OpenAPI document for that version.

private let limitRule = Endpoint.Rule.integer(ParameterLimits.limit)
private let radiusRule = Endpoint.Rule.integer(ParameterLimits.radius, unit: "meters")

// Each query parameter is one line: its wire name, the property that holds it, and its rule (the value
// type's own when none is written: text, a number, a boolean, a coordinate, a list, an enum's cases), with
// `source: .assumption` where the document does not state the rule (2025-06-17 gives autocomplete's `radius`
// none). A refusal no declared rule explains (the models' own checks, such as a latitude's range) is an
// assumption too: see `Endpoint.refusingRule`.
extension Contract20250617Operations {
    /// 2025-06-17's registry entries as this contract serves them, under `contract` and defined by `spec`: the reads
    /// build this contract's own requests (so they answer in its models), the writes 2025-06-17's.
    package static func entries20250617(_ contract: ContractID, spec: String) -> [Endpoint] {
        let dryRun = Endpoint.dryRunParameter
        return [
            // `GET /places/search`
            Endpoint(
                .placeSearch, contract: contract, "/places/search", spec: spec, request: { _ in PlaceSearchRequest() },
                [.field("query", \.query), .location(\.location, radius: .integer(0...100_000, unit: "meters")),
                 .field("fsq_category_ids", \.categoryIDs), .field("fsq_chain_ids", \.chainIDs),
                 .field("exclude_fsq_chain_ids", \.excludeChainIDs), .field("exclude_all_chains", \.excludeAllChains),
                 .field("min_price", \.minPrice, .integer(1...4)), .field("max_price", \.maxPrice, .integer(1...4)),
                 .field("open_now", \.openNow), .field("open_at", \.openAt, .nonEmpty), .field("tel_format", \.telFormat),
                 .field("sort", \.sort), .field("limit", \.limit, limitRule), .projection("fields", \.fields, keeping: "fsq_place_id"),
                 .field("cursor", \.cursor, .nonEmpty)]),
            // `GET /places/{fsq_place_id}`
            Endpoint(
                .placeDetails, contract: contract, "/places/{fsq_place_id}", spec: spec, request: { PlaceDetailsRequest(placeID: $0) },
                [.projection("fields", \.fields, keeping: "fsq_place_id")]),
            // `GET /places/{fsq_place_id}/tips`
            Endpoint(
                .placeTips, contract: contract, "/places/{fsq_place_id}/tips", spec: spec, request: { PlaceTipsRequest(placeID: $0) },
                [.field("limit", \.limit, limitRule), .projection("fields", \.fields, keeping: "fsq_tip_id"), .field("sort", \.sort),
                 .field("cursor", \.cursor, .nonEmpty)]),
            // `GET /places/{fsq_place_id}/photos`
            Endpoint(
                .placePhotos, contract: contract, "/places/{fsq_place_id}/photos", spec: spec, request: { PlacePhotosRequest(placeID: $0) },
                [.field("limit", \.limit, limitRule), .field("sort", \.sort), .field("classifications", \.classifications),
                 .field("cursor", \.cursor, .nonEmpty)]),
            // `GET /autocomplete`
            Endpoint(
                .autocomplete, contract: contract, "/autocomplete", spec: spec, request: { _ in AutocompleteRequest(query: "") },
                [.required("query", \.query, .nonEmpty), .field("ll", \.ll), .field("radius", \.radius, radiusRule, source: .assumption),
                 .field("types", \.types), .field("bias", \.bias), .field("session_token", \.sessionToken, .nonEmpty),
                 .field("limit", \.limit, limitRule)]),
            // `GET /geotagging/candidates`
            Endpoint(
                .geotaggingCandidates, contract: contract, "/geotagging/candidates", spec: spec,
                request: { _ in GeotaggingCandidatesRequest() },
                [.field("ll", \.ll), .field("hacc", \.hacc), .field("altitude", \.altitude), .field("query", \.query),
                 .field("limit", \.limit, limitRule), .projection("fields", \.fields, keeping: "fsq_place_id")]),
            // `POST /places/{fsq_place_id}/suggest/edit`
            Endpoint(
                .placeSuggestEdit, contract: contract, method: "POST", "/places/{fsq_place_id}/suggest/edit", spec: spec,
                request: { Contract20250617.PlaceSuggestEditRequest(placeID: $0, dryRun: nil) },
                [.field(dryRun, \.dryRun), .field("latitude", \.latitude), .field("longitude", \.longitude),
                 .field("menu", \.menu), .field("facebook_url", \.facebookURL), .field("parent_id", \.parentID),
                 .field("is_private_place", \.isPrivatePlace), .field("hours", \.hours), .field("name", \.name, .nonEmpty),
                 .field("description", \.description), .field("tel", \.tel), .field("instagram", \.instagram),
                 .field("twitter", \.twitter), .field("website", \.website), .field("address", \.address),
                 .field("locality", \.locality), .field("region", \.region), .field("postcode", \.postcode),
                 .field("country_code", \.countryCode), .field("add_attributes", \.addAttributes),
                 .field("remove_attributes", \.removeAttributes), .field("add_fsq_category_ids", \.addCategoryIDs),
                 .field("remove_fsq_category_ids", \.removeCategoryIDs), .field("primary_fsq_category_id", \.primaryCategoryID),
                 .field("add_fsq_chain_ids", \.addChainIDs), .field("remove_fsq_chain_ids", \.removeChainIDs),
                 .field("primary_fsq_chain_id", \.primaryChainID), .field("unset_fields", \.unsetFields)]),
            // `POST /places/{fsq_place_id}/suggest/flag`
            Endpoint(
                .placeFlag, contract: contract, method: "POST", "/places/{fsq_place_id}/suggest/flag", spec: spec,
                request: { Contract20250617.PlaceFlagRequest(placeID: $0, fields: [], dryRun: nil) },
                [.field(dryRun, \.dryRun), .required("fields", \.fields), .field("comment", \.comment)]),
            // `POST /places/{fsq_place_id}/suggest/remove`
            Endpoint(
                .placeSuggestRemove, contract: contract, method: "POST", "/places/{fsq_place_id}/suggest/remove", spec: spec,
                request: { Contract20250617.PlaceSuggestRemoveRequest(placeID: $0, reason: .other, dryRun: nil) },
                [.field(dryRun, \.dryRun), .required("reason", \.reason), .field("comment", \.comment)]),
            // `POST /places/{fsq_place_id}/suggest/merge`
            Endpoint(
                .suggestMerge, contract: contract, method: "POST", "/places/{fsq_place_id}/suggest/merge", spec: spec,
                request: { Contract20250617.SuggestMergeRequest(placeID: $0, duplicatePlaceIDs: [], dryRun: nil) },
                [.field(dryRun, \.dryRun), .required("duplicate_fsq_place_ids", \.duplicatePlaceIDs)]),
            // `POST /places/suggest/place`
            Endpoint(
                .placesSuggestPlace, contract: contract, method: "POST", "/places/suggest/place", spec: spec,
                request: { _ in Contract20250617.PlacesSuggestPlaceRequest(name: "", dryRun: nil) },
                [.required("name", \.name, .nonEmpty), .field("categories", \.categoryIDs), .field("address", \.address),
                 .field("locality", \.locality), .field("region", \.region), .field("postcode", \.postcode),
                 .field("country_code", \.countryCode), .field("latitude", \.latitude), .field("longitude", \.longitude),
                 .field("chains", \.chainIDs), .field("parent_id", \.parentID), .field("is_private_place", \.isPrivatePlace),
                 .field("tel", \.tel), .field("website", \.website), .field("email", \.email),
                 .field("facebook_url", \.facebookURL), .field("instagram", \.instagram), .field("twitter", \.twitter),
                 .field("hours", \.hours), .field("attributes", \.attributes), .field(dryRun, \.dryRun)]),
            // `GET /places/suggest/status`
            Endpoint(
                .placeSuggestStatus, contract: contract, "/places/suggest/status", spec: spec, request: { _ in Contract20250617.PlaceSuggestStatusRequest() },
                [.field("suggested_edit_ids", \.suggestedEditIDs), .field("limit", \.limit, .integer(0...50))]),
            // `GET /places/suggest/review`
            Endpoint(
                .placeTopVenueWoes, contract: contract, "/places/suggest/review", spec: spec, request: { _ in Contract20250617.PlaceTopVenueWoesRequest() },
                [.field("near", \.near, .nonEmpty), .field("ne", \.ne), .field("sw", \.sw)]),
            // `POST /geotagging/confirm`
            Endpoint(
                .geotaggingConfirm, contract: contract, method: "POST", "/geotagging/confirm", spec: spec,
                request: { _ in Contract20250617.GeotaggingConfirmRequest() },
                [.field("request_id", \.requestID, .nonEmpty), .field("fsq_place_id", \.placeID, .nonEmpty),
                 .field("confirm_context", \.confirmContext), .field("delayed", \.delayed)]),
            // `GET /offline-jobs/status`
            Endpoint(
                .offlineJobsStatus, contract: contract, "/offline-jobs/status", spec: spec, request: { _ in Contract20250617.OfflineJobsStatusRequest() },
                [.field("job_ids", \.jobIDs)]),
            // `POST /offline-jobs/initialize`; the storage credentials it answers are redacted before a fixture is written
            Endpoint(
                .offlineJobsInitialize, contract: contract, method: "POST", "/offline-jobs/initialize", spec: spec,
                request: { _ in Contract20250617.OfflineJobsInitializeRequest() }, secrets: Contract20250617.OfflineJobCredentials.secretFields,
                [.field("durationSeconds", \.durationSeconds, .integer(900...43200, unit: "seconds"))]),
            // `POST /offline-jobs/{fsq_job_id}/execute`
            Endpoint(
                .offlineJobsExecute, contract: contract, method: "POST", "/offline-jobs/{fsq_job_id}/execute", spec: spec,
                request: { Contract20250617.OfflineJobsExecuteRequest(jobID: $0) }, [.field("country_codes", \.countryCodes)]),
            // `POST /offline-jobs/{fsq_job_id}/credentials/refresh`; the storage credentials it answers are redacted before a fixture is written
            Endpoint(
                .offlineJobsCredentialsRefresh, contract: contract, method: "POST", "/offline-jobs/{fsq_job_id}/credentials/refresh",
                spec: spec, request: { Contract20250617.OfflineJobsCredentialsRefreshRequest(jobID: $0) }, secrets: Contract20250617.OfflineJobCredentials.secretFields,
                []),
        ]
    }
}
