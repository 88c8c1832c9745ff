import Foundation
import FoursquarePlaces

/// Builds the one-line-per-request log. The `Authorization` value is never printed (only its scheme), and the
/// key is cut out of the path and query.
package enum RequestLog {
    package static let redacted = RedactedRequest.redactedMarker

    /// Query parameter names whose values are always redacted.
    static let secretParameters: Set<String> = [
        "key", "api_key", "apikey", "token", "access_token", "oauth_token", "client_secret", "authorization",
    ]

    /// `GET /places/search?near=Chicago 200 0.41ms auth=apiKey authorization=<redacted> fixture=… fault=…`
    package static func line(
        method: String, path: String, rawQuery: String?, authorization: String?, response: EmulatorResponse,
        milliseconds: Double, requiredKey: String?
    ) -> String {
        let presented = PresentedAuth.read(authorization: authorization)
        let presentedKey = presented.map { String($0.key) }
        var keys: [String] = []
        if let requiredKey, !requiredKey.isEmpty { keys.append(requiredKey) }
        // A presented key is cut out too, unless it is so short that cutting it would shred the line.
        if let presentedKey, presentedKey.count >= 6 { keys.append(presentedKey) }
        var target = redact(path, keys: keys)
        if let rawQuery { target += "?" + redactQuery(rawQuery, keys: keys) }

        let authText: String
        switch authorization {
        case nil: authText = "none"
        case _?: authText = presented?.style == .bearer ? "Bearer \(redacted)" : redacted
        }
        var line = "\(method) \(target) \(response.status) \(format(milliseconds))ms"
        line += " auth=\(response.authStyle) authorization=\(authText)"
        if let fixture = response.fixture { line += " fixture=\(fixture)" }
        if let fault = response.fault { line += " fault=\(fault.rawValue)" }
        return line
    }

    /// Two decimals, without Foundation's slow `String(format:)`.
    static func format(_ milliseconds: Double) -> String {
        let hundredths = Int((max(0, milliseconds) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Redacts secret-named parameters and any occurrence of a key, raw or percent-encoded.
    static func redactQuery(_ raw: String, keys: [String]) -> String {
        var secretRanges: [Range<Int>] = []   // byte ranges of secret values
        var raw = raw
        raw.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "&") {
                defer { start = index + 1 }
                guard index > start,
                      let equals = bytes[start..<index].firstIndex(of: UInt8(ascii: "=")),
                      (3...13).contains(equals - start) || bytes[start..<equals].contains(UInt8(ascii: "%")) else { continue }
                var name = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<equals]), as: UTF8.self)
                if UTF8Text.contains(name, byte: UInt8(ascii: "%")) { name = name.removingPercentEncoding ?? name }
                if secretParameters.contains(name.lowercased()) { secretRanges.append((equals + 1)..<index) }
            }
        }
        var text = raw
        if !secretRanges.isEmpty {
            var bytes = Array(raw.utf8)
            for range in secretRanges.reversed() { bytes.replaceSubrange(range, with: Array(redacted.utf8)) }
            text = String(decoding: bytes, as: UTF8.self)
        }
        return redact(text, keys: keys)
    }

    /// Replaces every occurrence of each key; when the text has percent escapes, the key is also looked for in
    /// the decoded text (and then the decoded, redacted text is returned).
    static func redact(_ text: String, keys: [String]) -> String {
        var text = text
        for key in keys where !key.isEmpty {
            if UTF8Text.contains(text, key) {
                text = text.replacingOccurrences(of: key, with: redacted)
            }
            if UTF8Text.contains(text, byte: UInt8(ascii: "%")), let decoded = text.removingPercentEncoding,
               UTF8Text.contains(decoded, key) {
                text = decoded.replacingOccurrences(of: key, with: redacted)
            }
        }
        return text
    }
}
