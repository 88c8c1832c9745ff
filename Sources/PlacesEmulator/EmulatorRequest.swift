import Foundation

/// A request as the emulator sees it, independent of any socket.
package struct EmulatorRequest: Sendable, Hashable {
    package var method: String
    /// The path, percent-encoded as sent: `/places/abc%20def`.
    package var path: String
    /// Decoded query parameters; a repeated name keeps its last value.
    package var query: [String: String]
    /// The query exactly as sent (after `?`), or nil; only used for the log line.
    package var rawQuery: String?
    /// Header values by lower-case name.
    package var headers: [String: String]

    package init(method: String = "GET", path: String, query: [String: String] = [:], headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.rawQuery = query.isEmpty ? nil : query.keys.sorted().map { "\($0)=\(query[$0]!)" }.joined(separator: "&")
        self.headers = Self.lowercased(headers)
    }

    /// Parses a request target (`/places/search?near=Paris&limit=1`).
    package init(method: String = "GET", target: String, headers: [String: String] = [:]) {
        self.method = method
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = parts.isEmpty ? "/" : String(parts[0])
        self.rawQuery = parts.count > 1 ? String(parts[1]) : nil
        self.query = rawQuery.map(Self.parseQuery) ?? [:]
        self.headers = Self.lowercased(headers)
    }

    /// For the server: `headers` already has lower-case names.
    init(method: String, target: String, lowercasedHeaders: [String: String]) {
        self.method = method
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = parts.isEmpty ? "/" : String(parts[0])
        self.rawQuery = parts.count > 1 ? String(parts[1]) : nil
        self.query = rawQuery.map(Self.parseQuery) ?? [:]
        self.headers = lowercasedHeaders
    }

    /// The value of header `name` (any case).
    package func header(_ name: String) -> String? { headers[name] ?? headers[name.lowercased()] }

    /// `name=value` pairs split on `&`, each side percent-decoded; `+` stays a literal `+`.
    package static func parseQuery(_ raw: String) -> [String: String] {
        var result: [String: String] = [:]
        var raw = raw
        raw.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "&") {
                defer { start = index + 1 }
                guard index > start else { continue }
                let pair = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                    result[decode(UnsafeBufferPointer(rebasing: pair[..<equals]))] =
                        decode(UnsafeBufferPointer(rebasing: pair[(equals + 1)...]))
                } else {
                    result[decode(pair)] = ""
                }
            }
        }
        return result
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard bytes.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    private static func lowercased(_ headers: [String: String]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in headers { result[name.lowercased()] = value }
        return result
    }
}
