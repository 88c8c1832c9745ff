import Foundation
import FoursquarePlaces
import HarnessCore

/// Whether a live run's answers can judge the contract at all. Some nights nothing answers, the key is refused on
/// every call, or the quota eats the budget: what such a night sees is not the contract, so it is neither red nor
/// green. `cause` says which, in one line; once it is known the run sends no more calls (`PacedTransport` refuses
/// them), grades no drift and writes no baseline. An operation that answers only 5xx stops only that operation's
/// calls (`notJudged`): the others are still called and judged.
package final class CallHealth: Sendable {
    /// Attempts in a row that got no answer (refused connection, timeout, TLS or DNS failure) before the run stops.
    package static let noAnswerLimit = 3
    /// Answers, all 404 where the fixture recorded another status, on several operations' paths, some asking for no
    /// place, before the run stops: nothing is routed at the base URL (a wrong path, a proxy in the way), not a contract
    /// change. A closed place answers 404 only where an id is asked for, and a removed operation only on its own path.
    package static let notFoundLimit = 6
    /// Answered calls, all refused by authentication (401/403 to the run's own key), before the run stops.
    package static let refusedLimit = 8
    /// Requests of one operation (retries included) answered only with 5xx before the run stops calling it, and
    /// retrying it; once one operation did, another stops at its first call still answered 5xx after its retries
    /// (the service behind them is failing). Requests, not calls: the line's count is the server log's.
    package static let serverErrorLimit = 3

    /// Why the run could not judge the contract: one line, or nil while it can.
    package var cause: String? { Self.cause(state.current) }

    private struct Operation {
        var answers = 0, serverErrors = 0, statuses: Set<Int> = []
        /// A call of it got a 5xx on a retry, or ended on one: not a blip its retry recovers from.
        var outlastedRetry = false
        /// The distinct requests (URL) that answered 5xx: one place the server fails is not the operation.
        var failedTargets: Set<String> = []
    }

    private struct State {
        var cause: String?
        var noAnswerInARow = 0
        /// Calls in the current run of no answers that failed on their own (refused, closed, timed out), not cut off
        /// by the run's deadline: only they say the server is silent.
        var silentInARow = 0
        var lastNoAnswer = ""
        var answered = 0
        var refused = 0
        /// Of `answered`, those a quota or a failing server gave (429, 5xx): they say nothing about the key.
        var busy = 0
        var keyAnswers: Int { answered - busy }
        var refusedStatuses: Set<Int> = []
        /// Answers, all 404 where the fixture recorded another status (provoked calls included); how many of those
        /// asked for no place; and whether any answer was something else.
        var notFound = 0
        /// Answers 404 where the fixture recorded 404 too: they say nothing alone, but the line counts every call.
        var notFoundAsRecorded = 0
        var notFoundWithoutPlace: Set<String> = []
        /// The paths that answered so, place ids masked: one shape per operation.
        var notFoundShapes: Set<String> = []
        var answeredOtherwise = false
        var lastNotFound = ""
        /// The key was refused on every answered call: the cause, worded when read.
        var keyRejected = false
        /// Nothing is routed at the base URL: the cause, worded when read, so calls in flight then are counted too.
        var notRouted = false
        /// Calls in a row got no answer: the cause, worded when read, so calls in flight then are counted too.
        var silent = false
        var hasCause: Bool { cause != nil || keyRejected || notRouted || silent }
        /// Answers to calls refused on purpose (a key no server accepts, a fixture that recorded a refusal).
        var provokedAnswers = 0
        var operations: [String: Operation] = [:]
        /// Operations that answered only 5xx, each with its line: no more calls go to them.
        var notJudged: [String: String] = [:]
        /// Calls in a row whose last answer, after their retries, was still a 429.
        var quotaInARow = 0
        /// Operations whose key's plan does not include them (a 403 saying so), with the server's quoted message.
        var planRefused: [String: String] = [:]
        /// Operations the project declares outside the key's plan (`outsidePlan`): never called, not checked.
        var outsidePlan: Set<String> = []
        /// Answers in a row that were 429 with no `Retry-After`, the operations they came from, and the message: a
        /// spent quota (monthly, daily) that no wait within the run renews.
        var spentInARow = 0
        var spentOperations: Set<String> = []
        var spentMessage: String?
        /// 5xx answers that were HTML pages, their statuses and operations; whether any answer was anything else.
        var gatewayPages = 0
        var gatewayStatuses: Set<Int> = []
        var gatewayOperations: Set<String> = []
        var answeredByTheAPI = false
        /// The premise an answer broke (`APIPremise`): the run was not talking to the API.
        var premise: APIPremise?
        /// Answers that refused the version, and whether any answer showed it served.
        var versionRefusals = 0
        var versionServed = false
        /// Attempts in a row whose head came and whose body was cut short (closed, reset, stalled), the requests they
        /// were for, and the last one's line: the server is there, so not "nothing answers".
        var cutInARow = 0
        var cutTargets: Set<String> = []
        var lastCut = ""
        var cut = 0
    }

    private let state = Locked(State())

    /// A run that has seen nothing yet.
    package init() {}

    /// An attempt that got no answer: `why` is the transport's one line. Trips after `noAnswerLimit` in a row.
    /// `cutByDeadline`: the run's deadline ended the call before its head came, so it had no full chance to answer.
    func noAnswer(_ why: String, cutByDeadline: Bool = false) {
        state.withLock { state in
            state.noAnswerInARow += 1
            if !cutByDeadline { state.silentInARow += 1 }
            state.lastNoAnswer = why
            guard !state.hasCause, state.noAnswerInARow >= Self.noAnswerLimit else { return }
            // Calls only the deadline cut, after others were answered: a slow server, not a silent one. The run
            // judges what was answered, and the deadline's line names the slowest operation (`RunDeadline.passed`).
            if state.silentInARow == 0, state.answered + state.provokedAnswers > 0 { return }
            state.silent = true
        }
    }

    /// An answer that shows the run is not talking to the API (`APIPremise`): the cause, at once.
    func premiseFailed(_ premise: APIPremise) {
        state.withLock { state in
            guard !state.hasCause else { return }
            if premise.kind == .versionRefused {
                state.versionRefusals += 1
                guard !state.versionServed, state.versionRefusals >= 2 else { return }
            }
            state.premise = premise
            state.cause = premise.line
        }
    }

    /// One answer refused the version, and no answer has shown it served or decided it yet.
    var premiseInDoubt: Bool {
        let state = state.current
        return !state.hasCause && !state.versionServed && state.versionRefusals > 0
    }

    /// A 2xx to a request that carried the version: the version is served, so a refusal naming it is one
    /// operation's own check, not a retired version.
    func versionServed() { state.withLock { $0.versionServed = true } }

    /// The reason of a case whose answer came once an answer had shown the run is not talking to the API.
    package static let notTheAPIReason = "not judged: the answers are not the API's (the run's last line says why)"

    /// The premise an answer broke, if one did: the run judged nothing, and writes no baseline and no fixture.
    package var brokenPremise: APIPremise? { state.current.premise }

    /// What to do about the cause, on a line of its own beside it: a broken premise's, or the advice of the transport
    /// line calls got no answer with (`…; check HTTPS_PROXY…`), so the cause's line stays short; nil when there is none.
    package var hint: String? {
        let state = state.current
        if let premise = state.premise { return premise.hint }
        guard state.silent, state.cause == nil, !state.keyRejected, !state.notRouted else { return nil }
        return Self.split(state.lastNoAnswer).advice.map { "hint: \($0)" }
    }

    /// A transport line's news and its advice (what follows its first "; ").
    static func split(_ line: String) -> (news: String, advice: String?) {
        guard let separator = line.range(of: "; ") else { return (line, nil) }
        return (String(line[..<separator.lowerBound]), String(line[separator.upperBound...]))
    }

    /// Attempts whose head came and whose body was cut short, in a row, from two requests at least, before the run
    /// stops: a few are a blip the retries recover from (as a 5xx is), every answer cut is a server or a proxy that
    /// cannot send one.
    package static let cutLimit = 6

    /// An attempt whose head came and whose body did not (`why`: the transport's line), for `target` (its URL).
    func cutShort(_ why: String, target: String) {
        state.withLock { state in
            // The server is there: a run of calls with no answer at all ends here.
            state.noAnswerInARow = 0
            state.silentInARow = 0
            state.cut += 1
            state.cutInARow += 1
            state.cutTargets.insert(target)
            state.lastCut = why
            guard !state.hasCause, state.cutInARow >= Self.cutLimit, state.cutTargets.count >= 2 else { return }
            state.cause = "every answer is cut short: the head arrives, then \(why) (\(state.cutInARow) calls in a row)"
        }
    }

    /// Why calls got no answer: a server that never answered, answers that stopped after some came, or (when only
    /// the run's deadline cut calls off) the deadline, so a run stopped early is not taken for a server that is down.
    private static func noAnswerCause(_ state: State) -> String {
        let calls = "\(state.noAnswerInARow) calls in a row got no answer"
        // The transport line's advice is the hint's (`hint`), so this line names what happened within 200 characters.
        let lastNoAnswer = split(state.lastNoAnswer).news
        // Calls refused on purpose were answered too, and a cut answer's head came: each shows the server is there.
        let answered = state.answered + state.provokedAnswers + state.cut
        if state.silentInARow == 0 {
            // Only the run's deadline cut the calls off: a slow server, not one that went away.
            if answered > 0 {
                return "the deadline passed while calls were waiting for answers: \(lastNoAnswer) "
                    + "(\(plural(state.noAnswerInARow, "call")) cut off, after \(plural(answered, "call")) answered)"
            }
            return "the deadline passed before any answer: \(lastNoAnswer) "
                + "(\(plural(state.noAnswerInARow, "call")) made, none answered before the deadline)"
        }
        if answered > 0 {
            // After answers, the server is there: say the answers stopped (a slow operation, a server gone mid-run).
            return "answers stopped: \(lastNoAnswer) (\(calls), after \(plural(answered, "call")) answered)"
        }
        return "nothing answers: \(lastNoAnswer) (\(calls))"
    }

    /// An attempt that got an answer. `provoked`: the call carried a key no server accepts on purpose, or its fixture
    /// recorded a 401/403, so a refusal says nothing about the run's key.
    /// `expected`: the status the call's fixture recorded. `path`: the request's path (no query), for the line that
    /// says nothing is found at the base URL.
    func answered(status: Int, provoked: Bool, expected: Int? = nil, path: String = "") {
        state.withLock { state in
            // Once calls in a row got no answer, the run stopped: a call in flight then that is answered counts
            // among the answers, and the run of no answers stays as it was.
            if !state.silent {
                state.noAnswerInARow = 0
                state.silentInARow = 0
            }
            state.cutInARow = 0
            state.cutTargets = []
            if status == 404, expected != 404 {
                state.notFound += 1
                state.lastNotFound = path
                let shape = path.replacingOccurrences(of: #"[0-9a-f]{24}"#, with: "{id}", options: .regularExpression)
                state.notFoundShapes.insert(shape)
                if shape == path { state.notFoundWithoutPlace.insert(path) }
                if !state.hasCause, state.notFound >= Self.notFoundLimit, Self.nothingRouted(state) { state.notRouted = true }
            } else if status == 404 {
                state.notFoundAsRecorded += 1
            } else {
                state.answeredOtherwise = true
            }
            guard !provoked else { state.provokedAnswers += 1; return }
            state.answered += 1
            if status == 429 || status >= 500 { state.busy += 1 }
            if status == 401 || status == 403 {
                state.refused += 1
                state.refusedStatuses.insert(status)
            }
            guard !state.hasCause, state.keyAnswers >= Self.refusedLimit, state.refused == state.keyAnswers else { return }
            state.keyRejected = true
        }
    }

    /// A call's last answer (after its retries), under its operation. `expected` is the status its fixture recorded:
    /// a 429 or a 5xx it recorded is no quota and no outage. Once one operation answered only 5xx, another whose
    /// call still answered 5xx after its retries stops there: the service behind them is failing.
    func finished(operation: String, status: Int?, expected: Int?) {
        guard let status, !(expected.map { $0 >= 500 } ?? false) else { return }
        state.withLock { state in
            if status == 429, expected != 429 {
                state.quotaInARow += 1
                if !state.hasCause, state.quotaInARow >= Self.refusedLimit {
                    state.cause = "the quota refuses every call: \(state.quotaInARow) calls in a row still answered 429 after their retries; "
                        + "lower --rate-limit to the quota, or run when the quota allows"
                }
            } else {
                state.quotaInARow = 0
            }
            guard status >= 500, state.notJudged[operation] == nil, var op = state.operations[operation] else { return }
            op.outlastedRetry = true
            state.operations[operation] = op
            Self.stopIfOnlyServerErrors(operation, &state)
        }
    }

    /// Stops `operation` when it answered only 5xx and a call of it outlasted a retry: for the first such
    /// operation, `serverErrorLimit` requests for two different requests at least (one place the server fails is
    /// that place's trouble, not the operation's); once one did, one call still answered 5xx after its retries.
    private static func stopIfOnlyServerErrors(_ operation: String, _ state: inout State) {
        guard state.notJudged[operation] == nil, let op = state.operations[operation], op.outlastedRetry,
              op.serverErrors == op.answers else { return }
        guard !state.notJudged.isEmpty || op.answers >= serverErrorLimit && op.failedTargets.count >= 2 else { return }
        state.notJudged[operation] = onlyServerErrors(operation, op)
    }

    /// One request's answer (`retry`: a call's second or later), under its operation. `expected` is the status its
    /// fixture recorded: a recorded 5xx is not an outage. `target`: the request's URL. The first operation to answer
    /// `serverErrorLimit` requests, for two requests at least, with 5xx and nothing else, one of them a retry, stops:
    /// no more requests, no more retries. First tries that fail together (calls in flight at once) and whose retries
    /// are answered are a blip, not an outage. `message`: what the answer says of itself; `retryAfter`: whether it
    /// carried `Retry-After`.
    func attempted(operation: String, status: Int, expected: Int?, retry: Bool = false, target: String = "",
                   message: ServerMessage? = nil, retryAfter: Bool = false) {
        guard !(expected.map { $0 >= 500 } ?? false) else { return }
        state.withLock { state in
            Self.judgeWhole(operation: operation, status: status, expected: expected, message: message, retryAfter: retryAfter, &state)
            var op = state.operations[operation] ?? Operation()
            op.answers += 1
            if status >= 500 {
                op.serverErrors += 1
                op.statuses.insert(status)
                if retry { op.outlastedRetry = true }
                op.failedTargets.insert(target)
            }
            state.operations[operation] = op
            // Requests in flight when the operation was seen to fail still finish: its line counts them too.
            if state.notJudged[operation] != nil, op.serverErrors == op.answers {
                state.notJudged[operation] = Self.onlyServerErrors(operation, op)
                return
            }
            Self.stopIfOnlyServerErrors(operation, &state)
        }
    }

    /// A spent quota, a gateway's pages on every operation and a plan that leaves an operation out: what one answer
    /// shows of the whole night, beside the operation's own 5xx count.
    private static func judgeWhole(operation: String, status: Int, expected: Int?, message: ServerMessage?, retryAfter: Bool,
                                   _ state: inout State) {
        if status == 403, expected != 403, expected != 401, message?.refusesByPlan == true, state.planRefused[operation] == nil {
            state.planRefused[operation] = message?.quoted ?? ""
        }
        // A refusal the call asked for (a rejected key, a recorded 401 or 403) says nothing of the quota.
        let provoked = expected == 401 || expected == 403
        if status == 429, expected != 429, !retryAfter {
            state.spentInARow += 1
            state.spentOperations.insert(operation)
            state.spentMessage = message?.quoted ?? state.spentMessage
            if !state.hasCause, state.spentInARow >= spentLimit, state.spentOperations.count >= 2 || state.spentInARow >= 2 * spentLimit - 1 {
                state.cause = "the quota is spent: every call answers 429 \(state.spentMessage ?? "") with no Retry-After "
                    + "(\(state.spentInARow) in a row)"
            }
        } else if !provoked {
            state.spentInARow = 0
            state.spentOperations = []
        }
        if status >= 500, message?.isHTML == true {
            state.gatewayPages += 1
            state.gatewayStatuses.insert(status)
            state.gatewayOperations.insert(operation)
            if !state.hasCause, !state.answeredByTheAPI, state.gatewayPages >= serverErrorLimit, state.gatewayOperations.count >= 2 {
                state.cause = "every operation answers \(state.gatewayStatuses.sorted().map(String.init).joined(separator: "/")) with an "
                    + "HTML page, not the API's JSON (a gateway or proxy in front of it)"
            }
        } else {
            state.answeredByTheAPI = true
        }
    }

    /// Answers in a row, 429 with no `Retry-After`, from two operations at least, that show a spent quota (from one
    /// operation, `2 × spentLimit - 1`: its own retries are three of them).
    package static let spentLimit = 3

    /// Declares operations outside the key's plan (`outsidePlan` in the project file): they get no call, and are
    /// listed as not checked.
    package func declareOutsidePlan(_ operations: Set<String>) { state.withLock { $0.outsidePlan = operations } }

    /// The line of `operation` when it answered only 5xx, or its key's plan leaves it out, so its cases are not
    /// judged and it gets no more calls.
    package func notJudged(_ operation: String) -> String? {
        let state = state.current
        return state.notJudged[operation] ?? Self.planLine(operation, state)
    }

    private static func planLine(_ operation: String, _ state: State) -> String? {
        if state.outsidePlan.contains(operation) { return "\(operation) is outside the key's plan (outsidePlan): not checked" }
        return state.planRefused[operation].map { "\(operation): the key's plan has no access (403\($0.isEmpty ? "" : " " + $0))" }
    }

    /// The operations the key's plan refused that the project does not declare outside it, by name.
    package var refusedByPlan: [String] { state.current.planRefused.keys.filter { !state.current.outsidePlan.contains($0) }.sorted() }

    /// `not checked: place-tips (outside the key's plan: outsidePlan in the project file)`, or nil.
    package var notCheckedLine: String? {
        let declared = state.current.outsidePlan.sorted()
        guard !declared.isEmpty else { return nil }
        return "not checked: \(declared.joined(separator: ", ")) (outside the key's plan: outsidePlan in the project file)"
    }

    /// The skip reason of a case whose operation answered only 5xx (`line`, as `notJudged` gives it).
    package static func notJudgedReason(_ line: String) -> String { "not judged: \(line)" }

    /// Every operation that answered only 5xx, by name, with its line (`place-suggest-edit answers only 5xx: 503 (3 of 3 calls)`,
    /// retries counted as calls, as `--max-calls` and the server's log count them);
    /// at the end of a run (`conclude`) one answered fewer than `serverErrorLimit` times, all 5xx, is one too.
    /// Operations the key's plan refused (and the project did not declare outside it) are among them.
    package var operationsNotJudged: [String: String] {
        let state = state.current
        var lines = state.notJudged
        for operation in state.planRefused.keys where !state.outsidePlan.contains(operation) && lines[operation] == nil {
            lines[operation] = Self.planLine(operation, state)
        }
        return lines
    }

    /// At the end of a run, the cause if any: the one found during the run, else every answered call refused by
    /// authentication, or calls the budget (`--max-calls`) or the deadline left unsent (what the quota's 429s and
    /// their retries cost). Operations that answered only 5xx are noted apart (`operationsNotJudged`).
    package func conclude(_ tally: CallLedger.Tally, maxCalls: Int?) -> String? {
        state.withLock { state in
            for (name, op) in state.operations where state.notJudged[name] == nil && op.answers > 0 && op.serverErrors == op.answers {
                state.notJudged[name] = Self.onlyServerErrors(name, op)
            }
            if state.hasCause { return Self.cause(state) }
            if state.noAnswerInARow > 0, state.answered == 0, state.operations.isEmpty {
                state.cause = Self.noAnswerCause(state)
            } else if Self.nothingRouted(state) {
                state.cause = Self.notFoundCause(state)
            } else if state.keyAnswers > 0, state.refused == state.keyAnswers {
                state.keyRejected = true
            } else if tally.refused > 0 {
                let quota = tally.retries["429"].map { "; the quota answered 429 \($0) times" } ?? ""
                state.cause = "the budget was too short: \(plural(tally.refused, "call")) not sent once \(maxCalls ?? tally.calls) were made "
                    + "(--max-calls)\(quota); lower --rate-limit to the quota, or raise maxCalls"
            }
            return Self.cause(state)
        }
    }

    /// Notes a cause found elsewhere (the run's deadline passed before every call was made), unless one is known.
    package func stop(_ cause: String) { state.withLock { if !$0.hasCause { $0.cause = cause } } }

    private static func nothingRouted(_ state: State) -> Bool {
        // Two operations that ask for no place, or one among three operations: more than one removed operation or
        // one closed place explains.
        !state.answeredOtherwise && state.notFound > 0
            && (state.notFoundWithoutPlace.count >= 2 || !state.notFoundWithoutPlace.isEmpty && state.notFoundShapes.count >= 3)
    }

    private static func notFoundCause(_ state: State) -> String {
        let all = state.notFound + state.notFoundAsRecorded
        return "nothing is found at the base URL: 404 on every call (\(all) of \(all), on \(plural(state.notFoundShapes.count, "operation path")), "
            + "e.g. \(state.lastNotFound)); check --base-url"
    }

    /// The cause as of now: a rejected key's line, a base URL's that routes nothing, and calls that got no answer,
    /// count the calls that finished after it was found too.
    private static func cause(_ state: State) -> String? {
        if let cause = state.cause { return cause }
        if state.silent { return noAnswerCause(state) }
        if state.keyRejected { return keyRejected(state) }
        return state.notRouted ? notFoundCause(state) : nil
    }

    private static func keyRejected(_ state: State) -> String {
        let statuses = state.refusedStatuses.sorted().map(String.init).joined(separator: "/")
        // The calls refused on purpose are made too: name them, so this count agrees with the calls made.
        let provoked = state.provokedAnswers > 0 ? "; \(state.provokedAnswers) refused on purpose left out" : ""
        let busy = state.busy > 0 ? "; \(state.busy) answered 429 or 5xx left out" : ""
        return "the key was rejected: \(statuses) on every call (\(state.refused) of \(state.keyAnswers) calls that expected an answer"
            + "\(provoked)\(busy)); check FSQ_API_KEY"
    }

    private static func onlyServerErrors(_ operation: String, _ op: Operation) -> String {
        let statuses = op.statuses.sorted().map(String.init).joined(separator: "/")
        return "\(operation) answers only 5xx: \(statuses) (\(op.serverErrors) of \(plural(op.answers, "call")))"
    }

    /// The one line for the operations that answered only 5xx, or that the key's plan refused
    /// (`operationsNotJudged`); nil when none did. Past two operations, the 5xx ones are counted, not listed.
    package static func notJudgedLine(_ operations: [String: String]) -> String? {
        guard !operations.isEmpty else { return nil }
        let sorted = operations.sorted { $0.key < $1.key }
        let plan = sorted.filter { $0.value.hasPrefix("\($0.key): the key's plan") }
        let failing = sorted.filter { !$0.value.hasPrefix("\($0.key): the key's plan") }
        var parts = groupedByCause(plan)
        if failing.count > 2 {
            let statuses = Set(failing.compactMap { $0.value.split(separator: ":").dropFirst().first?.split(separator: " ").first }).sorted()
            parts.append("\(failing.count) operations answer only 5xx: \(statuses.joined(separator: "/")) (\(failing[0].key), \(failing[1].key), …): "
                         + "the server is failing, not the contract")
        } else if !failing.isEmpty {
            let them = failing.count == 1 ? "it was" : "they were"
            parts.append(failing.map(\.value).joined(separator: ", ") + "; \(them) called no more: the server is failing, not the contract")
        }
        return parts.joined(separator: "; ")
    }

    /// Operations that share one cause (`operation: cause`) as one line: `5 write operations: the key's plan has no
    /// access (403 "…")`, so the server's words are quoted once, however many operations it refused.
    static func groupedByCause(_ lines: [(key: String, value: String)]) -> [String] {
        var causes: [String: [String]] = [:]
        for (operation, line) in lines { causes[String(line.dropFirst(operation.count + 2)), default: []].append(operation) }
        let writes = Set(Contract.catalog.filter(\.effect.writes).map(\.id.rawValue))
        return causes.sorted { $0.key < $1.key }.map { cause, operations in
            guard operations.count > 1 else { return "\(operations[0]): \(cause)" }
            let kind = operations.allSatisfy(writes.contains) ? "write operations" : "operations"
            return "\(operations.count) \(kind): \(cause)"
        }
    }

    /// Whether a case's one-line cause says its call got no complete answer after its retries (refused, reset,
    /// timed out: `FoursquareError.noAnswerCause`): a transport failure, not the contract. A case the deadline cut
    /// is the deadline's (`RunDeadline.stopped`).
    package static func unanswered(cause: String) -> Bool { cause.hasPrefix("no answer: ") && !RunDeadline.stopped(cause: cause) }

    /// The cases of `tally` whose call got no complete answer, and the first such cause.
    package static func unanswered(in tally: RunTally) -> (count: Int, first: String?) {
        let causes = tally.causes.filter { unanswered(cause: $0.key) }.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
        return (causes.reduce(0) { $0 + $1.value.count }, causes.first?.key)
    }

    /// Whether `outcome` is a call the run stopped before sending.
    package static func stopped(_ outcome: CallOutcome) -> Bool {
        if case let .failed(error) = outcome { return error.underlyingError is Stopped }
        return false
    }

    /// Thrown in place of a request whose operation answered only 5xx (a call that waited for its turn meanwhile):
    /// nothing is sent or counted.
    package struct OperationStopped: Error, CustomStringConvertible {
        /// The operation's line, as `notJudged` gives it.
        package var line: String
        package var description: String { CallHealth.notJudgedReason(line) }
    }

    /// Whether `outcome` is a call stopped before it was sent: the run could not judge, or its operation answered
    /// only 5xx.
    package static func unsent(_ outcome: CallOutcome) -> Bool {
        if case let .failed(error) = outcome { return error.underlyingError is Stopped || error.underlyingError is OperationStopped }
        return false
    }

    /// Thrown in place of a call once the cause is known: nothing is sent or counted.
    package struct Stopped: Error, CustomStringConvertible {
        /// The cause, as `CallHealth.cause` gives it.
        package var cause: String
        package var description: String { "not sent: the run could not judge the contract (\(cause))" }
    }
}
