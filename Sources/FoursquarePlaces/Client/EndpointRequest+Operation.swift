extension Endpoint {
    /// The operation as error text names it: method and path template, e.g. `GET /places/{fsq_place_id}`.
    package var operation: String { "\(method) \(pathTemplate)" }
}

extension EndpointRequest {
    /// This request type's operation, as error text names it.
    static var operation: String { endpoint.operation }
}
