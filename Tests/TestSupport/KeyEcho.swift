import Foundation

/// Answers that echo the caller's key back in the forms that once leaked: base64 in a 401 or 429 message
/// (at two byte alignments), raw inside a `Content-Type` value, and as a JSON field *name*.
/// Use with `EchoServer.respond(with: KeyEcho.responder)`.
public enum KeyEcho {
    public static let responder: @Sendable (EchoServer.RecordedRequest) -> EchoServer.Reply = { request in
        let authorization = request.header("authorization") ?? ""
        let key = authorization.hasPrefix("Bearer ") ? String(authorization.dropFirst(7)) : authorization
        let contentType = EchoServer.Header("Content-Type", "application/json; profile=\(key)")
        if authorization.hasPrefix("Bearer ") {
            // Bearer calls: a 200 whose body names a field after the key and carries it in base64.
            let body = #"{"results": [{"fsq_id": "x1", "name": "Echo", "\#(key)": "\#(base64(key, shift: 0))"}], "echo": {"\#(key)": 1}}"#
            return EchoServer.Reply(status: 200, headers: [contentType], body: body)
        }
        // Raw-key calls: refused, with the key in base64 in the message (as a proxy writing `Basic …` would).
        let message = #"{"message": "key \#(base64(key, shift: 1)) refused; token \#(base64(key, shift: 2))"}"#
        return EchoServer.Reply(status: request.path.contains("chains") ? 429 : 401,
                                headers: [contentType, .init("Retry-After", "0")], body: message)
    }

    /// The key's base64 after `shift` bytes of other text.
    public static func base64(_ key: String, shift: Int) -> String {
        (Data("user:".utf8.prefix(shift)) + Data(key.utf8)).base64EncodedString()
    }

    /// Every echoed form a leak check should look for, including each base64 run's key-only core.
    public static func leakForms(of key: String) -> [String] {
        var forms = [key, key.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!]
        for shift in 0..<3 {
            let encoded = base64(key, shift: shift)
            forms.append(encoded)
            // Characters 4…(4 + 12) of the shifted run encode key bytes only.
            forms.append(String(encoded.dropFirst(4).prefix(12)))
        }
        return forms
    }
}
