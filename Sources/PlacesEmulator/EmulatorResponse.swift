import HarnessCore
import Foundation
import FoursquarePlaces

/// What the emulator answers. `body` is always the complete intended body; `fault` says how a socket
/// delivers it (`reset`: half of it, then the connection closes; `slowBody`: trickled). The other faults are
/// already applied to `status`, `headers` and `body`.
package struct EmulatorResponse: Sendable, Hashable {
    package var status: Int
    /// Lower-case names.
    package var headers: [String: String]
    package var body: Data
    /// The fault injected into this response, if any.
    package var fault: FaultKind?
    /// The fixture served (relative path), if one matched.
    package var fixture: String?
    /// The auth style the request used: `apiKey`, `bearer` or `none`.
    package var authStyle: String
    /// Index into `PlacesEmulator.fixtures` while the response is that fixture's, unmodified (a server fast path).
    var fixtureIndex: Int?

    package init(
        status: Int, headers: [String: String] = [:], body: Data = Data(), fault: FaultKind? = nil,
        fixture: String? = nil, authStyle: String = "none"
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fault = fault
        self.fixture = fixture
        self.authStyle = authStyle
    }

    /// The body as text, for tests and messages.
    package var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The API's error body, when the body is one.
    package var errorBody: ErrorBody? { try? JSONDecoder().decode(ErrorBody.self, from: body) }
}

extension EmulatorResponse {
    /// An answer with the API's JSON error body. `detail` goes to `error_detail`; nil leaves it out, as the
    /// 2025-06-17 API does (`{"message": "…"}`).
    static func apiError(_ status: Int, _ message: String, _ detail: String?, style: String) -> EmulatorResponse {
        let body = (try? errorEncoder.encode(ErrorBody(message: message, errorDetail: detail))) ?? Data()
        return EmulatorResponse(status: status, headers: ["content-type": "application/json; charset=utf-8"],
                                body: body, authStyle: style)
    }

    private static let errorEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
