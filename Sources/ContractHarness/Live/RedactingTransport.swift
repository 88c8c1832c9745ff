import Foundation
import FoursquarePlaces

/// Wraps a live transport so that nothing a server sends reaches the harness with the key in it: the body
/// and every header name and value go through `KeyScrubber` before any check, report, recording or drift
/// line can see them, even when a server echoes the key back in base64 or as a JSON field name.
public struct RedactingTransport: Transport {
    public let base: any Transport
    public let scrubber: KeyScrubber

    public init(base: any Transport, scrubber: KeyScrubber) {
        self.base = base
        self.scrubber = scrubber
    }

    public func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let (data, response) = try await base.send(request)
        return (scrubber.bytes(data), HTTPResponse(status: response.status, headers: scrubber.headers(response.headers)))
    }
}
