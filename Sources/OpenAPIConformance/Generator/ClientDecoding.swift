import HarnessCore
import FixtureFormat
import Foundation
import FoursquarePlaces

/// An answer put through the client as an app's call would meet it: a 2xx body decodes into the endpoint's model
/// (strictly, no element dropped), and an error body maps to a `FoursquareError` that carries its `message`.
struct ClientDecoding {
    let endpoint: Endpoint
    let status: Int

    /// Why the client could not read an answer.
    struct Failure: Equatable {
        /// `$.results[0].fsq_place_id`.
        var path: String
        var expected: String
        var found: String
        var detail: String

        /// `/results/0/fsq_place_id` (RFC 6901).
        var pointer: String { Self.pointer(fromPath: path) }

        /// The member the client could not read, `fsq_place_id` (`$` for the whole body).
        var field: String {
            Self.steps(path).last(where: { Int($0) == nil }) ?? "$"
        }

        /// The path with indices dropped, so a shrink that removes an earlier element is the same failure.
        var shape: String { path.replacingOccurrences(of: #"\[\d+\]"#, with: "[]", options: .regularExpression) }

        static func steps(_ path: String) -> [String] {
            var steps: [String] = []
            var current = ""
            var inIndex = false
            for character in path.dropFirst() {
                switch character {
                case "." where !inIndex:
                    if !current.isEmpty { steps.append(current) }
                    current = ""
                case "[":
                    if !current.isEmpty { steps.append(current) }
                    current = ""
                    inIndex = true
                case "]" where inIndex:
                    steps.append(current)
                    current = ""
                    inIndex = false
                default:
                    current.append(character)
                }
            }
            if !current.isEmpty { steps.append(current) }
            return steps
        }

        static func pointer(fromPath path: String) -> String {
            steps(path).map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
        }
    }

    /// The Swift type an answer decodes into, as messages name it (`Contract20250617.SearchResponse`).
    var model: String { status < 300 ? endpoint.responseType : "FoursquareError" }

    /// Nil when the client reads the answer.
    func failure(of body: JSONValue) -> Failure? {
        let data = body.jsonData
        let mapper = ResponseMapper(key: nil)
        let response = HTTPResponse(status: status, headers: HTTPHeaders([("Content-Type", "application/json")]))
        guard response.isSuccess else {
            let error = mapper.error(data: data, response: response, request: nil)
            guard case let .string(message)? = body.member("message") else { return nil }
            guard error.message == message else {
                return Failure(path: "$.message", expected: "the message the answer carries", found: error.message.map { "'\($0)'" } ?? "no message",
                               detail: "$.message: the error does not carry the answer's message")
            }
            return nil
        }
        func decode<T: Decodable>(_ type: T.Type) throws(FoursquareError) {
            _ = try mapper.map(T.self, data: data, response: response, request: nil)
        }
        do {
            try decode(endpoint.responseModel)
            return nil
        } catch {
            guard let decoding = error.decoding else {
                return Failure(path: "$", expected: "a decoded answer", found: "\(error.code)", detail: error.reason ?? "\(error.code)")
            }
            return Failure(path: decoding.path, expected: decoding.expected, found: decoding.found, detail: decoding.detail)
        }
    }
}
