import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A loopback server whose answers echo the caller's key back in the forms that once leaked: base64 in a 401
/// or 429 message (at two byte alignments), raw inside a `Content-Type` value, and as a JSON field *name*.
public final class KeyEcho: Sendable {
    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let task: Task<Void, any Error>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// Binds 127.0.0.1 on a free port.
    public static func start() async throws -> KeyEcho {
        let responder = CallbackResponder<BasicRequestContext> { request, _ in
            let reply = answer(authorization: request.headers[.authorization] ?? "", path: request.head.path ?? "/")
            var fields = HTTPFields()
            for header in reply.headers {
                if let name = HTTPField.Name(header.name) { fields.append(HTTPField(name: name, value: header.value)) }
            }
            return Response(status: .init(code: reply.status), headers: fields,
                            body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
        }
        let (port, task) = try await LoopbackHTTPServer.start("KeyEcho", responder: responder)
        return KeyEcho(port: port, task: task)
    }

    public func stop() async {
        task.cancel()
        _ = try? await task.value
    }

    static func answer(authorization: String, path: String) -> EchoServer.Reply {
        let key = authorization.hasPrefix("Bearer ") ? String(authorization.dropFirst(7)) : authorization
        let contentType = EchoServer.Header("Content-Type", "application/json; profile=\(key)")
        // A key that calls itself invalid (the harness's 401 checks) is refused, as the API refuses a key it does not know.
        if authorization.hasPrefix("Bearer "), !key.contains("invalid") {
            // Bearer calls: a 200 whose body names a field after the key and carries it in base64.
            let body = #"{"results": [{"fsq_id": "x1", "name": "Echo", "\#(key)": "\#(base64(key, shift: 0))"}], "echo": {"\#(key)": 1}}"#
            return EchoServer.Reply(status: 200, headers: [contentType], body: body)
        }
        // Raw-key calls: refused, with the key in base64 in the message (as a proxy writing `Basic …` would).
        let message = #"{"message": "key \#(base64(key, shift: 1)) refused; token \#(base64(key, shift: 2))"}"#
        return EchoServer.Reply(status: path.contains("chains") ? 429 : 401,
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
