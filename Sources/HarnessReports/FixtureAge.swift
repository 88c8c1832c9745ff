import Foundation
import FoursquarePlaces
import HarnessCore

/// Fixtures recorded longer ago than the project file's `fixtureMaxAgeDays`: a warning, never a failure, so a
/// team re-records before the recordings stop saying what the API answers today. Hand-written fixtures (no
/// `recorded.at`) have no age.
package struct FixtureAge: Sendable {
    /// One old fixture and its age in whole days.
    package struct Old: Sendable, Hashable {
        package var fixture: String
        package var days: Int
    }

    package let maxDays: Int
    /// Oldest first.
    package let old: [Old]

    package init(_ fixtures: [LoadedFixture], maxDays: Int, now: Date = Date()) {
        self.maxDays = maxDays
        let formatter = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var old: [Old] = []
        for case let .fixture(fixture) in fixtures {
            guard let at = fixture.recorded.at, let date = formatter.date(from: at) ?? fractional.date(from: at) else { continue }
            let days = Int(now.timeIntervalSince(date) / 86_400)
            if days > maxDays { old.append(Old(fixture: fixture.relativePath, days: days)) }
        }
        self.old = old.sorted { ($0.days, $1.fixture) > ($1.days, $0.fixture) }
    }

    /// `warning: 2 fixtures were recorded more than 180 days ago (fixtureMaxAgeDays): a.json (400 days), …; …`, or
    /// nothing when none is.
    package var lines: [String] {
        guard !old.isEmpty else { return [] }
        var lines = ["warning: \(plural(old.count, "fixture")) recorded more than \(plural(maxDays, "day")) ago (fixtureMaxAgeDays), "
                     + "not a failure; re-record with fsq-contract record --mode all --filter '<fixture>':"]
        lines += old.prefix(10).map { "  old: \($0.fixture) (recorded \(plural($0.days, "day")) ago)" }
        if old.count > 10 { lines.append("  … \(old.count - 10) more") }
        return lines
    }

    /// The step summary's paragraph, or "" when no fixture is old.
    package var markdown: String {
        guard !old.isEmpty else { return "" }
        var lines = ["", "**Old fixtures** (recorded more than \(plural(maxDays, "day")) ago; a warning, not a failure): \(old.count)", ""]
        lines += old.prefix(10).map { "- `\($0.fixture)`: \(plural($0.days, "day"))" }
        if old.count > 10 { lines.append("- … \(old.count - 10) more") }
        return lines.joined(separator: "\n") + "\n"
    }
}
