/// A request that belongs to one contract: `PlacesClient<C>` sends it only when `APIContract` is `C`, so a seed
/// request handed to a `PlacesClient<Contract20250617>` is a compile error instead of a wrong call at run time.
public protocol ContractRequest: EndpointRequest {
    /// The contract whose API answers this request.
    associatedtype APIContract: PlacesContract
}

// Every request type of every contract; OneClientTests.everyRegisteredRequestTypeBelongsToItsContract checks that none of the registry's is missing.

extension SeedContract.PlaceDetailsRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.PlaceTipsRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.PlacePhotosRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.PlacesAutocompleteRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.PlaceSearchRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.GeotaggingRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.CategoriesRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.ChainsRequest: ContractRequest { public typealias APIContract = SeedContract }
extension SeedContract.AutocompleteRequest: ContractRequest { public typealias APIContract = SeedContract }

extension Contract20250617.PlaceRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.TipsRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PhotosRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.SearchRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.AutocompleteRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.GeotaggingRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.SuggestEditRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.SuggestFlagRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.SuggestRemoveRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.SuggestMergeRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.SuggestPlaceRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.SuggestStatusRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.SuggestReviewRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.GeotaggingConfirmRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobsStatusRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobInitializeRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobExecuteRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.OfflineJobCredentialsRefreshRequest: ContractRequest { public typealias APIContract = Contract20250617 }
