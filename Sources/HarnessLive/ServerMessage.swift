import Foundation
import HarnessCore

/// What an answer the harness does not judge says about itself, for the one line that names the night's cause: the
/// API's error `message`, or that the body is an HTML page (a gateway or proxy answered, not the API).
package struct ServerMessage: Sendable, Equatable {
    /// The API's `message`, scrubbed of the key, on one line and cut to `maxLength`; nil when the body has none.
    package var text: String?
    /// The body is an HTML page, not the API's JSON.
    package var isHTML: Bool

    /// Longest quoted message: a cause line stays under 200 characters with the operation's name beside it.
    package static let maxLength = 80

    /// Reads `body`, with its `contentType`, scrubbing `scrubber`'s key from the message.
    package init(body: Data, contentType: String?, scrubber: KeyScrubber?) {
        let type = contentType?.lowercased() ?? ""
        let start = body.prefix(64).drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        isHTML = type.contains("html") || start.starts(with: Data("<".utf8))
        guard !isHTML, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let message = object["message"] as? String else {
            text = nil
            return
        }
        let scrubbed = scrubber?.text(message) ?? message
        let line = scrubbed.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        text = line.count > Self.maxLength ? String(line.prefix(Self.maxLength - 1)) + "…" : line
    }

    /// `"Monthly quota exceeded."` with its quotes, or nil.
    package var quoted: String? { text.map { "\"\($0)\"" } }

    /// Whether a 403 with this message is the key's plan, not the key or the contract: the API words an entitlement
    /// as the plan, subscription or tier not including the endpoint.
    package var refusesByPlan: Bool {
        guard let text = text?.lowercased() else { return false }
        return ["plan", "subscription", "tier", "upgrade", "entitle"].contains { text.contains($0) }
    }
}
