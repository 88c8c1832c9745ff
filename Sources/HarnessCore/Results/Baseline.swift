import Foundation
import FoursquarePlaces

/// Known findings a team cannot fix today, each with a reason and an end date: `--baseline FILE` (or the project
/// file's `baseline`), written by `--update-baseline`.
///
/// ```json
/// {"entries": [{"fingerprint": "seed/place-search drift $.results[*].geocodes removed",
///               "reason": "handled in the next sprint (@maps-team)", "expires": "2026-12-31"}]}
/// ```
///
/// A fingerprint is the operation (contract/endpoint), the check, the JSON path and the kind of change: it does
/// not depend on the order of fixtures, their names or when they were recorded. A finding in the baseline is
/// known (listed, not failing) until its entry expires; then it fails again and says so.
package struct Baseline: Sendable, Equatable {
    package struct Entry: Sendable, Hashable, Codable {
        package var fingerprint: String
        package var reason: String
        /// `YYYY-MM-DD`, the entry holding through that day (UTC); or `never`, for a flaw accepted for the life of a
        /// document version.
        package var expires: String

        package init(fingerprint: String, reason: String, expires: String) {
            self.fingerprint = fingerprint
            self.reason = reason
            self.expires = expires
        }

        /// `seed/place-search`: the fingerprint's operation.
        package var operation: String { String(fingerprint.prefix { $0 != " " }) }

        package func isExpired(today: String) -> Bool { expires != Baseline.never && expires < today }
    }

    package var entries: [Entry] = []

    package init(entries: [Entry] = []) { self.entries = entries }

    /// The `expires` of an entry that holds until it is removed.
    package static let never = "never"

    /// How long an entry `--update-baseline` adds holds: 30 days unless the user says otherwise, so that a finding
    /// accepted in a hurry comes back for review within a month.
    package static let defaultExpiryDays = 30

    struct File: Codable { var entries: [Entry] }

    /// Reads the file; a missing file is an empty baseline (the first `--update-baseline` writes it).
    package static func load(_ url: URL) throws(FixtureError) -> Baseline {
        guard FileManager.default.fileExists(atPath: url.path) else { return Baseline() }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
        } catch {
            throw FixtureError(file: url.path, reason: "not a baseline file ({\"entries\": [{\"fingerprint\", \"reason\", \"expires\"}]}): "
                               + "\(error.localizedDescription); fix it or write it again with --update-baseline")
        }
        for entry in file.entries where !Self.isDate(entry.expires) && entry.expires != never {
            throw FixtureError(file: url.path, reason: "entry '\(entry.fingerprint)': expires '\(entry.expires)' is not a YYYY-MM-DD date or \"never\"")
        }
        return Baseline(entries: file.entries)
    }

    package func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(encoder.encode(File(entries: entries.sorted { $0.fingerprint < $1.fingerprint })) + Data("\n".utf8), to: url)
    }

    /// Whether `text` is a calendar day, `YYYY-MM-DD` (`2026-13-01` and `2026-02-30` are not).
    package static func isDate(_ text: String) -> Bool {
        guard text.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil else { return false }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        guard let date = calendar.date(from: components) else { return false }
        return calendar.dateComponents([.year, .month, .day], from: date) == components
    }

    /// Today (UTC) as `YYYY-MM-DD`, `days` ahead.
    package static func day(_ days: Int = 0, from now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: now.addingTimeInterval(Double(days) * 86_400))
    }

    /// `2025-06-17/place-search drift $.results[*].geocodes removed`.
    package static func fingerprint(contract: ContractID, endpoint: String, check: String, path: String, kind: String) -> String {
        "\(contract)/\(endpoint) \(check) \(path) \(kind)"
    }

    /// The fingerprint of a failing live check (`run --live`, `live-openapi`): the operation, the check, and what
    /// failed in words, with array indices, place ids and numbers taken out so it holds from night to night.
    package static func fingerprint(contract: ContractID, endpoint: String, check: String, message: String) -> String {
        var text = String(message.split(separator: "\n").first ?? "")
        for (pattern, replacement) in [(#"\[\d+\]"#, "[*]"), (#"/\d+(/|$)"#, "/*$1"), (#"\b[0-9a-f]{24}\b"#, "<id>"), (#"\d+(\.\d+)?"#, "N"),
                                       (#"\s+"#, " ")] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return fingerprint(contract: contract, endpoint: endpoint, check: check, path: "-", kind: shortened(text))
    }

    /// Longest text a fingerprint keeps of a message.
    static let messageLimit = 200

    /// `text` when it fits `messageLimit`; else cut at the last word boundary before it, ending with `… #` and a
    /// hash of the whole text, so two messages that differ only past the cut keep different fingerprints.
    static func shortened(_ text: String) -> String {
        guard text.count > messageLimit else { return text }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let tag = "… #" + String(hash, radix: 16)
        let head = text.prefix(messageLimit - tag.count)
        let cut = head.lastIndex(of: " ").map { head[..<$0] } ?? head
        return String(cut) + " " + tag
    }

    /// The entry for a fingerprint, if any. An entry written before findings were one violation each
    /// (`… (and N more)`, the count masked as `N`) still stands for the violation it names first.
    /// A drift entry written before a change was one per schema pointer (`$.results[0].distance undecodable`) still
    /// stands for that change (`$.results[*].distance type-changed`).
    package func entry(_ fingerprint: String) -> Entry? {
        entries.first { $0.fingerprint == fingerprint }
            ?? entries.first { $0.fingerprint.hasSuffix(Self.legacyMore) && String($0.fingerprint.dropLast(Self.legacyMore.count)) == fingerprint }
            ?? entries.first { Self.legacyDrift($0.fingerprint).contains(fingerprint) }
    }

    /// What an older drift fingerprint stands for now, a change being one per schema pointer: its path (every array index
    /// `[*]`), and a decoder's failure there as the type change it is.
    static func legacyDrift(_ fingerprint: String) -> [String] {
        guard fingerprint.contains(" drift ") else { return [] }
        let pointer = fingerprint.replacingOccurrences(of: #"\[\d+\]"#, with: "[*]", options: .regularExpression)
        let undecodable = " undecodable"
        var forms = pointer == fingerprint ? [] : [pointer]
        if pointer.hasSuffix(undecodable) { forms.append(String(pointer.dropLast(undecodable.count)) + " type-changed") }
        return forms
    }

    /// What a fingerprint of several violations ended with before 0.3.0.
    static let legacyMore = " (and N more)"

    /// The baseline after a run: every finding in it (an entry kept keeps its reason and date; a new one says to
    /// give them), without the entries the run found fixed; entries of operations the run did not cover stay.
    /// `expires` is what new entries get (`--baseline-expires`): a date, or `never`. A legacy entry is written
    /// again as the one violation it named, keeping its reason and date.
    package func updated(findings: Set<String>, covered: Set<String>, today: String = Baseline.day(),
                        expires: String = Baseline.day(Baseline.defaultExpiryDays)) -> Baseline {
        let exact = Set(entries.map(\.fingerprint))
        var kept = entries.filter { findings.contains($0.fingerprint) || !covered.contains($0.operation) }
        for finding in findings.sorted() where !exact.contains(finding) {
            if let legacy = entry(finding) {
                kept.append(Entry(fingerprint: finding, reason: legacy.reason, expires: legacy.expires))
            } else {
                kept.append(Entry(fingerprint: finding, reason: "known since \(today): give the reason and who owns it", expires: expires))
            }
        }
        return Baseline(entries: kept)
    }

    /// New findings (not in the file) that every operation of `covered` (those that answered) shows in the same way
    /// (the same check, path and change: a fingerprint's text after its operation), by that change, when two
    /// operations answered at least. Such a change is the whole API's, or something other than the API answering, not a finding of one
    /// operation: `--update-baseline` writes it only when a flag names it (`--accept-uniform-change`).
    package func uniformChanges(findings: Set<String>, covered: Set<String>) -> [String: Set<String>] {
        guard covered.count >= 2 else { return [:] }
        let new = findings.filter { entry($0) == nil }
        var byChange: [String: Set<String>] = [:]
        for finding in new {
            let operation = String(finding.prefix { $0 != " " })
            guard covered.contains(operation) else { continue }
            byChange[String(finding.dropFirst(operation.count + 1)), default: []].insert(finding)
        }
        return byChange.filter { _, fingerprints in Set(fingerprints.map { String($0.prefix { $0 != " " }) }) == covered }
    }

    /// `--baseline-expires`' value as an `expires`: days from today, a `YYYY-MM-DD` date, or `never`; nil when it
    /// is none of these.
    package static func expiry(parsing text: String, from now: Date = Date()) -> String? {
        if text == never || isDate(text) { return text }
        if let days = Int(text), days > 0 { return day(days, from: now) }
        return nil
    }
}

/// One run's use of a baseline: which findings it knew, which entries have expired, and which are fixed.
package final class BaselineUse: Sendable {
    package let baseline: Baseline
    package let today: String
    /// `--update-baseline` on a run that judges while it writes its report (the nightly's live checks): a finding
    /// the baseline does not know is accepted, as the file written after the run will know it, not failed.
    package let accepts: Bool
    private let state = Locked<(findings: Set<String>, known: Set<String>, expired: Set<String>, covered: Set<String>,
                                notJudged: Set<String>, answered: Set<String>)>(([], [], [], [], [], []))

    package init(_ baseline: Baseline, today: String = Baseline.day(), accepts: Bool = false) {
        self.baseline = baseline
        self.today = today
        self.accepts = accepts
    }

    /// How a failing case's findings stand against the baseline.
    package enum Standing: Sendable {
        /// Not every finding is in the baseline: the case fails, for these findings the baseline does not know.
        case new(unknown: [String])
        /// Every finding is known and in date: the case passes, with these notes.
        case known(String)
        /// Every finding is in the baseline but an entry has expired: the case fails, naming it.
        case expired(String)
    }

    /// Notes an operation the run got an answer from (for fixed entries).
    package func covered(_ operation: String) { state.withLock { _ = $0.covered.insert(operation) } }

    /// Notes one call of `operation` to a fixture that recorded `recorded`: an answer of the recorded status class
    /// judges the operation (its entries can be fixed); an answer that could not show the fixture's findings (none,
    /// a 5xx or 429 the fixture did not record, anything but a 2xx for a 2xx, a stale fixture) keeps every entry of
    /// the operation unchecked, since the finding could have recurred in the answer the run did not get.
    package func answered(_ operation: String, recorded: Int, live: Int?, stale: Bool = false) {
        // A refusal (401/403, even one the fixture recorded) says nothing about the operation's findings.
        let judged = live.map { !stale && $0 / 100 == recorded / 100 && $0 != 401 && $0 != 403 } ?? false
        let blind = stale || live.map { ($0 >= 500 || $0 == 429) && $0 != recorded || (200...299).contains(recorded) && !(200...299).contains($0) } ?? true
        state.withLock { state in
            if live != nil { state.answered.insert(operation) }
            if judged { state.covered.insert(operation) }
            if blind { state.notJudged.insert(operation) }
        }
    }

    package func judge(_ fingerprints: [String]) -> Standing {
        guard !fingerprints.isEmpty else { return .new(unknown: []) }
        state.withLock { $0.findings.formUnion(fingerprints) }
        let entries = fingerprints.map(baseline.entry)
        let unknown = zip(fingerprints, entries).filter { $0.1 == nil }.map(\.0)
        let found = entries.compactMap { $0 }
        let expired = found.filter { $0.isExpired(today: today) }
        // Every finding of the case is counted, whatever decides its verdict: one beside a new or an expired
        // finding still recurred, so it is known (or expired), not "not checked".
        let known = zip(fingerprints, entries).compactMap { pair -> String? in
            guard let entry = pair.1, !entry.isExpired(today: today) else { return nil }
            return pair.0
        }
        state.withLock {
            $0.known.formUnion(known)
            $0.expired.formUnion(expired.map(\.fingerprint))
        }
        guard unknown.isEmpty || accepts else { return .new(unknown: unknown) }
        if let expired = expired.first {
            return .expired("baseline entry '\(expired.fingerprint)' expired on \(expired.expires) (\(expired.reason)): the finding fails again; "
                            + "fix it, or give the entry a new date")
        }
        let accepted = unknown.map { "accepted into the baseline this run (--update-baseline): \($0)" }
        return .known((found.map { "known (baseline, until \($0.expires)): \($0.fingerprint): \($0.reason)" } + accepted).joined(separator: "\n"))
    }

    /// Applies the baseline to a fixture's live cases: a failing case whose findings are all known passes with a
    /// note; one with a new finding fails naming the new ones only; one whose entry expired fails naming it. A case
    /// that lists its violations (`CaseResult.findings`) is judged violation by violation.
    package func apply(to results: inout [CaseResult], contract: ContractID, endpoint: String) {
        for index in results.indices where results[index].verdict.isProblem {
            let message: String, detail: String
            switch results[index].verdict {
            case let .fail(text, more), let .error(text, more): (message, detail) = (text, more)
            default: continue
            }
            let check = results[index].check.rawValue
            let violations = results[index].findings.isEmpty ? [message] : results[index].findings
            let fingerprints = violations.map { Baseline.fingerprint(contract: contract, endpoint: endpoint, check: check, message: $0) }
            switch judge(fingerprints) {
            case let .new(unknown):
                let known = knownEntries(among: fingerprints)
                guard known > 0 else { break }
                var seen: Set<String> = []
                let new = zip(violations, fingerprints).filter { unknown.contains($0.1) && seen.insert($0.1).inserted }.map(\.0)
                let text = "new finding\(new.count == 1 ? "" : "s") beside \(known) known in the baseline: " + new.joined(separator: "; ")
                results[index].verdict = .fail(message: text, detail: text + "\n" + detail)
            case let .known(note):
                results[index].verdict = .pass
                results[index].notes = [note, message].joined(separator: "\n")
            case let .expired(text):
                results[index].verdict = .fail(message: text, detail: text + "\n" + message)
            }
        }
    }

    /// How many entries `fingerprints` match. Several violations can share one entry (one finding at many places):
    /// lines count entries, as the file holds them.
    package func knownEntries(among fingerprints: [String]) -> Int {
        Set(fingerprints.compactMap { baseline.entry($0)?.fingerprint }).count
    }

    /// Every finding the run made, known or not.
    package var findings: Set<String> { state.current.findings }
    package var known: [String] { state.current.known.sorted() }
    package var expired: [Baseline.Entry] { baseline.entries.filter { state.current.expired.contains($0.fingerprint) } }
    /// Operations the run judged every call of: `--update-baseline` removes an entry only there. None once the run
    /// is held (`hold`).
    package var coveredOperations: Set<String> { held.current ? [] : state.current.covered.subtracting(state.current.notJudged) }

    private let held = Locked(false)

    /// A run that could not judge every case: it marks no entry fixed (its entries read "not checked"), as it
    /// writes no baseline.
    package func hold() { held.withLock { $0 = true } }

    /// Entries whose finding did not occur in an operation the run covered, every call of which it could judge (an
    /// older entry a finding still matches is not fixed).
    package var fixed: [Baseline.Entry] {
        let current = state.current
        let matched = Set(current.findings.compactMap { baseline.entry($0)?.fingerprint })
        let covered = coveredOperations
        return baseline.entries.filter { !matched.contains($0.fingerprint) && covered.contains($0.operation) }
    }

    /// The entries the run's known findings matched, each once (an older entry may stand for a finding).
    var knownEntries: Set<String> { Set(known.compactMap { baseline.entry($0)?.fingerprint }) }

    /// Takes in what another pass over the same night found (the nightly's drift and live checks judge one
    /// baseline): its findings, known and expired entries, and the operations it got answers from.
    package func absorb(_ other: BaselineUse) {
        let theirs = other.state.current
        state.withLock { mine in
            mine.findings.formUnion(theirs.findings)
            // A pass that judged against more than this file (the nightly's live checks see drift's findings
            // accepted this night) knows findings the file has no entry for: those are new to the file, not known.
            mine.known.formUnion(theirs.known.filter { baseline.entry($0) != nil })
            mine.expired.formUnion(theirs.expired)
            mine.covered.formUnion(theirs.covered)
            mine.notJudged.formUnion(theirs.notJudged)
            mine.answered.formUnion(theirs.answered)
        }
    }

    /// The operations that answered at all, whatever the status: what a change every operation shows is counted over.
    package var answeredOperations: Set<String> { state.current.answered.union(state.current.covered) }

    /// Entries neither known, expired nor fixed this run: their operation got no answer, or their finding is not
    /// one this run's checks make.
    package var unchecked: Int {
        let accounted = knownEntries.union(expired.map(\.fingerprint)).union(fixed.map(\.fingerprint))
        return baseline.entries.filter { !accounted.contains($0.fingerprint) }.count
    }

    /// The terminal's lines: known findings, expired entries, fixed entries; the first line accounts for every entry.
    package func lines(path: String) -> [String] {
        let knownEntries = self.knownEntries.count
        var lines = ["baseline \(path): \(baseline.entries.count) \(baseline.entries.count == 1 ? "entry" : "entries"): "
                     + "\(knownEntries) known (not failing), \(expired.count) expired, \(fixed.count) fixed, \(unchecked) not checked"
                     + (known.count > knownEntries ? "; \(known.count) known findings, some through one older entry" : "")]
        lines += known.prefix(20).map { "  known: \($0)" }
        if known.count > 20 { lines.append("  … \(known.count - 20) more known") }
        lines += expired.map { "  EXPIRED: \($0.fingerprint) (expired \($0.expires): \($0.reason))" }
        lines += fixed.map { "  fixed: \($0.fingerprint) no longer occurs (--update-baseline removes it)" }
        return lines
    }
}
