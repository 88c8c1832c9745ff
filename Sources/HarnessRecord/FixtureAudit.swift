import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// `fsq-contract fixtures audit`: which fixtures hold the provider's raw values, how old each is, and whether the
/// project's policy allows them.
///
/// A fixture holds raw values when it was recorded with `values: raw`, or recorded without `values` (before record
/// synthesized them). Hand-written fixtures (`source: authored`) hold what their author wrote. A file that does not
/// load cannot be judged, and fails the audit rather than pass by default.
package struct FixtureAudit: Sendable {
    /// One fixture holding raw values.
    package struct Entry: Sendable, Hashable {
        package var fixture: String
        /// `recorded.at` as written; nil when the file does not say.
        package var recordedAt: String?
        /// Whole days since `recordedAt`; nil when it is absent or unreadable.
        package var days: Int?
        /// Why the audit fails on it, or nil when the policy allows it.
        package var failure: String?
    }

    /// The project's `keepValues`: false (the default) allows no raw fixture at all.
    package let keepValues: Bool
    /// The project's `fixtureMaxAgeDays`.
    package let maxDays: Int?
    /// The fixtures holding raw values, oldest first (unknown age first of all).
    package let entries: [Entry]
    /// Files that did not load: the audit cannot tell what they hold.
    package let unreadable: [String]
    package let checked: Int

    package init(_ fixtures: [LoadedFixture], keepValues: Bool, maxDays: Int?, now: Date = Date()) {
        self.keepValues = keepValues
        self.maxDays = maxDays
        let formatter = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var entries: [Entry] = []
        var unreadable: [String] = []
        for loaded in fixtures {
            switch loaded {
            case let .broken(path, _, error): unreadable.append("\(path): \(error.reason)")
            case let .fixture(fixture):
                guard fixture.recorded.holdsRawValues else { continue }
                let at = fixture.recorded.at
                let days = at.flatMap { formatter.date(from: $0) ?? fractional.date(from: $0) }.map { Int(now.timeIntervalSince($0) / 86_400) }
                var failure: String?
                if !keepValues {
                    failure = "raw values under keepValues: false (scrub it with fsq-contract fixtures scrub, or set keepValues: true "
                        + "in the project file where your plan permits keeping Foursquare data)"
                } else if let maxDays {
                    if let days, days > maxDays {
                        failure = "raw values recorded \(days) days ago, older than fixtureMaxAgeDays (\(maxDays)); re-record or scrub it"
                    } else if days == nil {
                        failure = "raw values with no readable recorded.at: its age cannot be told against fixtureMaxAgeDays (\(maxDays))"
                    }
                }
                entries.append(Entry(fixture: fixture.relativePath, recordedAt: at, days: days, failure: failure))
            }
        }
        self.entries = entries.sorted { ($0.days ?? .max, $1.fixture) > ($1.days ?? .max, $0.fixture) }
        self.unreadable = unreadable
        checked = fixtures.count
    }

    /// True when the policy allows every fixture and every file could be read.
    package var passes: Bool { unreadable.isEmpty && entries.allSatisfy { $0.failure == nil } }

    /// What the command prints: one line per raw fixture and per unreadable file, then the verdict.
    package var lines: [String] {
        var lines: [String] = []
        for entry in entries {
            let age = entry.days.map { "recorded \($0) day\($0 == 1 ? "" : "s") ago" } ?? "age unknown"
            lines.append("\(entry.failure == nil ? "RAW " : "FAIL") \(entry.fixture) (\(age))" + (entry.failure.map { ": \($0)" } ?? ""))
        }
        for file in unreadable { lines.append("FAIL \(file) (cannot tell what it holds)") }
        let policy = "keepValues: \(keepValues)" + (maxDays.map { ", fixtureMaxAgeDays: \($0)" } ?? "")
        let failed = entries.filter { $0.failure != nil }.count + unreadable.count
        lines.append("fixtures audit: \(checked) files, \(entries.count) holding recorded raw values, \(failed) failing (\(policy))")
        return lines
    }
}
