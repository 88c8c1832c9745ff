import Foundation
import FoursquarePlaces
@testable import HarnessCore
import Testing
import TestSupport

/// `FixtureWriter` writes `JSONValue`s; it used to write JSONSerialization's `Any` trees. Every shipped fixture, and
/// bodies chosen for their numbers, escapes and keys, encode to the same bytes as with the old writer (kept here as
/// the reference).
@Suite("FixtureWriter bytes")
struct FixtureWriterBytesTests {
    static var shipped: [Fixture] {
        get throws {
            try FixtureLoader(root: Products.packageRoot.appendingPathComponent("Fixtures")).loadAll().compactMap {
                if case let .fixture(fixture) = $0 { return fixture } else { return nil }
            }
        }
    }

    static let bodies = [
        #"{"b":1,"a":[1,2.50,1e2,-0,0.1,12345678901234567890,1.0e-7,3.14159265358979323846,1.7976931348623157e308,1.0]}"#,
        #"{"s":"x/y\"\\\n\t\b\f\r\u0001\u001f\u007fé\u2028😀","c":{},"d":[],"h":[{}],"t":true,"n":null}"#,
        #"{"b":1,"B":2,"a10":3,"a9":4,"_x":5,"Z":6,"é":7,"e":8,"dup":1,"dup":2}"#,
        #"[{"z":1,"a":[]}, "x", 2.0]"#, "42", #""just text""#, "not json",
    ]

    @Test func everyShippedFixtureEncodesAsBefore() throws {
        let fixtures = try Self.shipped
        #expect(fixtures.count > 150)
        for fixture in fixtures {
            #expect(try FixtureWriter.encode(fixture) == Reference.encode(fixture), "\(fixture.relativePath)")
        }
    }

    @Test(arguments: 0..<bodies.count)
    func aBodyEncodesAsBefore(index: Int) throws {
        var fixture = try #require(try Self.shipped.first { $0.relativePath == "chains/200-typical.json" })
        fixture.response.body = .json(Data(Self.bodies[index].utf8))
        fixture.expect = ExpectedOutcome(error: .rateLimited, retryAfter: 1.5, message: "slow / down")
        #expect(try FixtureWriter.encode(fixture) == Reference.encode(fixture))
        fixture.expect?.retryAfter = 30
        #expect(try FixtureWriter.encode(fixture) == Reference.encode(fixture))
    }

    /// The writer as it was on `Any` trees.
    enum Reference {
    /// The file's bytes; throws, naming the file, for a value that is not JSON rather than writing it as `null`.
    static func encode(_ fixture: Fixture) throws -> Data {
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
            throw error
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
        if let number = value as? NSNumber, !(value is String), String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
        if value is NSNull { return "null" }
        // Not written as `null`: a typed id once was, and the fixture lost its contract.
        guard JSONSerialization.isValidJSONObject([value]),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes]) else {
            throw NotJSON(typeName: String(describing: type(of: value)))
        }
        return String(decoding: data, as: UTF8.self)
    }
}
}
