import Foundation
import FoursquarePlaces

/// A fixture file that could not be used: the file, the JSON path and the reason.
public struct FixtureError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String
    /// `$.response.status`, or nil when the problem is the whole file.
    public let jsonPath: String?
    public let reason: String

    public init(file: String, jsonPath: String? = nil, reason: String) {
        self.file = file
        self.jsonPath = jsonPath
        self.reason = reason
    }

    public var description: String {
        if let jsonPath { return "\(file): \(jsonPath): \(reason)" }
        return "\(file): \(reason)"
    }
}

/// The outcome of loading one file: a fixture, or why not.
public enum LoadedFixture: Sendable {
    case fixture(Fixture)
    case broken(relativePath: String, endpointHint: String, error: FixtureError)

    public var relativePath: String {
        switch self {
        case let .fixture(fixture): return fixture.relativePath
        case let .broken(path, _, _): return path
        }
    }
}

/// Finds and parses fixture files, turning every problem into a `FixtureError` instead of a crash.
public struct FixtureLoader: Sendable {
    /// The file in the fixtures folder that configures drift; never a fixture.
    public static let driftConfigName = "drift-config.json"

    public let root: URL

    public init(root: URL) { self.root = root.standardizedFileURL }

    /// Relative paths of every fixture file, sorted; `Fixtures/README.md` and the drift config are skipped.
    public func discover() throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FixtureError(file: root.path, reason: "fixtures folder does not exist")
        }
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
        ) else {
            throw FixtureError(file: root.path, reason: "fixtures folder cannot be read")
        }
        var paths: [String] = []
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in enumerator where url.pathExtension == "json" {
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(rootPath) else { continue }
            let relative = String(full.dropFirst(rootPath.count))
            if relative == Self.driftConfigName || relative.hasSuffix(".tmp.json") { continue }
            paths.append(relative)
        }
        return paths.sorted()
    }

    /// Discovers and loads every fixture; broken files come back as `.broken`, never thrown.
    public func loadAll() throws -> [LoadedFixture] {
        let paths = try discover()
        // Parsing dominates a large run's start-up, and files are independent: split them across cores.
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, paths.count / 64))
        guard workers > 1 else { return paths.map(load(relativePath:)) }
        var results = [LoadedFixture?](repeating: nil, count: paths.count)
        let chunk = (paths.count + workers - 1) / workers
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = UncheckedBuffer(buffer)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in (worker * chunk)..<min(paths.count, (worker + 1) * chunk) {
                    slots.buffer[index] = load(relativePath: paths[index])
                }
            }
        }
        return results.map { $0! }
    }

    public func load(relativePath: String) -> LoadedFixture {
        let folder = relativePath.split(separator: "/").first.map(String.init) ?? relativePath
        let hint = relativePath.contains("/") ? folder : "fixtures"
        do {
            let data: Data
            do {
                data = try Data(contentsOf: root.appendingPathComponent(relativePath))
            } catch {
                throw FixtureError(file: relativePath, reason: "cannot be read: \(Self.reason(error))")
            }
            return .fixture(try Self.parse(data, relativePath: relativePath))
        } catch let error as FixtureError {
            return .broken(relativePath: relativePath, endpointHint: hint, error: error)
        } catch {
            return .broken(relativePath: relativePath, endpointHint: hint,
                           error: FixtureError(file: relativePath, reason: "\(error)"))
        }
    }

    /// Parses fixture bytes; `relativePath` names the file in errors and fixes the expected endpoint folder.
    public static func parse(_ data: Data, relativePath: String) throws(FixtureError) -> Fixture {
        let file = relativePath
        func fail(_ path: String?, _ reason: String) -> FixtureError {
            FixtureError(file: file, jsonPath: path, reason: reason)
        }
        guard !data.isEmpty else { throw fail(nil, "file is empty") }
        if data.contains(0) { throw fail(nil, "binary content (NUL byte at offset \(data.firstIndex(of: 0)!)), not JSON") }
        if String(data: data, encoding: .utf8) == nil {
            throw fail(nil, "not valid UTF-8 (first bad byte at offset \(firstInvalidUTF8Offset(data)))")
        }
        // JSONDecoder into a typed envelope is several times faster here than JSONSerialization,
        // whose containers are bridged on every cast; its errors still carry the JSON path.
        let envelope: FixtureEnvelope
        do {
            envelope = try JSONDecoder().decode(FixtureEnvelope.self, from: data)
        } catch let error as DecodingError {
            throw envelopeError(error, data: data, file: file)
        } catch {
            throw fail(nil, "malformed JSON: \(jsonErrorReason(error))")
        }

        let endpointName = envelope.endpoint
        let method = envelope.request.method ?? "GET"
        let path = envelope.request.path
        // The registry checks contract, endpoint id, path and method in one place.
        let endpoint = try CallPlan.validateRoute(contract: envelope.contract ?? Fixture.seedContract, endpoint: endpointName,
                                                  method: method, path: path, file: file)
        let components = relativePath.split(separator: "/")
        if components.count > 1, components[0] != endpointName {
            throw fail("$.endpoint", "'\(endpointName)' but the file is in folder '\(components[0])/'")
        }
        let query = (envelope.request.query ?? [:]).mapValues(\.text)
        let requestHeaders = lowercased(envelope.request.headers)

        let response = envelope.response
        let status = response.status
        guard (100...599).contains(status) else { throw fail("$.response.status", "\(status) is not an HTTP status") }
        let body: RecordedResponse.Body
        switch (response.hasBody, response.bodyBase64) {
        case (true, .some):
            throw fail("$.response", "has both body and body_base64; keep one")
        case (true, nil):
            guard let span = JSONSpan.compactValue(at: ["response", "body"], in: data) else {
                throw fail("$.response.body", "cannot be read as JSON")
            }
            body = .json(span)
        case let (false, .some(text)):
            guard let bytes = Data(base64Encoded: text, options: [.ignoreUnknownCharacters]) else {
                throw fail("$.response.body_base64", "is not valid base64")
            }
            body = .raw(bytes)
        case (false, nil):
            body = .empty
        }

        var expect: ExpectedOutcome?
        if let raw = envelope.expect {
            var expectation = ExpectedOutcome()
            if let name = raw.error {
                guard let code = FoursquareError.Code(rawValue: name) else {
                    let known = FoursquareError.Code.allCases.map(\.rawValue).joined(separator: ", ")
                    throw fail("$.expect.error", "unknown error '\(name)' (known: \(known))")
                }
                expectation.error = code
            }
            expectation.retryAfter = raw.retryAfter
            expectation.message = raw.message
            expect = expectation
        }

        let rawRecorded = envelope.recorded
        var recorded = RecordingInfo(source: rawRecorded.source ?? "recorded")
        recorded.at = rawRecorded.at
        recorded.baseURL = rawRecorded.baseURL
        if let auth = rawRecorded.auth {
            guard let style = AuthStyle(rawValue: auth) else {
                throw fail("$.recorded.auth", "unknown auth style '\(auth)' (apiKey or bearer)")
            }
            recorded.auth = style
        }
        recorded.apiVersion = rawRecorded.apiVersion
        recorded.toolVersion = rawRecorded.toolVersion

        return Fixture(
            relativePath: relativePath, endpoint: endpoint, contract: envelope.contract ?? Fixture.seedContract,
            summary: envelope.description,
            request: RecordedRequest(method: method, path: path, query: query, headers: requestHeaders),
            response: RecordedResponse(status: status, headers: lowercased(response.headers), body: body,
                                       volatileHeaders: (response.volatileHeaders ?? []).map { $0.lowercased() }),
            expect: expect, recorded: recorded)
    }

    static func lowercased(_ map: [String: JSONScalar]?) -> [String: String] {
        var result: [String: String] = [:]
        for (name, value) in map ?? [:] { result[name.lowercased()] = value.text }
        return result
    }

    /// A decoding error as the loader reports it: the JSON path and what was expected versus found.
    static func envelopeError(_ error: DecodingError, data: Data, file: String) -> FixtureError {
        let failure = DecodingFailure(error, body: data)
        switch error {
        case .keyNotFound:
            return FixtureError(file: file, jsonPath: failure.path, reason: "required field is missing")
        case .valueNotFound:
            return FixtureError(file: file, jsonPath: failure.path, reason: "required field is null")
        case let .dataCorrupted(context) where context.codingPath.isEmpty:
            let underlying = (context.underlyingError.map(jsonErrorReason)) ?? context.debugDescription
            return FixtureError(file: file, reason: "malformed JSON: \(underlying)")
        default:
            var expected = failure.expected
            if expected.hasPrefix("number (Int") { expected = "integer" }
            if expected == "Dictionary" || expected.hasPrefix("FixtureEnvelope") || expected.hasPrefix("Raw") { expected = "object" }
            if case let .dataCorrupted(context) = error {
                return FixtureError(file: file, jsonPath: failure.path, reason: context.debugDescription)
            }
            return FixtureError(file: file, jsonPath: failure.path, reason: "expected \(expected), found \(failure.found)")
        }
    }

    /// Reads a small JSON file (a plan, the drift config) as an untyped tree; errors name `file`.
    static func readJSON(_ url: URL, file: String) throws(FixtureError) -> Node {
        guard let data = try? Data(contentsOf: url) else { throw FixtureError(file: file, reason: "cannot be read") }
        do {
            return Node(value: try JSONSerialization.jsonObject(with: data), path: "$", file: file)
        } catch {
            throw FixtureError(file: file, reason: "malformed JSON: \(jsonErrorReason(error))")
        }
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           let posix = POSIXErrorCode(rawValue: Int32(underlying.code)), underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(posix.rawValue))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoPermissionError {
            return "permission denied"
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        return nsError.localizedDescription
    }

    static func jsonErrorReason(_ error: any Error) -> String {
        let nsError = error as NSError
        let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        return detail.replacingOccurrences(of: "\n", with: " ")
    }

    static func firstInvalidUTF8Offset(_ data: Data) -> Int {
        var low = 0
        var high = data.count
        // The longest valid prefix, by bisection; a cut inside a valid multi-byte character also fails,
        // so step back up to three bytes.
        while low < high {
            let mid = (low + high + 1) / 2
            if String(data: data.prefix(mid), encoding: .utf8) != nil { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// The fixture file's shape for JSONDecoder; `response.body` is cut from the text separately.
struct FixtureEnvelope: Decodable {
    struct RawRequest: Decodable {
        let method: String?
        let path: String
        let query: [String: JSONScalar]?
        let headers: [String: JSONScalar]?
    }

    struct RawResponse: Decodable {
        let status: Int
        let headers: [String: JSONScalar]?
        let volatileHeaders: [String]?
        let bodyBase64: String?
        let hasBody: Bool

        enum CodingKeys: String, CodingKey {
            case status, headers, body
            case volatileHeaders = "volatile_headers"
            case bodyBase64 = "body_base64"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            status = try container.decode(Int.self, forKey: .status)
            headers = try container.decodeIfPresent([String: JSONScalar].self, forKey: .headers)
            volatileHeaders = try container.decodeIfPresent([String].self, forKey: .volatileHeaders)
            bodyBase64 = try container.decodeIfPresent(String.self, forKey: .bodyBase64)
            hasBody = container.contains(.body) ? !(try container.decodeNil(forKey: .body)) : false
        }
    }

    struct RawExpect: Decodable {
        let error: String?
        let retryAfter: Double?
        let message: String?

        enum CodingKeys: String, CodingKey {
            case error, message
            case retryAfter = "retry_after"
        }
    }

    struct RawRecorded: Decodable {
        let source: String?
        let at: String?
        let baseURL: String?
        let auth: String?
        let apiVersion: String?
        let toolVersion: String?

        enum CodingKeys: String, CodingKey {
            case source, at, auth
            case baseURL = "base_url"
            case apiVersion = "api_version"
            case toolVersion = "tool_version"
        }
    }

    let endpoint: String
    let contract: String?
    let description: String?
    let request: RawRequest
    let response: RawResponse
    let expect: RawExpect?
    let recorded: RawRecorded
}

/// A query or header value: a string, or a number or boolean written back as text.
struct JSONScalar: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            text = string
        } else if let bool = try? container.decode(Bool.self) {
            text = bool ? "true" : "false"
        } else if let int = try? container.decode(Int64.self) {
            text = String(int)
        } else if let double = try? container.decode(Double.self) {
            text = String(double)
        } else {
            throw DecodingError.typeMismatch(String.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a string"))
        }
    }
}

/// Lets disjoint slices of one buffer be written from `concurrentPerform` workers.
struct UncheckedBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

/// A node of an untyped JSON tree that knows its path, for precise errors.
struct Node {
    let value: Any
    let path: String
    let file: String

    init(value: Any, path: String, file: String) {
        self.value = value
        self.path = path
        self.file = file
    }

    func fail(_ reason: String) -> FixtureError { FixtureError(file: file, jsonPath: path, reason: reason) }

    func mismatch(_ expected: String) -> FixtureError {
        fail("expected \(expected), found \(Node.kind(of: value))")
    }

    static func kind(of value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is String: return "string"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        case let number as NSNumber: return isBool(number) ? "boolean" : "number"
        default: return "\(type(of: value))"
        }
    }

    static func isBool(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    func object() throws(FixtureError) -> ObjectNode {
        guard let object = value as? [String: Any] else { throw mismatch("object") }
        return ObjectNode(object: object, path: path, file: file)
    }

    func string() throws(FixtureError) -> String {
        guard let string = value as? String else { throw mismatch("string") }
        return string
    }

    func integer() throws(FixtureError) -> Int {
        guard let number = value as? NSNumber, !Node.isBool(number), !(value is String) else { throw mismatch("integer") }
        let double = number.doubleValue
        guard double == double.rounded(), abs(double) < 1e15 else { throw fail("expected integer, found \(number)") }
        return Int(double)
    }

    func number() throws(FixtureError) -> Double {
        guard let number = value as? NSNumber, !Node.isBool(number), !(value is String) else { throw mismatch("number") }
        return number.doubleValue
    }

    func stringArray() throws(FixtureError) -> [String] {
        guard let array = value as? [Any] else { throw mismatch("array of strings") }
        var result: [String] = []
        for (index, element) in array.enumerated() {
            result.append(try Node(value: element, path: "\(path)[\(index)]", file: file).string())
        }
        return result
    }

    func stringMap(lowercasingKeys: Bool = false) throws(FixtureError) -> [String: String] {
        let object = try self.object()
        var result: [String: String] = [:]
        for key in object.object.keys.sorted() {
            let child = Node(value: object.object[key]!, path: ObjectNode.childPath(path, key), file: file)
            // Numbers and booleans are accepted as query values and written back as text.
            let text: String
            if let string = child.value as? String {
                text = string
            } else if let number = child.value as? NSNumber {
                text = Node.isBool(number) ? (number.boolValue ? "true" : "false") : number.stringValue
            } else {
                throw child.mismatch("string")
            }
            result[lowercasingKeys ? key.lowercased() : key] = text
        }
        return result
    }
}

/// A JSON object node with required/optional member access.
struct ObjectNode {
    let object: [String: Any]
    let path: String
    let file: String

    static func childPath(_ path: String, _ key: String) -> String {
        key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? "\(path).\(key)" : "\(path)[\"\(key)\"]"
    }

    func required(_ key: String) throws(FixtureError) -> Node {
        guard let value = object[key] else {
            throw FixtureError(file: file, jsonPath: Self.childPath(path, key), reason: "required field is missing")
        }
        let node = Node(value: value, path: Self.childPath(path, key), file: file)
        if value is NSNull { throw node.fail("required field is null") }
        return node
    }

    func optional(_ key: String) -> Node? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return Node(value: value, path: Self.childPath(path, key), file: file)
    }
}
