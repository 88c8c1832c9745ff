import Foundation
import FoursquarePlaces
import HarnessCore

/// Wraps a live transport so that nothing a server sends reaches the harness with the key in it: the body
/// and every header name and value go through `KeyScrubber` before any check, report, recording or drift
/// line can see them, even when a server echoes the key back in base64 or as a JSON field name.
///
/// Errors too: AsyncHTTPClient, NIO and Foundation describe a refused header by dumping it
/// (`HTTPClientError.invalidHeaderFieldValues(["Bearer <key>\n"])`), so an error whose text holds the key in any
/// form is replaced by `ScrubbedTransportError`, which keeps only the scrubbed text.
package struct RedactingTransport: Transport {
    package let base: any Transport
    package let scrubber: KeyScrubber

    package init(base: any Transport, scrubber: KeyScrubber) {
        self.base = base
        self.scrubber = scrubber
    }

    package func send(_ request: HTTPRequest) async throws -> (Data, HTTPResponse) {
        let data: Data
        let response: HTTPResponse
        do {
            (data, response) = try await base.send(request)
        } catch {
            throw scrubbed(error)
        }
        return (scrubber.bytes(data), HTTPResponse(status: response.status, headers: scrubber.headers(response.headers)))
    }

    /// `error` itself when neither its description nor its dump holds the key (its type still tells a timeout from
    /// a refused connection), else its scrubbed description alone.
    package func scrubbed(_ error: any Error) -> any Error {
        let described = FoursquareClient.describe(error)
        guard scrubber.found(in: described) || scrubber.found(in: String(reflecting: error)) else { return error }
        return ScrubbedTransportError(description: scrubber.text(described))
    }
}

/// A transport error whose text held the key: only its description, with the key removed, is kept.
package struct ScrubbedTransportError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    package let description: String
    package var debugDescription: String { description }
}
