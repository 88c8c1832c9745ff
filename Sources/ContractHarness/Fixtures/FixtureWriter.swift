import Foundation
import FoursquarePlaces

/// Serializes fixtures in the documented format: fixed key order at the top, sorted keys below,
/// two-space indent, so re-recording gives reviewable diffs.
public enum FixtureWriter {
    /// The file's bytes; throws, naming the file, for a value that is not JSON rather than writing it as `null`.
    public static func encode(_ fixture: Fixture) throws(RecordError) -> Data {
        var request: [(String, Any)] = [("method", fixture.request.method), ("path", fixture.request.path)]
        if !fixture.request.query.isEmpty { request.append(("query", fixture.request.query)) }
        if !fixture.request.headers.isEmpty { request.append(("headers", fixture.request.headers)) }

        var response: [(String, Any)] = [("status", fixture.response.status)]
        if !fixture.response.headers.isEmpty { response.append(("headers", fixture.response.headers)) }
        if !fixture.response.volatileHeaders.isEmpty { response.append(("volatile_headers", fixture.response.volatileHeaders)) }
        switch fixture.response.body {
        case .empty: break
        case let .json(data):
            if let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
                response.append(("body", value))
            } else {
                response.append(("body_base64", data.base64EncodedString()))
            }
        case let .raw(data): response.append(("body_base64", data.base64EncodedString()))
        }

        var top: [(String, Any)] = [("endpoint", fixture.endpoint.rawValue)]
        // Seed fixtures omit the field, so files recorded before contracts existed stay byte-identical.
        if fixture.contract != ContractID.seed { top.append(("contract", fixture.contract.rawValue)) }
        if let summary = fixture.summary { top.append(("description", summary)) }
        top.append(("request", Ordered(request)))
        top.append(("response", Ordered(response)))
        if let expect = fixture.expect {
            var fields: [(String, Any)] = []
            if let error = expect.error { fields.append(("error", error.rawValue)) }
            if let retry = expect.retryAfter { fields.append(("retry_after", retry == retry.rounded() ? Int(retry) as Any : retry)) }
            if let message = expect.message { fields.append(("message", message)) }
            if let invalidInput = expect.invalidInput { fields.append(("invalidInput", invalidInput)) }
            if !fields.isEmpty { top.append(("expect", Ordered(fields))) }
        }
        var recorded: [(String, Any)] = [("source", fixture.recorded.source)]
        if let at = fixture.recorded.at { recorded.append(("at", at)) }
        if let url = fixture.recorded.baseURL { recorded.append(("base_url", url)) }
        if let auth = fixture.recorded.auth { recorded.append(("auth", auth.rawValue)) }
        if let version = fixture.recorded.apiVersion { recorded.append(("api_version", version)) }
        if let tool = fixture.recorded.toolVersion { recorded.append(("tool_version", tool)) }
        if let values = fixture.recorded.values { recorded.append(("values", values.rawValue)) }
        top.append(("recorded", Ordered(recorded)))

        var text = ""
        do {
            try render(Ordered(top), indent: "", into: &text)
        } catch {
            throw RecordError(file: fixture.relativePath, reason: "cannot write a \(error.typeName) as JSON; the file is left as it was")
        }
        text += "\n"
        return Data(text.utf8)
    }

    /// An object whose keys keep the given order.
    struct Ordered {
        let pairs: [(String, Any)]
        init(_ pairs: [(String, Any)]) { self.pairs = pairs }
    }

    /// A value the writer cannot put in JSON (every value is built here or parsed from JSON, so this is a bug).
    struct NotJSON: Error { let typeName: String }

    static func render(_ value: Any, indent: String, into text: inout String) throws(NotJSON) {
        let inner = indent + "  "
        switch value {
        case let ordered as Ordered:
            try renderObject(ordered.pairs, indent: indent, into: &text)
        case let object as [String: Any]:
            try renderObject(object.keys.sorted().map { ($0, object[$0]!) }, indent: indent, into: &text)
        case let object as [String: String]:
            try renderObject(object.keys.sorted().map { ($0, object[$0]! as Any) }, indent: indent, into: &text)
        case let array as [Any]:
            guard !array.isEmpty else { text += "[]"; return }
            text += "[\n"
            for (index, element) in array.enumerated() {
                text += inner
                try render(element, indent: inner, into: &text)
                text += index == array.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        default:
            text += try scalar(value)
        }
    }

    static func renderObject(_ pairs: [(String, Any)], indent: String, into text: inout String) throws(NotJSON) {
        guard !pairs.isEmpty else { text += "{}"; return }
        let inner = indent + "  "
        text += "{\n"
        for (index, pair) in pairs.enumerated() {
            text += try inner + scalar(pair.0) + ": "
            try render(pair.1, indent: inner, into: &text)
            text += index == pairs.count - 1 ? "\n" : ",\n"
        }
        text += indent + "}"
    }

    static func scalar(_ value: Any) throws(NotJSON) -> String {
        if let number = value as? NSNumber, !(value is String), Node.isBool(number) { return number.boolValue ? "true" : "false" }
        if value is NSNull { return "null" }
        // Not written as `null`: a typed id once was, and the fixture lost its contract.
        guard JSONSerialization.isValidJSONObject([value]),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes]) else {
            throw NotJSON(typeName: String(describing: type(of: value)))
        }
        return String(decoding: data, as: UTF8.self)
    }
}
