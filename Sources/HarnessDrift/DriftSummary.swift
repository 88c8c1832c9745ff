import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessReports

/// A drift run read in one screen, one section per contract (the project's live contracts first, else the one the
/// server speaks), each headed by its breaking and warning counts: the same change across fixtures and styles is
/// one line with a count and two examples, sorted by grade then count; a style the server refuses everywhere, and
/// an endpoint it no longer has, are one line each; error fixtures the server does not reproduce have their own
/// short list; and the contract the server speaks is named.
package struct DriftSummary: Sendable {
    /// One change seen in one or more calls.
    package struct Group: Sendable {
        package var grade: DriftGrade
        package var kind: DriftChange.Kind
        /// The schema pointer of the first call that showed it.
        package var path: String
        /// Every schema pointer it was seen at: a field the answers of several operations carry (`distance` in
        /// search results, geotagging candidates and autocomplete places) changing the same way is one change.
        package var paths: [String] = []
        /// The change's detail without per-call counts, the same for every call in the group.
        package var phrase: String
        package var endpoints: [String] = []
        package var fixtures: [String] = []
        /// Calls (fixture × style) that showed it.
        package var calls = 0

        /// Its pointer where it was seen at one, else the field's name (`distance`), its pointers listed apart.
        package var subject: String { paths.count > 1 ? ShapeDiff.lastKey(path) : path }
    }

    /// A style the server refused on every call made with it.
    package struct Refusal: Sendable {
        package var auth: AuthStyle
        package var statuses: [Int]
        package var calls: Int
        package var endpoints: Int
    }

    /// An endpoint the server no longer has: every call to it (in a style it accepts) got 404, where its fixtures
    /// recorded other statuses.
    package struct Gone: Sendable {
        package var contract: ContractID
        package var endpoint: String
        /// `GET /places/categories`.
        package var request: String
        package var calls: Int
        package var fixtures: [String]
    }

    /// One contract's part of the run.
    package struct Section: Sendable {
        package var contract: ContractID
        package var summary: DriftSummary
        /// Distinct breaking changes (ERR lines, refused styles, gone endpoints) and warnings.
        package var breaking: Int { summary.breaking }
        package var warnings: Int { summary.groups.filter { $0.grade == .warn }.count }
        /// `2025-06-17: 0 breaking, 18 warnings`.
        package var headline: String { "\(contract): \(breaking) breaking, \(plural(warnings, "warning"))" }
    }

    /// Error fixtures recorded with one status that the server answered with another class.
    package struct Unreproduced: Sendable {
        package var recorded: Int
        package var live: Int
        package var fixtures: [String]
    }

    /// Breaking changes per contract of the fixtures.
    package struct ContractTally: Sendable {
        package var contract: ContractID
        package var breaking: Int
        /// Calls that got a comparable answer (not refused, not unreproducible).
        package var compared: Int
        /// Answers that break the contract's OpenAPI document (`--openapi`), apart from drift.
        package var documentBreaks = 0
        /// Those answers, as `DriftSummary.answerKey` names them.
        package var documentBreakAnswers: Set<String> = []
    }

    /// One answer of the run: its fixture and style.
    package static func answerKey(fixture: String, auth: AuthStyle) -> String { "\(fixture) [\(auth.rawValue)]" }

    /// Answers whose OpenAPI document breaks the baseline holds (`answerKey`): the contract line says they are known.
    package var knownDocumentBreaks: Set<String> = []

    package private(set) var groups: [Group] = []
    package private(set) var refusals: [Refusal] = []
    package private(set) var gone: [Gone] = []
    /// One per contract of the fixtures, in the order they are shown.
    package private(set) var sections: [Section] = []
    package private(set) var unreproduced: [Unreproduced] = []
    /// Calls with no answer, grouped by the reason.
    package private(set) var unanswered: [(reason: String, fixtures: [String])] = []
    /// Error fixtures not called (only the emulator gives their answers), by recorded status.
    package private(set) var notAsked: [(status: Int, fixtures: [String])] = []
    package private(set) var contracts: [ContractTally] = []
    /// Fixtures whose place id answers 404 while their endpoint answers others: data churn, not drift.
    package private(set) var stale: [StaleFixture] = []
    /// Stale fixtures fail the run (the project file's `staleFails`).
    package var staleFails = false
    /// Cases compared: fixture × style (several share one call when they send the same request).
    package let calls: Int
    /// Requests the run sent (the call ledger's count, as the server's log counts them); the headline gives it.
    package var callsMade: Int?
    package let brokenFiles: Int

    /// Distinct breaking findings: ERR groups, refused styles and endpoints gone.
    package var breaking: Int { groups.filter { $0.grade == .err }.count + refusals.count + gone.count }

    /// The baseline's judgement of the run's findings (fingerprints), so a change it holds reads as known, not as
    /// news: `known` are entries that recurred, `other` the findings it does not excuse (new, or expired).
    package var baseline: (known: Set<String>, other: Set<String>) = ([], [])

    /// Whether every finding of `group` (in `contract`'s part) that the baseline judged is a known entry.
    func isKnown(_ group: Group, contract: ContractID) -> Bool {
        guard !baseline.known.isEmpty else { return false }
        let fingerprints = Set(group.endpoints.flatMap { endpoint in
            group.paths.map { Baseline.fingerprint(contract: contract, endpoint: endpoint, check: "drift", path: $0, kind: group.kind.rawValue) }
        })
        return !fingerprints.isDisjoint(with: baseline.known) && fingerprints.isDisjoint(with: baseline.other)
    }

    /// Breaking changes of `contract` that the baseline holds.
    func knownBreaking(_ contract: ContractID) -> Int {
        sections.first { $0.contract == contract }.map { section in
            section.summary.groups.filter { $0.grade == .err && isKnown($0, contract: contract) }.count
        } ?? 0
    }

    /// ` (1 known in the baseline)` after a count of breaking changes, or nothing.
    func knownNote(_ count: Int, of total: Int) -> String {
        count == 0 ? "" : count == total ? ", known in the baseline" : ", \(count) known in the baseline"
    }

    /// `preferred`: the contracts the project uses live (the project file's `liveContracts`), shown first.
    package init(_ run: DriftRun, preferred: [ContractID] = []) {
        self.init(results: run.results, brokenFiles: run.broken.count, stale: run.stale)
        let byContract = Dictionary(grouping: run.results, by: \.contract)
        let parts = byContract.mapValues { DriftSummary(results: $0, brokenFiles: 0, stale: run.stale) }
        contracts = byContract.keys.sorted { Self.contractOrder($0) < Self.contractOrder($1) }.map { contract in
            ContractTally(contract: contract, breaking: parts[contract]!.breaking,
                          compared: parts[contract]!.comparable(byContract[contract]!).count,
                          documentBreaks: byContract[contract]!.filter { $0.conformance?.verdict.isProblem == true }.count,
                          documentBreakAnswers: Set(byContract[contract]!.filter { $0.conformance?.verdict.isProblem == true }
                              .map { Self.answerKey(fixture: $0.fixture, auth: $0.auth) }))
        }
        let spoken = spokenContract
        func rank(_ contract: ContractID) -> (Int, Int) {
            if let at = preferred.firstIndex(of: contract) { return (0, at) }
            return (contract == spoken ? 1 : 2, Self.contractOrder(contract))
        }
        sections = contracts.map(\.contract).sorted { rank($0) < rank($1) }.map { Section(contract: $0, summary: parts[$0]!) }
    }

    init(results: [DriftResult], brokenFiles: Int, stale: [String: StaleFixture] = [:]) {
        calls = results.count
        self.brokenFiles = brokenFiles
        let fixtures = Set(results.map(\.fixture))
        self.stale = stale.values.filter { fixtures.contains($0.fixture) }.sorted { $0.fixture < $1.fixture }
        let staleFixtures = Set(self.stale.map(\.fixture))
        let answered = results.filter { $0.liveStatus != nil }
        for auth in AuthStyle.allCases {
            let mine = answered.filter { $0.auth == auth }
            // Every answer 401/403, and at least one where the fixture recorded something else.
            guard mine.contains(where: \.refused), mine.allSatisfy({ $0.liveStatus == 401 || $0.liveStatus == 403 }) else { continue }
            refusals.append(Refusal(auth: auth, statuses: Set(mine.compactMap(\.liveStatus)).sorted(), calls: mine.count,
                                    endpoints: Set(mine.map(\.endpoint)).count))
        }
        // An endpoint answered 404 to every call of a recorded success in an accepted style. Its error fixtures do
        // not count: a provoked 401 or 400 still answers as such on a route that is gone for every place.
        let refusedStyles = Set(refusals.map(\.auth))
        let inStyle = answered.filter { !refusedStyles.contains($0.auth) }
        let accepted = inStyle.filter { (200...299).contains($0.recordedStatus) }
        for (key, calls) in Dictionary(grouping: accepted, by: { [$0.contract.rawValue, $0.endpoint] }).sorted(by: { $0.key.lexicographicallyPrecedes($1.key) })
        where calls.allSatisfy({ $0.liveStatus == 404 }) && calls.contains(where: { !staleFixtures.contains($0.fixture) }) {
            let contract = ContractID(key[0])
            let endpoint = Contract.named(contract)?.endpoints.first { $0.id.rawValue == key[1] }
            let notFound = inStyle.filter { [$0.contract.rawValue, $0.endpoint] == key && $0.liveStatus == 404 }
            gone.append(Gone(contract: contract, endpoint: key[1],
                             request: endpoint.map { "\($0.method) \($0.pathTemplate)" } ?? key[1], calls: notFound.count,
                             fixtures: notFound.map(\.fixture)))
        }
        var index: [String: Int] = [:]
        for result in comparable(results) where !staleFixtures.contains(result.fixture) {
            for change in result.changes {
                // One change is one group, at its schema pointer, graded once: by the worst call that showed it.
                let key = Self.groupKey(change)
                if index[key] == nil {
                    index[key] = groups.count
                    groups.append(Group(grade: change.grade, kind: change.kind, path: DriftChange.schemaPointer(change.path),
                                        phrase: Self.phrase(change.detail)))
                }
                let at = index[key]!
                let pointer = DriftChange.schemaPointer(change.path)
                if !groups[at].paths.contains(pointer) { groups[at].paths.append(pointer) }
                if change.grade > groups[at].grade {
                    groups[at].grade = change.grade
                    groups[at].phrase = Self.phrase(change.detail)
                }
                groups[at].calls += 1
                if !groups[at].endpoints.contains(result.endpoint) { groups[at].endpoints.append(result.endpoint) }
                if !groups[at].fixtures.contains(result.fixture) { groups[at].fixtures.append(result.fixture) }
            }
        }
        groups = Self.foldedIntoRenames(groups)
        groups.sort { ($0.grade, $0.calls, $1.path) > ($1.grade, $1.calls, $0.path) }
        var unreproducedIndex: [String: Int] = [:]
        let goneEndpoints = Set(gone.map { [$0.contract.rawValue, $0.endpoint] })
        for result in results where result.unreproducible && !goneEndpoints.contains([result.contract.rawValue, result.endpoint]) {
            let key = "\(result.recordedStatus)>\(result.liveStatus ?? 0)"
            if let at = unreproducedIndex[key] {
                if !unreproduced[at].fixtures.contains(result.fixture) { unreproduced[at].fixtures.append(result.fixture) }
            } else {
                unreproducedIndex[key] = unreproduced.count
                unreproduced.append(Unreproduced(recorded: result.recordedStatus, live: result.liveStatus ?? 0, fixtures: [result.fixture]))
            }
        }
        var reasons: [String: Int] = [:]
        for result in results where result.notAsked != nil {
            if let at = notAsked.firstIndex(where: { $0.status == result.recordedStatus }) {
                if !notAsked[at].fixtures.contains(result.fixture) { notAsked[at].fixtures.append(result.fixture) }
            } else {
                notAsked.append((result.recordedStatus, [result.fixture]))
            }
        }
        for result in results where result.liveStatus == nil && result.notAsked == nil {
            let reason = Self.phrase(result.problem ?? "no answer")
            if let at = reasons[reason] {
                unanswered[at].fixtures.append(result.fixture)
            } else {
                reasons[reason] = unanswered.count
                unanswered.append((reason, [result.fixture]))
            }
        }
    }

    /// Results whose changes say something about the API: answered, in a style the server accepts, to an endpoint
    /// it still has, and not an error fixture it cannot reproduce.
    func comparable(_ results: [DriftResult]) -> [DriftResult] {
        let refused = Set(refusals.map(\.auth))
        let goneEndpoints = Set(gone.map { [$0.contract.rawValue, $0.endpoint] })
        let staleFixtures = Set(stale.map(\.fixture))
        return results.filter {
            $0.liveStatus != nil && $0.notJudged == nil && !refused.contains($0.auth) && !$0.unreproducible
                && !goneEndpoints.contains([$0.contract.rawValue, $0.endpoint]) && !staleFixtures.contains($0.fixture)
        }
    }

    /// The contract every compared call of which agrees with the server, if exactly that can be said.
    package var spokenContract: ContractID? {
        contracts.filter { $0.breaking == 0 && $0.compared > 0 }.max { $0.compared < $1.compared }?.contract
    }

    /// "the server speaks 2025-06-17 (0 breaking); seed: 14 breaking".
    package var contractLine: String {
        let others = contracts.filter { $0.contract != spokenContract }
            .map { "\($0.contract): \(plural($0.breaking, "breaking change"))\(knownNote(knownBreaking($0.contract), of: $0.breaking))" }
        if let spoken = spokenContract {
            // Drift agrees with the fixtures, but the headline must not read green where the document check fails.
            let tally = contracts.first { $0.contract == spoken }
            let breaks = tally?.documentBreaks ?? 0
            let known = tally?.documentBreakAnswers.intersection(knownDocumentBreaks).count ?? 0
            let head = breaks == 0 ? "the server speaks \(spoken) (0 breaking)"
                : known == breaks ? "the server answers \(spoken) as recorded (0 breaking drift); \(plural(breaks, "answer")) break its "
                    + "OpenAPI document, all known in the baseline"
                : "the server answers \(spoken) as recorded (0 breaking drift), but \(plural(breaks, "answer")) break its OpenAPI document"
                    // Answers, not entries: say so, or it reads as a count of the baseline's entries.
                    + (known > 0 ? " (\(known) of \(breaks == 1 ? "it" : "them") only in ways the baseline knows)" : "")
            return ([head] + others).joined(separator: "; ")
        }
        if contracts.allSatisfy({ $0.compared == 0 }) {
            return "which contract the server speaks is unknown: no call got an answer that could be compared"
        }
        if contracts.count == 1, let only = contracts.first {
            return "the server does not speak \(only.contract) as recorded (\(plural(only.breaking, "breaking change"))"
                + "\(knownNote(knownBreaking(only.contract), of: only.breaking)))"
        }
        return "the server matches none of the fixtures' contracts: " + others.joined(separator: "; ")
    }

    static func contractOrder(_ contract: ContractID) -> Int { Contract.known.firstIndex(of: contract) ?? Int.max }

    /// A member the model cannot find where a rename took it away (an answer whose fixture recorded no element to
    /// compare keys with, `results: []`) is the rename seen from one more fixture: one change, not two.
    static func foldedIntoRenames(_ groups: [Group]) -> [Group] {
        var groups = groups
        for (at, group) in groups.enumerated().reversed() where group.kind == .undecodable {
            guard let rename = groups.firstIndex(where: { $0.kind == .renamed && Set(group.paths).isSubset(of: $0.paths) }) else { continue }
            groups[rename].calls += group.calls
            groups[rename].endpoints += group.endpoints.filter { !groups[rename].endpoints.contains($0) }
            groups[rename].fixtures += group.fixtures.filter { !groups[rename].fixtures.contains($0) }
            groups.remove(at: at)
        }
        return groups
    }

    /// What makes two changes one: the kind, the field (its schema pointer's last key, wherever the answers carry
    /// it), and for a type change or a rename what it became (`null` aside); never what the model makes of it or
    /// how many elements showed it.
    static func groupKey(_ change: DriftChange) -> String {
        let pointer = DriftChange.schemaPointer(change.path)
        // The head (`status`, `content-type`) and the root are places of their own.
        let field = pointer.hasPrefix("$.") || pointer.hasPrefix("$[") ? ShapeDiff.lastKey(pointer) : pointer
        var key = "\(change.kind.rawValue)|\(field)"
        if change.kind == .typeChanged || change.kind == .renamed {
            key += "|" + phrase(change.detail).prefix { $0 != ";" }.replacingOccurrences(of: #"\bnull\|?|\|null\b"#, with: "", options: .regularExpression)
        }
        return key
    }

    /// The detail without what varies per call: "removed from 3 of 10 elements" reads as "removed"; a type change
    /// reads `number → string`.
    static func phrase(_ detail: String) -> String {
        detail.replacingOccurrences(of: #"^type changed from (\S+) to (\S+)"#, with: "$1 → $2", options: .regularExpression)
            .replacingOccurrences(of: #" from \d+ of \d+ elements"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #" \(\d+ bytes\)"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"after \d+ attempts"#, with: "after retries", options: .regularExpression)
            // The request each message ends with ("[GET http://…]") differs per fixture; the examples name those.
            .replacingOccurrences(of: #" \[[A-Z]+ [^\]]*\]$"#, with: "", options: .regularExpression)
    }

    /// Two example fixtures and how many there are; a fixture called in both styles counts once.
    static func examples(_ fixtures: [String]) -> String {
        var seen = Set<String>()
        let distinct = fixtures.filter { seen.insert($0).inserted }
        let shown = distinct.prefix(2).joined(separator: ", ")
        return distinct.count > 2 ? "\(shown), … (\(distinct.count) fixtures)" : shown
    }

    /// The headline: counts that agree with what follows (a run whose calls all failed never says "no changes").
    package var headline: String {
        let counts = Dictionary(grouping: groups, by: \.grade).mapValues(\.count)
        var parts = ["\(breaking) breaking", "\(counts[.warn] ?? 0) warning", "\(counts[.info] ?? 0) info"]
            .map { $0 }
        parts[0] += refusals.isEmpty ? "" : " (\(plural(refusals.count, "refused style")))"
        let known = sections.reduce(0) { $0 + knownBreaking($1.contract) }
        if known > 0 { parts[0] += " (\(known) known in the baseline)" }
        var line = "drift: " + parts.joined(separator: ", ") + " (distinct changes) over \(plural(calls, "case"))"
            + (callsMade.map { " (\(plural($0, "call")) made)" } ?? "")
        if !stale.isEmpty { line += "; \(stale.count) stale" }
        let unanswerable = unanswered.reduce(0) { $0 + $1.fixtures.count }
        if unanswerable > 0 { line += "; \(unanswerable) got no answer, so their drift is unknown" }
        if brokenFiles > 0 { line += "; \(plural(brokenFiles, "fixture file")) did not load" }
        return line
    }

    /// One finding of a section: a refused style, an endpoint gone, or a change group.
    struct Line {
        var grade: DriftGrade
        var calls: Int
        /// A change of the answers' shape (said with the fixtures it touched), not a refused style or a gone endpoint.
        var isChange = false
        /// What changed, for the markdown's change column.
        var text: String
        /// The same for the terminal.
        var terminalText: String
        var endpoints: [String]
        var fixtures: [String]
        /// The schema pointers of a change seen at more than one.
        var places: [String] = []
    }

    /// Every finding, sorted by grade, then by how many calls showed it.
    var lines: [Line] {
        let refused = refusals.map {
            Line(grade: .err, calls: $0.calls, text: Self.refusalLine($0), terminalText: Self.refusalLine($0), endpoints: [], fixtures: [])
        }
        let goneLines = gone.map {
            Line(grade: .err, calls: $0.calls, text: "gone: \($0.request) — 404 on every call", terminalText: "gone: \($0.request) — 404 on every call",
                 endpoints: [$0.endpoint], fixtures: $0.fixtures)
        }
        let changes = groups.map {
            Line(grade: $0.grade, calls: $0.calls, isChange: true, text: "`\($0.subject)` \($0.phrase)" + ($0.paths.count > 1 ? " (at \($0.paths.map { "`\($0)`" }.joined(separator: ", ")))" : ""), terminalText: "\($0.subject): \($0.phrase)",
                 endpoints: $0.endpoints, fixtures: $0.fixtures, places: $0.paths.count > 1 ? $0.paths : [])
        }
        // A stable sort: equal lines keep the order they were found in.
        return (refused + goneLines + changes).enumerated()
            .sorted { ($0.element.grade, $0.element.calls, $1.offset) > ($1.element.grade, $1.element.calls, $0.offset) }
            .map(\.element)
    }

    /// The terminal's view: the same lines as the markdown, without tables, one section per contract. Info changes
    /// (members the model does not read, optional ones absent) need no action: one count per contract, their lines
    /// in `--summary` and `--json`, unless `maxInfo` asks for some.
    package func terminal(maxInfo: Int = 0) -> String {
        var lines: [String] = []
        if contracts.count > 0 { lines.append("drift: " + contractLine) }
        let parts = sections.isEmpty ? [Section(contract: "", summary: self)] : sections
        for section in parts {
            if !section.contract.rawValue.isEmpty { lines.append(section.headline + (section.contract == spokenContract ? " (the server speaks it)" : "")) }
            var part = section.summary
            part.baseline = baseline
            lines += part.terminalLines(maxInfo: maxInfo, indent: section.contract.rawValue.isEmpty ? "" : "  ", contract: section.contract)
        }
        if groups.isEmpty, refusals.isEmpty, gone.isEmpty, unanswered.isEmpty, brokenFiles == 0 { lines.append("drift: no changes") }
        if !stale.isEmpty {
            lines.append("stale: \(plural(stale.count, "fixture")) whose place id answers 404 while its endpoint answers others "
                         + "(data churn, not API drift; \(staleFails ? "failing: staleFails is true" : "not failing")):")
            lines += stale.map { "  " + $0.line }
        }
        lines.append(headline)
        return lines.joined(separator: "\n")
    }

    func terminalLines(maxInfo: Int, indent: String, contract: ContractID) -> [String] {
        var out: [String] = []
        var info = 0
        let known = Set(groups.filter { isKnown($0, contract: contract) }.map { "\($0.subject): \($0.phrase)" })
        for line in lines {
            if line.grade == .info { info += 1; if info > maxInfo { continue } }
            let examples = line.fixtures.isEmpty ? "" : "; \(Self.examples(line.fixtures))"
            // A change says how many fixtures it touched (`distance: number → string (7 fixtures: …)`).
            let at = line.places.isEmpty ? "" : "; at \(Self.pointers(line.places))"
            let tail = line.isChange ? " (\(Self.touched(line.fixtures))\(at))" : " [\(plural(line.calls, "case"))\(examples)]"
            let note = line.isChange && known.contains(line.terminalText) ? " — known in the baseline, not failing" : ""
            out.append(indent + "\(line.grade.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)) "
                       + line.terminalText + tail + note)
        }
        if info > maxInfo {
            out.append(indent + (maxInfo == 0 ? "INFO \(plural(info, "change")) that need no action (members the model does not read; see --summary or --json)"
                                 : "INFO … and \(info - maxInfo) more (see --summary or --json)"))
        }
        if !unreproduced.isEmpty {
            out.append(indent + "KEPT not reproducible live, not compared: \(unreproducedCounts) [\(Self.examples(unreproduced.flatMap(\.fixtures)))]")
        }
        if !notAsked.isEmpty {
            out.append(indent + "KEPT not asked live, no request provokes them: \(notAskedCounts) [\(Self.examples(notAsked.flatMap(\.fixtures)))]")
        }
        for item in unanswered { out.append(indent + "NONE \(item.reason) [\(Self.examples(item.fixtures))]") }
        return out
    }

    /// `7 fixtures: a.json, b.json, …`: how many distinct fixtures, and the first two.
    static func touched(_ fixtures: [String]) -> String {
        var seen = Set<String>()
        let distinct = fixtures.filter { seen.insert($0).inserted }
        return "\(plural(distinct.count, "fixture")): " + distinct.prefix(2).joined(separator: ", ") + (distinct.count > 2 ? ", …" : "")
    }

    /// `$.results[*].distance, $.candidates[*].distance and 1 more`.
    static func pointers(_ paths: [String], shown: Int = 3) -> String {
        paths.prefix(shown).joined(separator: ", ") + (paths.count > shown ? " and \(paths.count - shown) more" : "")
    }

    /// `403: 6 fixtures; 429: 6 fixtures`.
    var notAskedCounts: String {
        notAsked.sorted { $0.status < $1.status }.map { "\($0.status): \(plural($0.fixtures.count, "fixture"))" }.joined(separator: "; ")
    }

    /// `recorded 401, answered 200: 6 fixtures; recorded 404, answered 200: 1 fixture`.
    var unreproducedCounts: String {
        unreproduced.map { "recorded \($0.recorded), answered \($0.live): \(plural($0.fixtures.count, "fixture"))" }
            .joined(separator: "; ")
    }

    static func refusalLine(_ refusal: Refusal) -> String {
        let statuses = refusal.statuses.map(String.init).joined(separator: "/")
        return "\(refusal.auth.rawValue): \(statuses) on every endpoint (\(plural(refusal.calls, "case")), "
            + "\(plural(refusal.endpoints, "endpoint"))): the server refuses this auth style"
    }

    /// Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`, sized for one screen: a section per contract
    /// with every breaking change and warning, at most `maxInfo` info lines in all, then the error fixtures the
    /// server cannot reproduce.
    package func markdown(baseURL: String, maxInfo: Int = 5) -> String {
        var lines = ["### API drift against \(Self.cell(baseURL))", ""]
        lines.append("**\(Self.cell(headline.replacingOccurrences(of: "drift: ", with: "")))**")
        if contracts.count > 0 { lines.append(""); lines.append(Self.cell(contractLine.prefix(1).uppercased() + contractLine.dropFirst()) + ".") }
        if !stale.isEmpty {
            lines += ["", "**Stale fixtures** (the place id answers 404 while its endpoint answers others: data churn, not API drift; "
                      + "\(staleFails ? "failing" : "not failing")):", ""]
            lines += stale.map { "- `\($0.fixture)`: place id `\($0.placeID)`; re-record: `\($0.rerecordCommand)`" }
        }
        if sections.count <= 1 {
            lines += markdownBody(maxInfo: maxInfo)
        } else {
            // The info budget is shared, the first sections first: a screen holds every ERR and WARN before it.
            var budget = maxInfo
            for section in sections {
                lines += ["", "#### \(Self.cell(section.headline))"]
                let infos = section.summary.groups.filter { $0.grade == .info }.count
                lines += section.summary.markdownBody(maxInfo: min(budget, infos))
                budget -= min(budget, infos)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func markdownBody(maxInfo: Int) -> [String] {
        var lines: [String] = []
        let all = self.lines
        let shown = all.filter { $0.grade != .info } + all.filter { $0.grade == .info }.prefix(maxInfo)
        if !shown.isEmpty {
            lines += ["", "| grade | change | cases | endpoints | e.g. |", "|---|---|---:|---|---|"]
            for line in shown {
                let endpoints = line.endpoints.isEmpty ? "all" : Self.cell(Self.examples(line.endpoints)).replacingOccurrences(of: " fixtures)", with: ")")
                lines.append("| \(line.grade.rawValue) | \(Self.cell(line.text)) | \(line.calls) | \(endpoints) | "
                             + "\(Self.cell(line.fixtures.prefix(2).joined(separator: ", "))) |")
            }
            let hidden = all.filter { $0.grade == .info }.count - min(maxInfo, all.filter { $0.grade == .info }.count)
            if hidden > 0 { lines.append("| INFO | … and \(hidden) more info changes (fields the model does not read): see the JSON report | | | |") }
        } else if unanswered.isEmpty {
            lines += ["", "No drift: every compared answer has the recorded shape."]
        }
        if !unreproduced.isEmpty {
            // One line whatever the statuses: a healthy server reproduces none of the 429s and 5xx.
            lines += ["", "**Error fixtures the server does not reproduce** (kept, not compared): \(unreproducedCounts) "
                      + "(\(Self.cell(Self.examples(unreproduced.flatMap(\.fixtures)))))"]
        }
        if !notAsked.isEmpty {
            lines += ["", "**Error fixtures not asked live** (no request provokes them; checked in replay and against the emulator): "
                      + "\(notAskedCounts) (\(Self.cell(Self.examples(notAsked.flatMap(\.fixtures)))))"]
        }
        if !unanswered.isEmpty {
            lines += ["", "**Calls with no answer** (drift unknown):", ""]
            for item in unanswered {
                lines.append("- \(Self.cell(item.reason)): \(plural(item.fixtures.count, "case")) (\(Self.cell(Self.examples(item.fixtures))))")
            }
        }
        return lines
    }

    static func cell(_ text: some StringProtocol) -> String {
        String(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
