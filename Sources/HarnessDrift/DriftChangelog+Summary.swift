import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessReports

extension DriftChangelog.Level {
    init(_ grade: DriftGrade) {
        switch grade {
        case .err: self = .breaking
        case .warn: self = .warning
        case .info: self = .info
        }
    }
}

extension DriftChangelog {
    /// The changelog of a graded drift run.
    package init(_ summary: DriftSummary, baseline: (path: String, use: BaselineUse)?) {
        var changes = summary.refusals.map { refusal in
            Change(level: .breaking, kind: "refused", field: "auth: \(refusal.auth)",
                   phrase: "every call with the \(refusal.auth) style was refused (HTTP \(refusal.statuses.map(String.init).joined(separator: ", ")))",
                   endpoints: [], fixtures: [], calls: refusal.calls)
        }
        changes += summary.gone.map { gone in
            Change(level: .breaking, kind: "gone", field: gone.request, phrase: "\(gone.contract) \(gone.endpoint) answers 404 to every call",
                   endpoints: [gone.endpoint], fixtures: gone.fixtures, calls: gone.calls)
        }
        changes += summary.groups.map { group in
            Change(level: Level(group.grade), kind: group.kind.rawValue, field: group.path, phrase: group.phrase,
                   endpoints: group.endpoints, fixtures: group.fixtures, calls: group.calls)
        }
        let order = Dictionary(uniqueKeysWithValues: Level.allCases.enumerated().map { ($1, $0) })
        changes.sort { order[$0.level]! < order[$1.level]! }
        var entries: [Entry] = []
        if let use = baseline?.use {
            let known = Set(use.known), expired = Set(use.expired.map(\.fingerprint)), fixed = Set(use.fixed.map(\.fingerprint))
            entries = use.baseline.entries.map { entry in
                let standing: Entry.Standing = expired.contains(entry.fingerprint) ? .expired
                    : known.contains(entry.fingerprint) ? .known : fixed.contains(entry.fingerprint) ? .fixed : .unused
                return Entry(fingerprint: entry.fingerprint, reason: entry.reason, expires: entry.expires, standing: standing)
            }
        }
        self.init(headline: summary.headline, changes: changes, stale: summary.stale, baselinePath: baseline?.path, baseline: entries)
    }
}
