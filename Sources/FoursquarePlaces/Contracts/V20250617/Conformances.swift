// 2025-06-17's request types: the contract each belongs to, and which of them page.
// OneClientTests.everyRegisteredRequestTypeBelongsToItsContract checks that none of the registry's is missing.

extension Contract20250617.PlaceDetailsRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlaceTipsRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlacePhotosRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlaceSearchRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.AutocompleteRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.GeotaggingCandidatesRequest: ContractRequest { public typealias APIContract = Contract20250617 }
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

extension Contract20250617.PlaceSearchRequest: PagedRequest {}
extension Contract20250617.PlaceTipsRequest: PagedRequest {}
extension Contract20250617.PlacePhotosRequest: PagedRequest {}
