import Foundation
import FoursquarePlaces
import HarnessCore

/// A drift run told as a changelog, as oasdiff tells an API's: breaking, warning and info changes with the fields and
/// fixtures each touches, the stale fixtures, and the baseline's entries with their expiry.
package struct DriftChangelog: Sendable {
    /// A change's weight, in a changelog's words.
    package enum Level: String, Sendable, CaseIterable {
        case breaking, warning, info
    }

    /// One distinct change, seen in `calls` calls.
    package struct Change: Sendable, Hashable {
        /// Breaking, warning or info.
        package var level: Level
        /// `removed`, `type-changed`, `refused`, `gone`…
        package var kind: String
        /// The field (`$.results[*].name`), the auth style, or the request.
        package var field: String
        /// What changed, in words.
        package var phrase: String
        /// The endpoints that showed it.
        package var endpoints: [String]
        /// The fixtures whose answers showed it.
        package var fixtures: [String]
        /// Calls (fixture × style) that showed it.
        package var calls: Int

        /// A change given field by field.
        package init(level: Level, kind: String, field: String, phrase: String, endpoints: [String], fixtures: [String], calls: Int) {
            self.level = level
            self.kind = kind
            self.field = field
            self.phrase = phrase
            self.endpoints = endpoints
            self.fixtures = fixtures
            self.calls = calls
        }
    }

    /// A baseline entry as this run found it.
    package struct Entry: Sendable, Hashable {
        /// What this run found of the entry.
        package enum Standing: String, Sendable { case known, expired, fixed, unused = "not seen" }
        /// The finding the entry names.
        package var fingerprint: String
        /// Why it is known.
        package var reason: String
        /// `YYYY-MM-DD`, or `never`.
        package var expires: String
        /// What this run found of it.
        package var standing: Standing

        /// An entry given field by field.
        package init(fingerprint: String, reason: String, expires: String, standing: Standing) {
            self.fingerprint = fingerprint
            self.reason = reason
            self.expires = expires
            self.standing = standing
        }
    }

    /// The drift summary's headline.
    package var headline: String
    /// The distinct changes, breaking first.
    package var changes: [Change]
    /// Fixtures whose place is gone (data churn, not drift).
    package var stale: [StaleFixture]
    /// The baseline file, when the run used one.
    package var baselinePath: String?
    /// The baseline's entries as this run found them.
    package var baseline: [Entry]

    /// A changelog given part by part.
    package init(headline: String, changes: [Change], stale: [StaleFixture] = [], baselinePath: String? = nil, baseline: [Entry] = []) {
        self.headline = headline
        self.changes = changes
        self.stale = stale
        self.baselinePath = baselinePath
        self.baseline = baseline
    }

    /// Changes at `level`.
    package func count(_ level: Level) -> Int { changes.filter { $0.level == level }.count }
}
