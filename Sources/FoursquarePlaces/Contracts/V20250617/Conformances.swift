// 2025-06-17's request types: the contract each belongs to, and which of them page.
// OneClientTests.everyRegisteredRequestTypeBelongsToItsContract checks that none of the registry's is missing.

extension Contract20250617.PlaceSuggestEditRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlaceFlagRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlaceSuggestRemoveRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.SuggestMergeRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlacesSuggestPlaceRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlaceSuggestStatusRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlaceTopVenueWoesRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.GeotaggingConfirmRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobsStatusRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobsInitializeRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobsExecuteRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobsCredentialsRefreshRequest: ContractRequest { public typealias APIContract = Contract20250617 }

// The reads belong to the contract that serves them (`C`), so a later version's reads are its own.
extension PlaceDetailsRequest: ContractRequest { public typealias APIContract = C }
extension PlaceTipsRequest: ContractRequest { public typealias APIContract = C }
extension PlacePhotosRequest: ContractRequest { public typealias APIContract = C }
extension PlaceSearchRequest: ContractRequest { public typealias APIContract = C }
extension GeotaggingCandidatesRequest: ContractRequest { public typealias APIContract = C }

extension PlaceSearchRequest: PagedRequest {}
extension PlaceTipsRequest: PagedRequest {}
extension PlacePhotosRequest: PagedRequest {}
