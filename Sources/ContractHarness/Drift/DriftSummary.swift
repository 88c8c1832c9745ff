import Foundation
import FoursquarePlaces

/// A drift run read in one screen: the same change across fixtures and styles is one line with a count and two
/// examples, worst first; a style the server refuses everywhere is one line; error fixtures the server does not
/// reproduce have their own short section; and the contract the server speaks is named.
public struct DriftSummary: Sendable {
    /// One change seen in one or more calls.
    public struct Group: Sendable {
        public var grade: DriftGrade
        public var kind: DriftChange.Kind
        public var path: String
        /// The change's detail without per-call counts, the same for every call in the group.
        public var phrase: String
        public var endpoints: [String] = []
        public var fixtures: [String] = []
        /// Calls (fixture × style) that showed it.
        public var calls = 0
    }

    /// A style the server refused on every call made with it.
    public struct Refusal: Sendable {
        public var auth: AuthStyle
        public var statuses: [Int]
        public var calls: Int
        public var endpoints: Int
    }

    /// Error fixtures recorded with one status that the server answered with another class.
    public struct Unreproduced: Sendable {
        public var recorded: Int
        public var live: Int
        public var fixtures: [String]
    }

    /// Breaking changes per contract of the fixtures.
    public struct ContractTally: Sendable {
        public var contract: String
        public var breaking: Int
        /// Calls that got a comparable answer (not refused, not unreproducible).
        public var compared: Int
    }

    public private(set) var groups: [Group] = []
    public private(set) var refusals: [Refusal] = []
    public private(set) var unreproduced: [Unreproduced] = []
    /// Calls with no answer, grouped by the reason.
    public private(set) var unanswered: [(reason: String, fixtures: [String])] = []
    public private(set) var contracts: [ContractTally] = []
    public let calls: Int
    public let brokenFiles: Int

    /// Distinct breaking findings: ERR groups plus refused styles.
    public var breaking: Int { groups.filter { $0.grade == .err }.count + refusals.count }

    public init(_ run: DriftRun) {
        self.init(results: run.results, brokenFiles: run.broken.count)
        let byContract = Dictionary(grouping: run.results, by: \.contract)
        contracts = byContract.keys.sorted { Self.contractOrder($0) < Self.contractOrder($1) }.map { contract in
            let part = DriftSummary(results: byContract[contract]!, brokenFiles: 0)
            return ContractTally(contract: contract, breaking: part.breaking,
                                 compared: part.comparable(byContract[contract]!).count)
        }
    }

    init(results: [DriftResult], brokenFiles: Int) {
        calls = results.count
        self.brokenFiles = brokenFiles
        let answered = results.filter { $0.liveStatus != nil }
        for auth in AuthStyle.allCases {
            let mine = answered.filter { $0.auth == auth }
            // Every answer 401/403, and at least one where the fixture recorded something else.
            guard mine.contains(where: \.refused), mine.allSatisfy({ $0.liveStatus == 401 || $0.liveStatus == 403 }) else { continue }
            refusals.append(Refusal(auth: auth, statuses: Set(mine.compactMap(\.liveStatus)).sorted(), calls: mine.count,
                                    endpoints: Set(mine.map(\.endpoint)).count))
        }
        var index: [String: Int] = [:]
        for result in comparable(results) {
            for change in result.changes {
                let phrase = Self.phrase(change.detail)
                let key = "\(change.grade.rawValue)|\(change.kind.rawValue)|\(change.path)|\(phrase)"
                if index[key] == nil {
                    index[key] = groups.count
                    groups.append(Group(grade: change.grade, kind: change.kind, path: change.path, phrase: phrase))
                }
                let at = index[key]!
                groups[at].calls += 1
                if !groups[at].endpoints.contains(result.endpoint) { groups[at].endpoints.append(result.endpoint) }
                if !groups[at].fixtures.contains(result.fixture) { groups[at].fixtures.append(result.fixture) }
            }
        }
        groups.sort { ($0.grade, $0.calls, $1.path) > ($1.grade, $1.calls, $0.path) }
        var unreproducedIndex: [String: Int] = [:]
        for result in results where result.unreproducible {
            let key = "\(result.recordedStatus)>\(result.liveStatus ?? 0)"
            if let at = unreproducedIndex[key] {
                if !unreproduced[at].fixtures.contains(result.fixture) { unreproduced[at].fixtures.append(result.fixture) }
            } else {
                unreproducedIndex[key] = unreproduced.count
                unreproduced.append(Unreproduced(recorded: result.recordedStatus, live: result.liveStatus ?? 0, fixtures: [result.fixture]))
            }
        }
        var reasons: [String: Int] = [:]
        for result in results where result.liveStatus == nil {
            let reason = Self.phrase(result.problem ?? "no answer")
            if let at = reasons[reason] {
                unanswered[at].fixtures.append(result.fixture)
            } else {
                reasons[reason] = unanswered.count
                unanswered.append((reason, [result.fixture]))
            }
        }
    }

    /// Results whose changes say something about the API: answered, in a style the server accepts, and not an
    /// error fixture it cannot reproduce.
    func comparable(_ results: [DriftResult]) -> [DriftResult] {
        let refused = Set(refusals.map(\.auth))
        return results.filter { $0.liveStatus != nil && !refused.contains($0.auth) && !$0.unreproducible }
    }

    /// The contract every compared call of which agrees with the server, if exactly that can be said.
    public var spokenContract: String? {
        contracts.filter { $0.breaking == 0 && $0.compared > 0 }.max { $0.compared < $1.compared }?.contract
    }

    /// "the server speaks 2025-06-17 (0 breaking); seed: 14 breaking".
    public var contractLine: String {
        let others = contracts.filter { $0.contract != spokenContract }
            .map { "\($0.contract): \(plural($0.breaking, "breaking change"))" }
        if let spoken = spokenContract {
            return (["the server speaks \(spoken) (0 breaking)"] + others).joined(separator: "; ")
        }
        if contracts.allSatisfy({ $0.compared == 0 }) {
            return "which contract the server speaks is unknown: no call got an answer that could be compared"
        }
        if contracts.count == 1, let only = contracts.first {
            return "the server does not speak \(only.contract) as recorded (\(plural(only.breaking, "breaking change")))"
        }
        return "the server matches none of the fixtures' contracts: " + others.joined(separator: "; ")
    }

    static func contractOrder(_ contract: String) -> Int { Contracts.known.firstIndex(of: contract) ?? Int.max }

    /// The detail without what varies per call: "removed from 3 of 10 elements" reads as "removed".
    static func phrase(_ detail: String) -> String {
        detail.replacingOccurrences(of: #" from \d+ of \d+ elements"#, with: "", options: .regularExpression)
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
    public var headline: String {
        let counts = Dictionary(grouping: groups, by: \.grade).mapValues(\.count)
        var parts = ["\(breaking) breaking", "\(counts[.warn] ?? 0) warning", "\(counts[.info] ?? 0) info"]
            .map { $0 }
        parts[0] += refusals.isEmpty ? "" : " (\(plural(refusals.count, "refused style")))"
        var line = "drift: " + parts.joined(separator: ", ") + " (distinct changes) over \(plural(calls, "call"))"
        let unanswerable = unanswered.reduce(0) { $0 + $1.fixtures.count }
        if unanswerable > 0 { line += "; \(unanswerable) got no answer, so their drift is unknown" }
        if brokenFiles > 0 { line += "; \(plural(brokenFiles, "fixture file")) did not load" }
        return line
    }

    /// The terminal's view: the same lines as the markdown, without tables.
    public func terminal(maxInfo: Int = 5) -> String {
        var lines: [String] = []
        if contracts.count > 0 { lines.append("drift: " + contractLine) }
        for refusal in refusals { lines.append("ERR  " + Self.refusalLine(refusal)) }
        var info = 0
        for group in groups {
            if group.grade == .info { info += 1; if info > maxInfo { continue } }
            lines.append("\(group.grade.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)) \(group.path): \(group.phrase) "
                         + "[\(plural(group.calls, "call")); \(Self.examples(group.fixtures))]")
        }
        if info > maxInfo { lines.append("INFO … and \(info - maxInfo) more (see --summary or --json)") }
        for item in unreproduced {
            lines.append("KEPT \(item.recorded) answered \(item.live): not reproducible live, not compared "
                         + "[\(Self.examples(item.fixtures))]")
        }
        for item in unanswered { lines.append("NONE \(item.reason) [\(Self.examples(item.fixtures))]") }
        if groups.isEmpty, refusals.isEmpty, unanswered.isEmpty, brokenFiles == 0 { lines.append("drift: no changes") }
        lines.append(headline)
        return lines.joined(separator: "\n")
    }

    static func refusalLine(_ refusal: Refusal) -> String {
        let statuses = refusal.statuses.map(String.init).joined(separator: "/")
        return "\(refusal.auth.rawValue): \(statuses) on every endpoint (\(plural(refusal.calls, "call")), "
            + "\(plural(refusal.endpoints, "endpoint"))): the server refuses this auth style"
    }

    /// Markdown for a pull-request comment or `$GITHUB_STEP_SUMMARY`, sized for one screen: every breaking
    /// change and warning, at most `maxInfo` info lines, then the error fixtures the server cannot reproduce.
    public func markdown(baseURL: String, maxInfo: Int = 8) -> String {
        var lines = ["### API drift against \(Self.cell(baseURL))", ""]
        lines.append("**\(Self.cell(headline.replacingOccurrences(of: "drift: ", with: "")))**")
        if contracts.count > 0 { lines.append(""); lines.append(Self.cell(contractLine.prefix(1).uppercased() + contractLine.dropFirst()) + ".") }
        let shown = groups.filter { $0.grade != .info } + groups.filter { $0.grade == .info }.prefix(maxInfo)
        if !refusals.isEmpty || !shown.isEmpty {
            lines += ["", "| grade | change | calls | endpoints | e.g. |", "|---|---|---:|---|---|"]
            for refusal in refusals {
                lines.append("| ERR | \(Self.cell(Self.refusalLine(refusal))) | \(refusal.calls) | all | |")
            }
            for group in shown {
                lines.append("| \(group.grade.rawValue) | `\(Self.cell(group.path))` \(Self.cell(group.phrase)) | \(group.calls) | "
                             + "\(Self.cell(Self.examples(group.endpoints)).replacingOccurrences(of: " fixtures)", with: ")")) | "
                             + "\(Self.cell(group.fixtures.prefix(2).joined(separator: ", "))) |")
            }
            let hidden = groups.filter { $0.grade == .info }.count - min(maxInfo, groups.filter { $0.grade == .info }.count)
            if hidden > 0 { lines.append("| INFO | … and \(hidden) more info changes (fields the model does not read): see the JSON report | | | |") }
        } else if unanswered.isEmpty {
            lines += ["", "No drift: every compared answer has the recorded shape."]
        }
        if !unreproduced.isEmpty {
            lines += ["", "**Error fixtures the server does not reproduce** (kept, not compared):", ""]
            for item in unreproduced {
                lines.append("- recorded \(item.recorded), answered \(item.live): \(plural(item.fixtures.count, "fixture")) "
                             + "(\(Self.cell(Self.examples(item.fixtures))))")
            }
        }
        if !unanswered.isEmpty {
            lines += ["", "**Calls with no answer** (drift unknown):", ""]
            for item in unanswered {
                lines.append("- \(Self.cell(item.reason)): \(plural(item.fixtures.count, "call")) (\(Self.cell(Self.examples(item.fixtures))))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func cell(_ text: some StringProtocol) -> String {
        String(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
