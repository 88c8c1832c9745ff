import Foundation
import FoursquarePlaces

/// A fixture file that could not be used: the file, the JSON path and the reason.
public struct FixtureError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String
    /// `$.response.status`, or nil when the problem is the whole file.
    public let jsonPath: String?
    public let reason: String
    /// Where in the file, when the loader knows (a syntax error or a limit): 1-based, columns in characters.
    public let line: Int?
    public let column: Int?

    public init(file: String, jsonPath: String? = nil, reason: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.jsonPath = jsonPath
        self.reason = reason
        self.line = line
        self.column = column
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

    /// The report suite: the endpoint, or for a broken file the folder it is in.
    public var suite: String {
        switch self {
        case let .fixture(fixture): return fixture.endpoint.rawValue
        case let .broken(_, hint, _): return hint
        }
    }
}

/// A file found in the fixtures folder, or a folder or link found there that cannot be used.
public struct DiscoveredFile: Sendable, Hashable {
    /// Relative to the fixtures folder, `/`-separated.
    public let relativePath: String
    /// The report suite: the first folder, which the loader requires to be the endpoint id.
    public let suite: String
    /// Set when the entry cannot be loaded at all (an unreadable folder, a link leading outside).
    public let problem: String?

    init(relativePath: String, problem: String? = nil) {
        self.init(relativePath: relativePath, suite: FixtureLoader.suite(of: relativePath), problem: problem)
    }

    init(relativePath: String, suite: String, problem: String?) {
        self.relativePath = relativePath
        self.suite = suite
        self.problem = problem
    }
}

/// Finds and parses fixture files, turning every problem into a `FixtureError` instead of a crash.
public struct FixtureLoader: Sendable {
    /// The file in the fixtures folder that configures drift; never a fixture.
    public static let driftConfigName = "drift-config.json"

    public let root: URL

    /// Larger fixture files are refused before they are read: a fixture is one exchange, and the live stack caps a
    /// body at 16 MiB, which its base64 or escaped JSON at most quadruples.
    public static let maxFileSize = 64 * 1024 * 1024

    public init(root: URL) { self.root = root.standardizedFileURL }

    /// The suite of a relative path: its first folder, or `fixtures` for a file at the top.
    static func suite(of relativePath: String) -> String {
        guard let slash = relativePath.firstIndex(of: "/") else { return "fixtures" }
        return String(relativePath[..<slash])
    }

    /// Relative paths of every fixture file (and unusable entry), in run order.
    public func discover() throws -> [String] { try discoverFiles().map(\.relativePath) }

    /// Every `*.json` below the root except the drift config, plus an entry for each folder that cannot be
    /// read and each link that leads outside the root, so nothing is skipped in silence. Hidden names are
    /// skipped (temp files are hidden). Sorted by suite (catalog order), then path, so suites stream whole.
    public func discoverFiles() throws -> [DiscoveredFile] { Array(try discoverCompact()) }

    /// `discoverFiles`, stored compactly for a run that keeps the list (see `DiscoveredFiles`).
    public func discoverCompact() throws -> DiscoveredFiles {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FixtureError(file: root.path, reason: "fixtures folder does not exist")
        }
        guard let resolvedRoot = Self.realPath(root.path) else {
            throw FixtureError(file: root.path, reason: "fixtures folder cannot be read")
        }
        guard let top = opendir(root.path) else {
            throw FixtureError(file: root.path, reason: "fixtures folder cannot be read: \(String(cString: strerror(errno)))")
        }
        closedir(top)
        var found = DiscoveredFiles.Builder()
        walk("", resolvedRoot: resolvedRoot, into: &found)
        return found.finish()
    }

    private func walk(_ folder: String, resolvedRoot: String, into found: inout DiscoveredFiles.Builder) {
        let fullFolder = folder.isEmpty ? root.path : root.path + "/" + folder
        guard let directory = opendir(fullFolder) else {
            found.append(relativePath: folder + "/", problem: "folder cannot be read: \(String(cString: strerror(errno)))")
            return
        }
        defer { closedir(directory) }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let relative = folder.isEmpty ? name : folder + "/" + name
            var kind = entry.pointee.d_type
            if kind == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard lstat(root.path + "/" + relative, &info) == 0 else { continue }
                kind = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : (info.st_mode & S_IFMT) == S_IFLNK ? UInt8(DT_LNK) : UInt8(DT_REG)
            }
            let isJSON = name.hasSuffix(".json")
            switch kind {
            case UInt8(DT_DIR):
                folders.append(relative)
            case UInt8(DT_LNK):
                if let problem = linkProblem(relative, resolvedRoot: resolvedRoot, isJSON: isJSON) {
                    found.append(relativePath: relative, problem: problem)
                } else if isJSON {
                    found.append(relativePath: relative)
                }
            default:
                if isJSON, relative != Self.driftConfigName { found.append(relativePath: relative) }
            }
        }
        for child in folders { walk(child, resolvedRoot: resolvedRoot, into: &found) }
    }

    /// Links are followed only to files inside the root; a link to a folder is not followed (it could loop).
    private func linkProblem(_ relative: String, resolvedRoot: String, isJSON: Bool) -> String? {
        let full = root.path + "/" + relative
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?"
        guard let resolved = Self.realPath(full) else {
            return isJSON ? "cannot be read: a link to \(target), which does not exist" : nil
        }
        guard resolved.hasPrefix(resolvedRoot + "/") else {
            return "a link to \(target), outside the fixtures folder; not followed (copy the file in instead)"
        }
        var info = stat()
        if stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            return "a link to the folder \(target); folder links are not followed (they could loop)"
        }
        return nil
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Discovers and loads every fixture, in order; broken files come back as `.broken`, never thrown.
    public func loadAll() throws -> [LoadedFixture] { try discoverFiles().map(load) }

    public func load(relativePath: String) -> LoadedFixture { load(DiscoveredFile(relativePath: relativePath)) }

    public func load(_ file: DiscoveredFile) -> LoadedFixture {
        let relativePath = file.relativePath
        FixtureReads.shared.read(root: root.path, relativePath: relativePath)
        if let problem = file.problem {
            return .broken(relativePath: relativePath, endpointHint: file.suite, error: FixtureError(file: relativePath, reason: problem))
        }
        do {
            let data: Data
            let path = root.path + "/" + relativePath
            if let bytes = try Self.readRegularFile(path, file: relativePath) {
                data = bytes
            } else {
                // The slow path names the problem the way Foundation does.
                do {
                    data = try Data(contentsOf: URL(fileURLWithPath: path))
                } catch {
                    throw FixtureError(file: relativePath, reason: "cannot be read: \(Self.reason(error))")
                }
                if data.count > Self.maxFileSize { throw Self.tooLarge(data.count, file: relativePath) }
            }
            return .fixture(try Self.parse(data, relativePath: relativePath))
        } catch let error as FixtureError {
            return .broken(relativePath: relativePath, endpointHint: file.suite, error: error)
        } catch {
            return .broken(relativePath: relativePath, endpointHint: file.suite,
                           error: FixtureError(file: relativePath, reason: "\(error)"))
        }
    }

    /// A regular file's bytes with one open, fstat and read; nil on any problem (the caller's slow path reports it).
    /// A file over `maxFileSize` is refused before anything is allocated for it.
    static func readRegularFile(_ path: String, file: String) throws(FixtureError) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard info.st_size <= maxFileSize else { throw tooLarge(Int(info.st_size), file: file) }
        let size = Int(info.st_size)
        var data = Data(count: size)
        let complete = data.withUnsafeMutableBytes { raw -> Bool in
            var offset = 0
            while offset < size {
                let count = read(fd, raw.baseAddress! + offset, size - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        // A file that grew while being read: the slow path reads it whole.
        guard complete else { return nil }
        return data
    }

    static func tooLarge(_ size: Int, file: String) -> FixtureError {
        FixtureError(file: file, reason: "file is \(size) bytes, over the limit of \(maxFileSize) bytes (64 MiB) for a fixture")
    }

    /// Parses fixture bytes in one scan; `relativePath` names the file in errors and fixes the endpoint folder.
    public static func parse(_ data: Data, relativePath: String) throws(FixtureError) -> Fixture {
        let file = relativePath
        guard !data.isEmpty else { throw FixtureError(file: file, reason: "file is empty") }
        if data.count > maxFileSize { throw tooLarge(data.count, file: file) }
        // memchr: `Data.firstIndex(of:)` checked access on every byte and took 14% of a 10,000-fixture run.
        let nul = data.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let found = memchr(base, 0, raw.count) else { return nil }
            return UnsafeRawPointer(found) - base
        }
        if let nul {
            throw FixtureError(file: file, reason: "binary content (NUL byte at offset \(nul)), not JSON")
        }
        let root: JSONValue
        do {
            root = try JSONSpan.parse(data, capture: ["response", "body"])
        } catch {
            if error.invalidUTF8 { throw FixtureError(file: file, reason: error.reason, line: error.line, column: error.column) }
            let place = "at line \(error.line), column \(error.column)"
            throw FixtureError(file: file, reason: error.limit ? "\(error.reason) \(place)" : "malformed JSON \(place): \(error.reason)",
                               line: error.line, column: error.column)
        }
        let envelope = try Envelope(root, path: "$", file: file).object()

        let endpointName = try envelope.required("endpoint").string()
        let endpoint = try validateEndpoint(endpointName, relativePath: relativePath)

        let request = try envelope.required("request").object()
        let method = try request.optional("method")?.string() ?? "GET"
        let path = try request.required("path").string()
        // A fixture without a `contract` field is seed, so corpora older than contracts keep working.
        let contract = (try envelope.optional("contract")?.string()).map(ContractID.init(rawValue:)) ?? .seed
        try validateRequest(method: method, path: path, endpoint: endpoint, contract: contract, file: file)
        let query = try request.optional("query")?.scalarMap() ?? [:]
        let requestHeaders = try request.optional("headers")?.scalarMap(lowercasingKeys: true) ?? [:]

        let response = try envelope.required("response").object()
        let statusField = try response.required("status")
        let status = try statusField.integer()
        guard (100...599).contains(status) else { throw statusField.fail("\(status) is not an HTTP status") }
        let responseHeaders = try response.optional("headers")?.scalarMap(lowercasingKeys: true) ?? [:]
        let volatileHeaders = try response.optional("volatile_headers")?.strings().map { $0.lowercased() } ?? []
        let body: RecordedResponse.Body
        // A null body is no body; the reader captured it as the bytes `null`.
        let bodyField = response.optional("body").flatMap { field -> Envelope? in
            if case let .captured(bytes) = field.value, bytes.elementsEqual("null".utf8) { return nil }
            return field
        }
        switch (bodyField, try response.optional("body_base64")?.string()) {
        case (.some, .some):
            throw FixtureError(file: file, jsonPath: "$.response", reason: "has both body and body_base64; keep one")
        case let (.some(field), nil):
            guard case let .captured(bytes) = field.value else { throw field.mismatch("JSON value") }
            body = .json(bytes)
        case let (nil, .some(text)):
            guard let bytes = Data(base64Encoded: text, options: [.ignoreUnknownCharacters]) else {
                throw FixtureError(file: file, jsonPath: "$.response.body_base64", reason: "is not valid base64")
            }
            body = .raw(bytes)
        case (nil, nil):
            body = .empty
        }

        var expect: ExpectedOutcome?
        if let raw = try envelope.optional("expect")?.object() {
            var expectation = ExpectedOutcome()
            if let field = raw.optional("error") {
                let name = try field.string()
                guard let code = FoursquareError.Code(rawValue: name) else {
                    let known = FoursquareError.Code.allCases.map(\.rawValue).joined(separator: ", ")
                    throw field.fail("unknown error '\(name)' (known: \(known))")
                }
                expectation.error = code
            }
            expectation.retryAfter = try raw.optional("retry_after")?.number()
            expectation.message = try raw.optional("message")?.string()
            if let field = raw.optional("invalidInput") {
                let name = try field.string()
                guard query[name] != nil else {
                    throw field.fail("'\(name)' is not a parameter of request.query (name the parameter whose value the client refuses)")
                }
                guard !(200...299).contains(status), expectation.error != .invalidInput else {
                    throw field.fail("needs an error answer: the response the API gives the input (status 400, expect.error badRequest)")
                }
                expectation.invalidInput = name
            }
            expect = expectation
        }

        let rawRecorded = try envelope.required("recorded").object()
        var recorded = RecordingInfo(source: try rawRecorded.optional("source")?.string() ?? "recorded")
        recorded.at = try rawRecorded.optional("at")?.string()
        recorded.baseURL = try rawRecorded.optional("base_url")?.string()
        if let field = rawRecorded.optional("auth") {
            let auth = try field.string()
            guard let style = AuthStyle(rawValue: auth) else { throw field.fail("unknown auth style '\(auth)' (apiKey or bearer)") }
            recorded.auth = style
        }
        recorded.apiVersion = try rawRecorded.optional("api_version")?.string()
        recorded.toolVersion = try rawRecorded.optional("tool_version")?.string()
        if let field = rawRecorded.optional("values") {
            let values = try field.string()
            guard let kind = RecordedValues(rawValue: values) else { throw field.fail("unknown values '\(values)' (synthetic or raw)") }
            recorded.values = kind
        }

        return Fixture(
            relativePath: relativePath, endpoint: endpoint,
            contract: contract,
            summary: try envelope.optional("description")?.string(),
            request: RecordedRequest(method: method, path: path, query: query, headers: requestHeaders),
            response: RecordedResponse(status: status, headers: responseHeaders, body: body, volatileHeaders: volatileHeaders),
            expect: expect, recorded: recorded)
    }

    /// The endpoint id must be known and match the folder when the folder is an endpoint's. One small function, so a registry can take it over.
    static func validateEndpoint(_ name: String, relativePath: String) throws(FixtureError) -> EndpointID {
        guard let endpoint = EndpointID(rawValue: name) else {
            let known = EndpointID.all.map(\.rawValue).joined(separator: ", ")
            throw FixtureError(file: relativePath, jsonPath: "$.endpoint", reason: "unknown endpoint id '\(name)' (known: \(known))")
        }
        let components = relativePath.split(separator: "/")
        // A file under another endpoint's folder is misfiled; any other folder (`scenarios/2025-06-17/nearby-coffee/`) groups
        // fixtures of several endpoints, such as one user flow.
        if components.count > 1, components[0] != name, EndpointID(rawValue: String(components[0])) != nil {
            throw FixtureError(file: relativePath, jsonPath: "$.endpoint", reason: "'\(name)' but the file is in folder '\(components[0])/'")
        }
        return endpoint
    }

    /// The registry checks that the contract serves the endpoint at this path, with its method.
    static func validateRequest(method: String, path: String, endpoint: EndpointID, contract: ContractID, file: String) throws(FixtureError) {
        _ = try CallPlan.validateRoute(contract: contract, endpoint: endpoint.rawValue, method: method, path: path, file: file)
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
}

/// One envelope value with its JSON path, for errors that name the field.
struct Envelope {
    let value: JSONValue
    let path: String
    let file: String

    init(_ value: JSONValue, path: String, file: String) {
        self.value = value
        self.path = path
        self.file = file
    }

    func fail(_ reason: String) -> FixtureError { FixtureError(file: file, jsonPath: path, reason: reason) }
    func mismatch(_ expected: String) -> FixtureError { fail("expected \(expected), found \(value.kind)") }

    func object() throws(FixtureError) -> EnvelopeObject {
        guard case let .object(members) = value else { throw mismatch("object") }
        return EnvelopeObject(members: members, path: path, file: file)
    }

    func string() throws(FixtureError) -> String {
        guard case let .string(text) = value else { throw mismatch("string") }
        return text
    }

    func integer() throws(FixtureError) -> Int {
        guard case let .number(text) = value else { throw mismatch("integer") }
        if let int = Int(text) { return int }
        guard let double = Double(text), double == double.rounded(), abs(double) < 1e15 else {
            throw fail("expected integer, found \(text)")
        }
        return Int(double)
    }

    func number() throws(FixtureError) -> Double {
        guard case let .number(text) = value, let double = Double(text) else { throw mismatch("number") }
        return double
    }

    func strings() throws(FixtureError) -> [String] {
        guard case let .array(elements) = value else { throw mismatch("array of strings") }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            result.append(try Envelope(element, path: "\(path)[\(index)]", file: file).string())
        }
        return result
    }

    /// Query and header maps: numbers and booleans are accepted and kept as text.
    func scalarMap(lowercasingKeys: Bool = false) throws(FixtureError) -> [String: String] {
        let object = try self.object()
        var result: [String: String] = [:]
        for (key, member) in object.members {
            let text: String
            switch member {
            case let .string(string): text = string
            case let .bool(bool): text = bool ? "true" : "false"
            case let .number(number):
                if let int = Int64(number) { text = String(int) } else { text = Double(number).map { String($0) } ?? number }
            default:
                throw Envelope(member, path: EnvelopeObject.childPath(path, key), file: file).mismatch("string")
            }
            result[lowercasingKeys ? key.lowercased() : key] = text
        }
        return result
    }
}

/// An envelope object with required and optional member access.
struct EnvelopeObject {
    let members: [(key: String, value: JSONValue)]
    let path: String
    let file: String

    static func childPath(_ path: String, _ key: String) -> String {
        // ASCII first: Character.isLetter looks up Unicode properties, and this runs for every field read.
        let plain = key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || (0x30...0x39).contains($0) || (0x61...0x7A).contains($0 | 0x20) }
            || key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        return plain ? "\(path).\(key)" : "\(path)[\"\(key)\"]"
    }

    func required(_ key: String) throws(FixtureError) -> Envelope {
        let childPath = Self.childPath(path, key)
        guard let value = members.last(where: { $0.key == key })?.value else {
            throw FixtureError(file: file, jsonPath: childPath, reason: "required field is missing")
        }
        if case .null = value { throw FixtureError(file: file, jsonPath: childPath, reason: "required field is null") }
        return Envelope(value, path: childPath, file: file)
    }

    /// The member, or nil when absent or null.
    func optional(_ key: String) -> Envelope? {
        guard let value = members.last(where: { $0.key == key })?.value else { return nil }
        if case .null = value { return nil }
        return Envelope(value, path: Self.childPath(path, key), file: file)
    }
}
