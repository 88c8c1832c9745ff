import Foundation
import FoursquarePlaces

/// Serializes fixtures in the documented format: fixed key order at the top, sorted keys below,
/// two-space indent, so re-recording gives reviewable diffs.
package enum FixtureWriter {
    /// The file's bytes. Every value is a `JSONValue`, so nothing can be written as something other than JSON; the
    /// error type stays for callers.
    package static func encode(_ fixture: Fixture) throws(RecordError) -> Data {
        var request: [(key: String, value: JSONValue)] = [("method", .string(fixture.request.method)), ("path", .string(fixture.request.path))]
        if !fixture.request.query.isEmpty { request.append(("query", sorted(fixture.request.query))) }
        if !fixture.request.headers.isEmpty { request.append(("headers", sorted(fixture.request.headers))) }

        var response: [(key: String, value: JSONValue)] = [("status", .number(String(fixture.response.status)))]
        if !fixture.response.headers.isEmpty { response.append(("headers", sorted(fixture.response.headers))) }
        if !fixture.response.volatileHeaders.isEmpty {
            response.append(("volatile_headers", .array(fixture.response.volatileHeaders.map(JSONValue.string))))
        }
        switch fixture.response.body {
        case .empty: break
        case let .json(data):
            if let value = JSONValue.parse(data) {
                response.append(("body", value))
            } else {
                response.append(("body_base64", .string(data.base64EncodedString())))
            }
        case let .raw(data): response.append(("body_base64", .string(data.base64EncodedString())))
        }

        var top: [(key: String, value: JSONValue)] = [("endpoint", .string(fixture.endpoint.rawValue))]
        // Seed fixtures omit the field, so files recorded before contracts existed stay byte-identical.
        if fixture.contract != ContractID.seed { top.append(("contract", .string(fixture.contract.rawValue))) }
        if let summary = fixture.summary { top.append(("description", .string(summary))) }
        top.append(("request", .object(request)))
        top.append(("response", .object(response)))
        if let expect = fixture.expect {
            var fields: [(key: String, value: JSONValue)] = []
            if let error = expect.error { fields.append(("error", .string(error.rawValue))) }
            if let retry = expect.retryAfter {
                fields.append(("retry_after", .number(retry == retry.rounded() ? String(Int(retry)) : JSONValue.foundationNumber(String(retry)))))
            }
            if let message = expect.message { fields.append(("message", .string(message))) }
            if let invalidInput = expect.invalidInput { fields.append(("invalidInput", .string(invalidInput))) }
            if !fields.isEmpty { top.append(("expect", .object(fields))) }
        }
        var recorded: [(key: String, value: JSONValue)] = [("source", .string(fixture.recorded.source))]
        if let at = fixture.recorded.at { recorded.append(("at", .string(at))) }
        if let url = fixture.recorded.baseURL { recorded.append(("base_url", .string(url))) }
        if let auth = fixture.recorded.auth { recorded.append(("auth", .string(auth.rawValue))) }
        if let version = fixture.recorded.apiVersion { recorded.append(("api_version", .string(version))) }
        if let tool = fixture.recorded.toolVersion { recorded.append(("tool_version", .string(tool))) }
        if let values = fixture.recorded.values { recorded.append(("values", .string(values.rawValue))) }
        top.append(("recorded", .object(recorded)))

        var text = ""
        render(.object(top), indent: "", keepOrder: true, into: &text)
        text += "\n"
        return Data(text.utf8)
    }

    /// A string map as an object with sorted keys.
    static func sorted(_ map: [String: String]) -> JSONValue {
        .object(map.keys.sorted().map { ($0, .string(map[$0]!)) })
    }

    /// Two-space indent, `"key": value`; the envelope (`keepOrder`) keeps its fixed member order, and every object
    /// inside a body has sorted keys, a repeated one written once at its last value. Scalars are written as
    /// JSONSerialization writes them, so a re-recorded body keeps its bytes.
    static func render(_ value: JSONValue, indent: String, keepOrder: Bool = false, into text: inout String) {
        let inner = indent + "  "
        switch value.resolved {
        case let .object(members):
            let pairs = keepOrder ? members : (value.uniqueMembers ?? []).sorted { $0.key < $1.key }
            guard !pairs.isEmpty else { text += "{}"; return }
            text += "{\n"
            for (index, pair) in pairs.enumerated() {
                text += inner
                JSONValue.appendFoundationString(pair.key, escapingSlashes: false, to: &text)
                text += ": "
                // The envelope's own objects keep their order too (request, response, expect, recorded); a body's
                // do not.
                render(pair.value, indent: inner, keepOrder: keepOrder && pair.key != "body", into: &text)
                text += index == pairs.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        case let .array(array):
            guard !array.isEmpty else { text += "[]"; return }
            text += "[\n"
            for (index, element) in array.enumerated() {
                text += inner
                render(element, indent: inner, into: &text)
                text += index == array.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case let scalar:
            text += scalar.foundationText(escapingSlashes: false)
        }
    }
}
