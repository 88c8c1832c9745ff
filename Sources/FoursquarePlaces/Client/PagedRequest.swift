/// A request for an endpoint that pages: it takes the `cursor` of the page to fetch.
///
/// A page's `APIResponse.nextCursor` is a plain `String` an app can store anywhere (state restoration, a database)
/// and hand back later, on another screen or after a relaunch, to fetch the next page:
///
/// ```swift
/// let first = try await client.response(to: search)
/// let token: String? = first.nextCursor             // store it
/// var next = search
/// next.cursor = token                               // later: the second page
/// ```
public protocol PagedRequest: ContractRequest {
    /// The page to fetch; nil for the first.
    var cursor: String? { get set }
}

extension APIResponse {
    /// The request for the next page: `request` with this page's `nextCursor`; nil on the last page.
    public func nextRequest<R: PagedRequest>(after request: R) -> R? {
        guard let nextCursor else { return nil }
        var next = request
        next.cursor = nextCursor
        return next
    }
}
