/// The auth style and key a request presents in its `Authorization` header, read by one rule for the client's
/// redaction, the emulator's check and log, and `FixtureTransport`.
///
/// The rule is the contracts' two styles (`Contract.authStyles`): the bearer style is the HTTP `Bearer` scheme of
/// document 004 and the 2025-06-17 OpenAPI (`type: http, scheme: bearer`), so the scheme name is case-insensitive
/// (RFC 7235) and is followed by spaces and the key, or by nothing (HTTP stacks trim trailing blanks, so a bare
/// `Bearer` is the bearer style with an empty key). Any other value is the raw key of the `apiKey` style.
package struct PresentedAuth: Sendable, Hashable {
    /// The style the header speaks.
    package let style: AuthStyle
    /// The key it presents, without the scheme or surrounding blanks; empty for a bare `Bearer`.
    package let key: Substring

    /// What `authorization` (the header's value) presents; nil when the header is missing or blank.
    package static func read(authorization: String?) -> PresentedAuth? {
        guard let value = authorization else { return nil }
        let text = trimmed(value[...])
        guard !text.isEmpty else { return nil }
        let utf8 = text.utf8
        if utf8.count >= 6 {
            let scheme = utf8.prefix(6)
            let after = utf8.dropFirst(6).first
            if (after == nil || after == 0x20 || after == 0x09),
               zip(scheme, "bearer".utf8).allSatisfy({ $0 | 0x20 == $1 }) {
                return PresentedAuth(style: .bearer, key: trimmed(text[utf8.index(utf8.startIndex, offsetBy: 6)...]))
            }
        }
        return PresentedAuth(style: .apiKey, key: text)
    }

    /// `text` without leading and trailing spaces and tabs (bytewise: this runs on every emulator request).
    private static func trimmed(_ text: Substring) -> Substring {
        let utf8 = text.utf8
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end, utf8[start] == 0x20 || utf8[start] == 0x09 { start = utf8.index(after: start) }
        while end > start, utf8[utf8.index(before: end)] == 0x20 || utf8[utf8.index(before: end)] == 0x09 {
            end = utf8.index(before: end)
        }
        return text[start..<end]
    }
}
