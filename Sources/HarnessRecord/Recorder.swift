import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// What happened to one fixture file.
package struct RecordOutcome: Sendable {
    /// `kept`: an error fixture the live server did not reproduce; the file stays as it was.
    package enum Status: String, Sendable { case new, updated, unchanged, kept, skipped, failed }
    package var relativePath: String
    package var status: Status
    /// Changes against the old fixture, or the reason for skipped/failed.
    package var notes: [String]
}

/// Records fixtures from a live server: calls the typed client, redacts, scans, writes atomically.
package struct Recorder: Sendable {
    package static let volatileHeaders: Set<String> = [
        "date", "age", "expires", "x-request-id", "x-fsq-request-id", "request-id", "x-amzn-requestid", "x-amzn-trace-id",
        "x-amz-cf-id", "cf-ray", "server-timing", "x-ratelimit-remaining", "x-ratelimit-reset", "x-ratelimit-limit",
        "ratelimit-remaining", "ratelimit-reset", "ratelimit-limit", "set-cookie", "etag", "last-modified", "via",
    ]

    package let caller: LiveCaller
    package let fixturesRoot: URL
    package let mode: RecordMode
    package let key: APIKey
    package let redactor: Redactor
    /// Style for fixtures that do not say which they were recorded with (when their contract accepts it).
    package let defaultAuth: AuthStyle
    /// Contract for plan entries that do not name one (`--contract`, else the project file's single live
    /// contract); nil records each under the contract the server answers, the newest first.
    package let defaultContract: ContractID?
    /// Write an error fixture's new answer even when its status class changed (`--accept-status-change`).
    package let acceptStatusChange: Bool
    /// Write the answers' place data as the server sent it (`--keep-values`, `keepValues`); by default it is
    /// replaced by synthetic values of the same form (`Synthesis`).
    package let keepValues: Bool

    var options: LiveOptions { caller.options }

    package init(options: LiveOptions, fixturesRoot: URL, mode: RecordMode, key: APIKey, redactHeaders: [String],
                defaultAuth: AuthStyle = .apiKey, defaultContract: ContractID? = nil, acceptStatusChange: Bool = false,
                keepValues: Bool = false) {
        caller = LiveCaller(options: options)
        self.fixturesRoot = fixturesRoot
        self.mode = mode
        self.key = key
        redactor = Redactor(key: key, extraHeaders: redactHeaders)
        self.defaultAuth = defaultAuth
        self.defaultContract = defaultContract
        self.acceptStatusChange = acceptStatusChange
        self.keepValues = keepValues
    }

    /// One thing to record: an existing fixture (or a file that did not load), or a plan entry.
    enum Item: Sendable {
        case existing(LoadedFixture)
        case planned(PlanEntry)

        var relativePath: String {
            switch self {
            case let .existing(loaded): return loaded.relativePath
            case let .planned(entry): return entry.relativePath(contract: entry.contract ?? ContractID.seed)
            }
        }

        /// A plan entry with no contract whose answer is the same under every version: a 401, asked for with a
        /// key the server refuses before it reads the version header.
        var answerIgnoresVersion: Bool {
            guard case let .planned(entry) = self else { return false }
            return entry.contract == nil && entry.status == 401
        }
    }

    /// A planned call: where it goes, under which contract and style, and the file it may replace.
    struct Target: Sendable {
        var relativePath: String
        var endpoint: EndpointID
        var contract: ContractID
        var plan: CallPlan
        var auth: AuthStyle
        var existing: Fixture?
        var summary: String?
        /// A plan entry's expected status (nil: a 2xx).
        var expectedStatus: Int? = nil
    }

    /// Records every existing fixture's request and every plan entry without a file, on the execution core
    /// (bounded concurrency, the run deadline, progress); outcomes come back in that order.
    ///
    /// A plan entry with no contract that expects a 401 goes last: the rejected key it is sent with is refused
    /// before any version is read, so its answer cannot tell which contract the server speaks. It is recorded under
    /// a contract the run's other calls were answered in (`recordUnderSpokenContract`).
    package func record(_ existing: [LoadedFixture], plan: [PlanEntry],
                       progress: (@Sendable (Int, Int, Int) -> Void)? = nil) async -> [RecordOutcome] {
        AtomicFile.removeStaleTemps(under: fixturesRoot)
        let items = self.items(existing, plan: plan)
        let deadline = options.runDeadline()
        let counter = ProgressCounter(total: items.count, report: progress)
        let blind = items.indices.filter { items[$0].answerIgnoresVersion }
        let telling = items.indices.filter { !items[$0].answerIgnoresVersion }
        var outcomes: [RecordOutcome?] = Array(repeating: nil, count: items.count)
        let told = await run(telling.map { items[$0] }, spoken: nil, deadline: deadline, counter: counter)
        var spoken: Set<ContractID> = []
        for (index, outcome) in zip(telling, told) {
            outcomes[index] = outcome
            if let contract = spokenContract(items[index], outcome) { spoken.insert(contract) }
        }
        let last = await run(blind.map { items[$0] }, spoken: spoken, deadline: deadline, counter: counter)
        for (index, outcome) in zip(blind, last) { outcomes[index] = outcome }
        return outcomes.compactMap { $0 }
    }

    /// `items` on the execution core; a plan entry with no contract is tried under the contracts in `spoken` only,
    /// when given.
    private func run(_ items: [Item], spoken: Set<ContractID>?, deadline: RunDeadline, counter: ProgressCounter) async -> [RecordOutcome] {
        guard !items.isEmpty else { return [] }
        let core = ExecutionCore(concurrency: options.concurrency, deadline: deadline)
        return await core.run(
            units: items.count, problems: { $0.status == .failed ? 1 : 0 },
            notRun: { index, deadline in
                counter.add(problems: 1)
                return RecordOutcome(relativePath: items[index].relativePath, status: .failed,
                                     notes: ["not recorded: the run deadline of \(RunDeadline.format(deadline.seconds))s passed"])
            },
            { index in
                let outcome = await self.record(items[index], deadline: deadline, spoken: spoken)
                counter.add(problems: outcome.status == .failed ? 1 : 0)
                return outcome
            })
    }

    /// The contract an item was answered under as it expects, when that answer says the server speaks it (not a 401).
    private func spokenContract(_ item: Item, _ outcome: RecordOutcome) -> ContractID? {
        guard [.new, .updated, .unchanged].contains(outcome.status) else { return nil }
        switch item {
        case let .existing(.fixture(fixture)):
            return fixture.response.status == 401 ? nil : fixture.contract
        case .existing:
            return nil
        case let .planned(entry):
            guard entry.status != 401 else { return nil }
            if let contract = entry.contract { return contract }
            return candidates(for: entry).first { entry.relativePath(contract: $0.id) == outcome.relativePath }?.id
        }
    }

    /// Every existing fixture, then each plan entry without a file among them (under the default contract when it
    /// names none): what `record` goes over, and what `count` counts.
    func items(_ existing: [LoadedFixture], plan: [PlanEntry]) -> [Item] {
        let known = Set(existing.map(\.relativePath))
        let entries = plan.map { entry in
            var entry = entry
            entry.contract = entry.contract ?? defaultContract
            return entry
        }
        return existing.map(Item.existing) + entries.filter { entry in
            entry.contract.map { !known.contains(entry.relativePath(contract: $0)) } ?? true
        }.map(Item.planned)
    }

    /// The note of an answer not written because the run was not talking to the API (the cause is the run's last line).
    package static let notRecordedOnCause = "not recorded: the answers are not the API's (below)"

    func record(_ item: Item, deadline: RunDeadline, spoken: Set<ContractID>? = nil) async -> RecordOutcome {
        if case let .planned(entry) = item, entry.contract == nil {
            return await recordUnderSpokenContract(entry, deadline: deadline, among: spoken)
        }
        func outcome(_ status: RecordOutcome.Status, _ notes: [String]) -> RecordOutcome {
            RecordOutcome(relativePath: item.relativePath, status: status, notes: notes)
        }
        let target: Target, call: RecordCall
        switch decide(item) {
        case let .skip(reason):
            caller.ledger.skipped()
            return outcome(.skipped, [reason])
        case let .fail(reason): return outcome(.failed, [reason])
        case let .call(planned, call: planCall):
            target = planned
            call = planCall
        }
        let expectedStatus = call.expectedStatus
        let exchange = await caller.call(target.plan, auth: target.auth, key: key, deadline: deadline, expectedStatus: expectedStatus,
                                         fixtureHeader: call.fixtureHeader, sending: call.sending)
        if let reason = exchange.notSent { return outcome(.skipped, [reason]) }
        // An answer that showed the run is not talking to the API (a page, a wrong key taken, a retired version), and
        // any answer after it, is never written.
        if caller.health.brokenPremise != nil { return outcome(.skipped, [Self.notRecordedOnCause]) }
        let attempts = exchange.attempts > 1 ? " after \(exchange.attempts) attempts" : ""
        guard let request = exchange.request, let response = exchange.response else {
            let reason: String
            if case let .failed(error) = exchange.outcome { reason = error.networkCause ?? redactor.text(error.description) } else { reason = "no response" }
            return outcome(.failed, ["not recorded: \(reason)\(attempts)"])
        }
        switch RecordJudge.judge(recordedStatus: expectedStatus, response: response, body: exchange.body,
                                 acceptStatusChange: acceptStatusChange) {
        case .record: break
        case let .refuse(reason): return outcome(.failed, [reason + attempts])
        // A plan entry has no file to keep: an answer other than the one it expects is not its recording.
        case let .keep(reason): return outcome(target.existing == nil ? .failed : .kept, [reason])
        }
        var fresh = build(target, request: request, response: response, body: exchange.body)
        let asAnswered = fresh
        if keepValues {
            fresh.recorded.values = .raw
        } else {
            switch Synthesis.apply(to: fresh) {
            case let .success(synthetic): fresh = synthetic
            case let .failure(error): return outcome(.failed, [error.reason])
            }
        }
        var moved: [String] = []
        if let old = target.existing, old.response.status != response.status {
            // --accept-status-change: the name and expect block follow the new status.
            switch StatusChange.path(old.relativePath, from: old.response.status, to: response.status) {
            case let .failure(error): return outcome(.failed, [error.reason])
            case let .success(path):
                if path != old.relativePath, FileManager.default.fileExists(atPath: fixturesRoot.appendingPathComponent(path).path) {
                    return outcome(.failed, ["not recorded: as a \(response.status) fixture it would be \(path), which exists"])
                }
                fresh.relativePath = path
                fresh.expect = StatusChange.expectation(for: response.status)
                moved = ["HTTP \(old.response.status) -> \(response.status) (--accept-status-change): now \(path), expect.error "
                         + (fresh.expect?.error?.rawValue ?? "none")]
            }
        }
        var notes: [String] = []
        if let old = target.existing {
            // Against what is written: a note never quotes a value synthesis replaced.
            let changes = DriftDiff.compare(fixture: old, status: response.status,
                                            contentType: response.headers["content-type"], body: fresh.response.body.data)
            let secrets = AnswerSecrets(body: exchange.body)
            notes = changes.map { secrets.text(redactor.text($0.line)) }
            let agrees = changes.isEmpty && !RecordJudge.modelRejects(old)
            // An answer equal to a file that holds no raw values (hand-written, or the synthetic file being served)
            // leaves it byte-identical: writing it would add nothing from the server.
            let answeredAsWritten = RecordJudge.sameContent(old, asAnswered) && (keepValues || !old.recorded.holdsRawValues)
            if RecordJudge.sameContent(old, fresh) || answeredAsWritten || !mode.rewrites(agrees: agrees) {
                return outcome(.unchanged, [])
            }
            if notes.isEmpty, RecordJudge.modelRejects(old) { notes = ["the recorded body no longer decodes with the model"] }
        }
        do {
            let data = try FixtureWriter.encode(fresh)
            try redactor.scan(data, file: fresh.relativePath)
            try AtomicFile.write(data, to: fixturesRoot.appendingPathComponent(fresh.relativePath))
            if fresh.relativePath != target.relativePath {
                try FileManager.default.removeItem(at: fixturesRoot.appendingPathComponent(target.relativePath))
            }
        } catch let error as RecordError {
            return outcome(.failed, [error.reason])
        } catch {
            return outcome(.failed, ["cannot write: \(error.localizedDescription)"])
        }
        if target.existing == nil { return outcome(.new, ["HTTP \(response.status)"]) }
        return outcome(.updated, moved + (notes.isEmpty ? ["values changed, structure unchanged"] : notes))
    }

    /// A plan entry with no contract from the plan, `--contract` or the project file: recorded under the newest
    /// contract whose endpoint answers it as the entry expects, so a 2025-06-17 server's answer never becomes a
    /// seed fixture. Which contracts were tried, and why each was refused, is the failure's note. With `among`, only
    /// those contracts are tried (the ones the server was found to speak), and none found is the failure.
    func recordUnderSpokenContract(_ entry: PlanEntry, deadline: RunDeadline, among spoken: Set<ContractID>? = nil) async -> RecordOutcome {
        let tried = candidates(for: entry).filter { contract in spoken?.contains(contract.id) ?? true }
        if let spoken, tried.isEmpty {
            let found = spoken.isEmpty ? "no other call of this run was answered as it expects"
                : "the server was found to speak \(spoken.map(\.rawValue).sorted().joined(separator: ", ")), which has no \(entry.endpoint)"
            return RecordOutcome(relativePath: entry.relativePath, status: .failed,
                                 notes: ["not recorded: a \(entry.status ?? 401) asked for with a rejected key is the same under every contract, "
                                         + "so it does not say which one the server speaks (\(found)); name the contract with \"contract\" or --contract"])
        }
        var refusals: [String] = []
        for contract in tried {
            var chosen = entry
            chosen.contract = contract.id
            let outcome = await record(.planned(chosen), deadline: deadline)
            if outcome.status != .failed { return outcome }
            refusals.append("\(contract.id): " + outcome.notes.joined(separator: "; "))
        }
        return RecordOutcome(relativePath: entry.relativePath, status: .failed,
                             notes: ["not recorded: no contract's request got the expected answer (\(refusals.joined(separator: " | "))); "
                                     + "name the contract with \"contract\" or --contract"])
    }

    /// The call an item describes (the core's plan-or-error step for files), under a style its contract accepts.
    func target(for item: Item) -> Result<Target, FixtureError> {
        switch item {
        case let .existing(loaded):
            return ExecutionCore.plan(loaded).map { fixture, plan in
                Target(relativePath: fixture.relativePath, endpoint: fixture.endpoint, contract: fixture.contract, plan: plan,
                       auth: style(fixture.recorded.auth, contract: fixture.contract), existing: fixture, summary: fixture.summary)
            }
        case let .planned(entry):
            let contract = entry.contract ?? defaultContract ?? ContractID.seed
            let relativePath = entry.relativePath(contract: contract)
            do {
                let endpoint = try CallPlan.registryEntry(endpoint: entry.endpoint, contract: contract, file: relativePath)
                var path = endpoint.pathTemplate
                if let placeholder = endpoint.placeholder, let id = entry.placeID {
                    var allowed = CharacterSet.urlPathAllowed
                    allowed.remove(charactersIn: "/;?#%")
                    path = path.replacingOccurrences(of: placeholder, with: id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id)
                }
                let plan = try CallPlan.make(endpoint: entry.endpoint, contract: contract, path: path, query: entry.parameters,
                                             file: relativePath)
                return .success(Target(relativePath: relativePath, endpoint: entry.endpoint, contract: contract, plan: plan,
                                       auth: style(entry.auth, contract: contract), existing: nil, summary: entry.summary,
                                       expectedStatus: entry.status))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The style asked for (or the default) when the contract accepts it, else the contract's first style.
    func style(_ asked: AuthStyle?, contract: ContractID) -> AuthStyle {
        let accepted = contract.authStyles
        let wanted = asked ?? defaultAuth
        return accepted.contains(wanted) ? wanted : accepted.first ?? wanted
    }

    /// The fixture a live exchange becomes, redacted; `expect` and the description carry over.
    func build(_ target: Target, request: HTTPRequest, response: HTTPResponse, body: Data) -> Fixture {
        var requestHeaders = request.headers.lowercasedDictionary
        requestHeaders[EmulatorFixtureHeader.name.lowercased()] = nil
        var responseHeaders = response.headers.lowercasedDictionary
        responseHeaders[EmulatorFixtureHeader.name.lowercased()] = nil
        // URLSession has already decoded the body, so these would describe bytes we do not store.
        for name in ["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"] {
            responseHeaders[name] = nil
        }
        let volatile = responseHeaders.keys.filter(Self.volatileHeaders.contains).sorted()
        let storedBody: RecordedResponse.Body
        if body.isEmpty {
            storedBody = .empty
        } else if let value = JSONValue.parse(body) {
            storedBody = .json(redactor.json(value).jsonData)
        } else {
            storedBody = .raw(redactor.bytes(body))
        }
        let query = request.queryParameters.mapValues(redactor.text)
        return Fixture(
            relativePath: target.relativePath, endpoint: target.endpoint, contract: target.contract, summary: target.summary,
            request: RecordedRequest(method: request.method, path: redactor.text(request.path), query: query,
                                     headers: redactor.headerMap(requestHeaders)),
            response: RecordedResponse(status: response.status, headers: redactor.headerMap(responseHeaders),
                                       body: storedBody, volatileHeaders: volatile),
            expect: target.existing?.expect,
            recorded: RecordingInfo(
                source: "recorded", at: Self.timestamp(), baseURL: options.baseURL.absoluteString,
                auth: target.auth, apiVersion: target.auth == .bearer ? options.apiVersion(for: target.contract) : nil,
                toolVersion: ToolVersion.current))
    }

    static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
