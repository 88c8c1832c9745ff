import Foundation

/// The pages of one request, fetched one at a time as the sequence is walked.
public struct Pages<Value: Decodable & Sendable>: AsyncSequence, Sendable {
    /// Each page with its response head.
    public typealias Element = APIResponse<Value>
    /// What fetching a page throws.
    public typealias Failure = FoursquareError

    let client: FoursquareClient
    let operation: String
    let first: @Sendable () throws(FoursquareError) -> HTTPRequest

    /// An iterator that fetches the first page on its first `next()`.
    public func makeAsyncIterator() -> Iterator { Iterator(client: client, operation: operation, first: first) }

    /// Fetches the next page on demand; ends after a page without a `rel="next"` link.
    public struct Iterator: AsyncIteratorProtocol {
        let client: FoursquareClient
        let operation: String
        let first: @Sendable () throws(FoursquareError) -> HTTPRequest
        var next: URL?
        var started = false
        var method = "GET"

        init(client: FoursquareClient, operation: String, first: @escaping @Sendable () throws(FoursquareError) -> HTTPRequest) {
            self.client = client
            self.operation = operation
            self.first = first
        }

        /// The next page, or nil after the last.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(FoursquareError) -> APIResponse<Value>? {
            let request: HTTPRequest
            if !started {
                started = true
                request = try first()
                method = request.method
            } else if let next {
                request = try client.request(following: next, method: method)
            } else {
                return nil
            }
            let page = try await client.perform(request, as: Value.self, operation: operation)
            next = page.nextPage
            return page
        }

        /// The next page, or nil after the last.
        public mutating func next() async throws(FoursquareError) -> APIResponse<Value>? {
            try await next(isolation: nil)
        }
    }
}
