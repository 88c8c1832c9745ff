import Foundation

/// Sends one request and returns the body and response; the seam where replay and live transports plug in.
public protocol Transport: Sendable {
    /// Performs `request`. Throw only for failures below HTTP (refused, reset, timeout); any status is a response.
    func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse)
}
