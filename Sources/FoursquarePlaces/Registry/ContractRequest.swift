/// A request that belongs to one contract: `PlacesClient<C>` sends it only when `APIContract` is `C`, so a seed
/// request handed to a client of another contract is a compile error instead of a wrong call at run time.
///
/// The request names its operation (`endpointID`); its registry entry is its contract's entry for that id, so a
/// request reaches the registry through its contract, and the registry alone names request types. A later version
/// that keeps an operation's shape lists this same type in its registry and its `PlacesContract` type.
public protocol ContractRequest: EndpointRequest {
    /// The contract that declared this request type.
    associatedtype APIContract: PlacesContract
}

extension ContractRequest {
    /// The registry entry of `endpointID` in `APIContract`.
    public static var endpoint: Endpoint {
        // Every request type is registered in its own contract; OneClientTests checks it.
        APIContract.contract.endpoint(endpointID)!
    }
}
