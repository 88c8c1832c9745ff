import Foundation
import FoursquarePlaces

/// Record modes, as in swift-snapshot-testing.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Record nothing (the default, and forced on CI unless a mode is given explicitly).
    case never
    /// Record only requests that have no fixture yet.
    case missing
    /// Re-record fixtures whose live call differs, and record missing ones.
    case failed
    /// Re-record everything.
    case all
}

/// A request to record that has no fixture yet, from `--plan FILE`.
public struct PlanEntry: Sendable, Hashable {
    public var endpoint: EndpointID
    public var caseName: String
    public var auth: AuthStyle?
    public var placeID: String?
    public var parameters: [String: String]
    public var summary: String?

    public var relativePath: String { "\(endpoint.rawValue)/\(caseName).json" }

    /// Reads a plan: `[{"endpoint", "case", "auth"?, "fsq_id"?, "parameters"?, "description"?}]`.
    public static func load(_ url: URL) throws(FixtureError) -> [PlanEntry] {
        let file = url.path
        guard let array = try FixtureLoader.readJSON(url, file: file).value as? [Any] else {
            throw FixtureError(file: file, jsonPath: "$", reason: "expected an array of plan entries")
        }
        var entries: [PlanEntry] = []
        for (index, element) in array.enumerated() {
            let node = try Node(value: element, path: "$[\(index)]", file: file).object()
            let name = try node.required("endpoint").string()
            guard let endpoint = EndpointID(rawValue: name) else {
                throw FixtureError(file: file, jsonPath: "$[\(index)].endpoint", reason: "unknown endpoint id '\(name)'")
            }
            let caseName = try node.required("case").string()
            guard !caseName.isEmpty, !caseName.contains("/"), !caseName.hasPrefix(".") else {
                throw FixtureError(file: file, jsonPath: "$[\(index)].case", reason: "'\(caseName)' is not a file name")
            }
            var auth: AuthStyle?
            if let style = try node.optional("auth")?.string() {
                guard let parsed = AuthStyle(rawValue: style) else {
                    throw FixtureError(file: file, jsonPath: "$[\(index)].auth", reason: "'\(style)' is not apiKey or bearer")
                }
                auth = parsed
            }
            let placeID = try node.optional("fsq_id")?.string()
            if endpoint.endpoint.hasPlaceID, placeID == nil {
                throw FixtureError(file: file, jsonPath: "$[\(index)].fsq_id", reason: "\(endpoint) needs a place id")
            }
            entries.append(PlanEntry(
                endpoint: endpoint, caseName: caseName.hasSuffix(".json") ? String(caseName.dropLast(5)) : caseName,
                auth: auth, placeID: placeID, parameters: try node.optional("parameters")?.stringMap() ?? [:],
                summary: try node.optional("description")?.string()))
        }
        return entries
    }
}

/// What happened to one fixture file.
public struct RecordOutcome: Sendable {
    /// `kept`: an error fixture the live server did not reproduce; the file stays as it was.
    public enum Status: String, Sendable { case new, updated, unchanged, kept, skipped, failed }
    public var relativePath: String
    public var status: Status
    /// Changes against the old fixture, or the reason for skipped/failed.
    public var notes: [String]
}

/// Records fixtures from a live server: calls the typed client, redacts, scans, writes atomically.
public struct Recorder: Sendable {
    public static let volatileHeaders: Set<String> = [
        "date", "age", "expires", "x-request-id", "request-id", "x-amzn-requestid", "x-amzn-trace-id",
        "x-amz-cf-id", "cf-ray", "server-timing", "x-ratelimit-remaining", "x-ratelimit-reset", "x-ratelimit-limit",
        "ratelimit-remaining", "ratelimit-reset", "ratelimit-limit", "set-cookie", "etag", "last-modified", "via",
    ]

    public let live: LiveRunner
    /// The same calls without `X-Emulator-Fixture`, for plan entries that have no file for it to name yet.
    let liveWithoutFixtureHeader: LiveRunner
    public let fixturesRoot: URL
    public let mode: RecordMode
    public let redactor: Redactor
    /// Style for fixtures that do not say which they were recorded with.
    public let defaultAuth: AuthStyle
    /// Write an error fixture's new answer even when its status class changed (`--accept-status-change`).
    public let acceptStatusChange: Bool

    public init(options: LiveOptions, fixturesRoot: URL, mode: RecordMode, key: APIKey, redactHeaders: [String],
                defaultAuth: AuthStyle = .apiKey, acceptStatusChange: Bool = false) {
        live = LiveRunner(options: options)
        var plain = options
        plain.selectFixtureHeader = false
        liveWithoutFixtureHeader = options.selectFixtureHeader ? LiveRunner(options: plain) : live
        self.acceptStatusChange = acceptStatusChange
        self.fixturesRoot = fixturesRoot
        self.mode = mode
        redactor = Redactor(key: key, extraHeaders: redactHeaders)
        self.defaultAuth = defaultAuth
    }

    /// One thing to record: an existing fixture's request, or a plan entry.
    struct Target: Sendable {
        var relativePath: String
        var endpoint: EndpointID
        var path: String
        var query: [String: String]
        var auth: AuthStyle
        var existing: Fixture?
        var summary: String?
    }

    public func record(existing: [Fixture], plan: [PlanEntry],
                       progress: (@Sendable (Int, Int, Int) -> Void)? = nil) async -> [RecordOutcome] {
        AtomicFile.removeStaleTemps(under: fixturesRoot)
        var targets = existing.map { fixture in
            Target(relativePath: fixture.relativePath, endpoint: fixture.endpoint, path: fixture.request.path,
                   query: fixture.request.query, auth: fixture.recorded.auth ?? defaultAuth, existing: fixture,
                   summary: fixture.summary)
        }
        let known = Set(targets.map(\.relativePath))
        for entry in plan where !known.contains(entry.relativePath) {
            var path = entry.endpoint.endpoint.pathTemplate
            if let id = entry.placeID {
                var allowed = CharacterSet.urlPathAllowed
                allowed.remove(charactersIn: "/;?#%")
                path = path.replacingOccurrences(of: "{fsq_id}", with: id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id)
            }
            targets.append(Target(relativePath: entry.relativePath, endpoint: entry.endpoint, path: path,
                                  query: entry.parameters, auth: entry.auth ?? defaultAuth, existing: nil,
                                  summary: entry.summary))
        }
        let deadline = ContinuousClock.now + .milliseconds(Int64(live.options.deadline * 1000))
        let counter = ProgressCounter(total: targets.count, report: progress)
        return await mapInOrder(targets, width: live.options.concurrency) { target in
            let outcome = await self.record(target, deadline: deadline)
            counter.add(problems: outcome.status == .failed ? 1 : 0)
            return outcome
        }
    }

    func record(_ target: Target, deadline: ContinuousClock.Instant) async -> RecordOutcome {
        func outcome(_ status: RecordOutcome.Status, _ notes: [String]) -> RecordOutcome {
            RecordOutcome(relativePath: target.relativePath, status: status, notes: notes)
        }
        switch mode {
        case .never: return outcome(.skipped, ["record mode is never"])
        case .missing where target.existing != nil: return outcome(.skipped, ["has a fixture (mode missing)"])
        default: break
        }
        guard let key = live.options.key else { return outcome(.failed, ["FSQ_API_KEY is not set"]) }
        let plan: CallPlan
        do {
            plan = try CallPlan.make(endpoint: target.endpoint, path: target.path, query: target.query, file: target.relativePath)
        } catch {
            return outcome(.failed, [error.description])
        }
        let stub = target.existing ?? Fixture(
            relativePath: target.relativePath, endpoint: target.endpoint,
            request: RecordedRequest(path: target.path, query: target.query),
            response: RecordedResponse(status: 200), recorded: .authored)
        let runner = target.existing == nil ? liveWithoutFixtureHeader : live
        let exchange = await runner.call(plan, fixture: stub, auth: target.auth, key: key, deadline: deadline)
        let attempts = exchange.attempts > 1 ? " after \(exchange.attempts) attempts" : ""
        guard let request = exchange.request, let response = exchange.response else {
            let reason: String
            if case let .failed(error) = exchange.outcome { reason = key.redact(error.description) } else { reason = "no response" }
            return outcome(.failed, ["not recorded: \(reason)\(attempts)"])
        }
        switch Self.judge(recordedStatus: target.existing?.response.status, response: response, body: exchange.body,
                          acceptStatusChange: acceptStatusChange) {
        case .record: break
        case let .refuse(reason): return outcome(.failed, [reason + attempts])
        case let .keep(reason): return outcome(.kept, [reason])
        }
        let fresh = build(target, request: request, response: response, body: exchange.body)
        var notes: [String] = []
        if let old = target.existing {
            let changes = DriftRunner.compare(fixture: old, status: response.status,
                                              contentType: response.headers["content-type"], body: exchange.body)
            notes = changes.map(\.line)
            if Self.sameContent(old, fresh) || (mode == .failed && changes.isEmpty && !Self.modelRejects(old)) {
                return outcome(.unchanged, [])
            }
        }
        let data = FixtureWriter.encode(fresh)
        do {
            try redactor.scan(data, file: target.relativePath)
            try AtomicFile.write(data, to: fixturesRoot.appendingPathComponent(target.relativePath))
        } catch let error as RecordError {
            return outcome(.failed, [error.reason])
        } catch {
            return outcome(.failed, ["cannot write: \(error.localizedDescription)"])
        }
        if target.existing == nil { return outcome(.new, ["HTTP \(response.status)"]) }
        return outcome(.updated, notes.isEmpty ? ["values changed, structure unchanged"] : notes)
    }

    /// Whether a live answer is a recording of the API at all.
    enum Judgement: Equatable {
        case record
        /// Not a recording (auth refusal, transient failure, emulator error): write nothing, fail the fixture.
        case refuse(String)
        /// An error fixture the server did not reproduce: leave the file alone and say so.
        case keep(String)
    }

    /// `recordedStatus` is the existing fixture's status, nil for a new request (which expects a 2xx).
    static func judge(recordedStatus: Int?, response: HTTPResponse, body: Data, acceptStatusChange: Bool) -> Judgement {
        let status = response.status
        let expected = recordedStatus ?? 200
        if status == 401 || status == 403, expected != 401, expected != 403 {
            return .refuse("not recorded: the server refused the key or the auth style (HTTP \(status))")
        }
        if let message = EmulatorAnswer.errorMessage(status: status, body: body) {
            return .refuse("not recorded: the emulator answered with its own error (HTTP \(status): \(message))")
        }
        let declaresJSON = response.headers["content-type"]?.lowercased().contains("json") ?? false
        if declaresJSON, !body.isEmpty, (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) == nil {
            return .refuse("not recorded: HTTP \(status) with a body that is not valid JSON (\(body.count) bytes)")
        }
        let expectedClass = expected / 100, gotClass = status / 100
        if expectedClass == 2 {
            if status == 429 || gotClass == 5 {
                return .refuse("not recorded: a transient failure (HTTP \(status)) is not a recording of a \(expected) answer")
            }
            if gotClass == 2, !body.isEmpty, (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) == nil {
                return .refuse("not recorded: HTTP \(status) with a body that is not valid JSON (\(body.count) bytes)")
            }
            if gotClass != 2 {
                return .refuse("not recorded: HTTP \(status) where the fixture recorded \(expected)")
            }
        } else if gotClass != expectedClass, !acceptStatusChange {
            return .keep("not reproducible live: kept (the fixture recorded \(expected), the server answered \(status); "
                         + "--accept-status-change records it)")
        }
        return .record
    }

    /// True when the fixture's 2xx body no longer decodes with the model (so `--mode failed` re-records it).
    static func modelRejects(_ fixture: Fixture) -> Bool {
        guard (200...299).contains(fixture.response.status) else { return false }
        return ModelReads.decodeFailure(endpoint: fixture.endpoint, body: fixture.response.body.data) != nil
    }

    /// The fixture a live exchange becomes, redacted; `expect` and the description carry over.
    func build(_ target: Target, request: HTTPRequest, response: HTTPResponse, body: Data) -> Fixture {
        var requestHeaders = request.headers.lowercasedDictionary
        requestHeaders[EmulatorFixtureHeader.name.lowercased()] = nil
        var responseHeaders = response.headers.lowercasedDictionary
        // URLSession has already decoded the body, so these would describe bytes we do not store.
        for name in ["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"] {
            responseHeaders[name] = nil
        }
        let volatile = responseHeaders.keys.filter(Self.volatileHeaders.contains).sorted()
        let storedBody: RecordedResponse.Body
        if body.isEmpty {
            storedBody = .empty
        } else if let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
                  let clean = try? JSONSerialization.data(withJSONObject: redactor.json(value), options: [.fragmentsAllowed]) {
            storedBody = .json(clean)
        } else {
            storedBody = .raw(redactor.bytes(body))
        }
        let query = request.queryParameters.mapValues(redactor.text)
        return Fixture(
            relativePath: target.relativePath, endpoint: target.endpoint, summary: target.summary,
            request: RecordedRequest(method: request.method, path: redactor.text(request.path), query: query,
                                     headers: redactor.headerMap(requestHeaders)),
            response: RecordedResponse(status: response.status, headers: redactor.headerMap(responseHeaders),
                                       body: storedBody, volatileHeaders: volatile),
            expect: target.existing?.expect,
            recorded: RecordingInfo(
                source: "recorded", at: Self.timestamp(), baseURL: live.options.baseURL.absoluteString,
                auth: target.auth, apiVersion: target.auth == .bearer ? live.options.apiVersion : nil,
                toolVersion: ToolVersion.current))
    }

    /// Equal but for when it was recorded and the values of volatile headers.
    static func sameContent(_ a: Fixture, _ b: Fixture) -> Bool {
        func normalized(_ fixture: Fixture) -> Fixture {
            var copy = fixture
            copy.recorded = .authored
            for name in copy.response.volatileHeaders { copy.response.headers[name] = nil }
            copy.response.volatileHeaders = []
            copy.request.headers = [:]
            return copy
        }
        guard normalized(a).response.status == normalized(b).response.status else { return false }
        let bodyA = try? JSONSerialization.jsonObject(with: a.response.body.data, options: [.fragmentsAllowed])
        let bodyB = try? JSONSerialization.jsonObject(with: b.response.body.data, options: [.fragmentsAllowed])
        let sameBody = (bodyA as? NSObject).map { $0.isEqual(bodyB) } ?? (a.response.body.data == b.response.body.data)
        var left = normalized(a), right = normalized(b)
        left.response.body = .empty
        right.response.body = .empty
        return sameBody && left.response == right.response && left.request.path == right.request.path
            && left.request.query == right.request.query
    }

    static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
