import Foundation
import FoursquarePlaces

/// One testcase's result: (fixture, auth style, check) and its verdict.
package struct CaseResult: Sendable, Hashable {
    /// The endpoint id, used as the JUnit classname.
    package var endpoint: String
    /// Fixture path relative to the fixtures folder.
    package var fixture: String
    package var auth: AuthStyle?
    package var check: CheckName
    /// Seconds.
    package var time: Double
    package var verdict: Verdict
    /// Extra lines for the testcase's system-out (drift notes, hints).
    package var notes: String?
    /// Where in the fixture the problem is, when the loader knows (annotations carry it).
    package var line: Int?
    package var column: Int?
    /// Warnings in `notes` the run counts (`--openapi-warn`, rules an override demoted).
    package var warnings = 0
    /// Each violation the failing verdict stands for, one line each (`--openapi` lists every one): the baseline
    /// judges them one by one, so a new violation cannot hide behind a known one in the same answer.
    package var findings: [String] = []

    package init(endpoint: String, fixture: String, auth: AuthStyle?, check: CheckName, time: Double = 0,
                verdict: Verdict, notes: String? = nil) {
        self.endpoint = endpoint
        self.fixture = fixture
        self.auth = auth
        self.check = check
        self.time = time
        self.verdict = verdict
        self.notes = notes
    }

    /// The prefix of the `flaky:` line a live case that passed only after retries carries in its notes: one line
    /// under its name in the suite's system-out, which every JUnit consumer shows.
    package static let flakyMarker = "flaky:"

    /// `place-details/404-not-found.json [bearer] request`, or `place-details/404-not-found.json error-mapping`.
    package var name: String {
        if let auth { return "\(fixture) [\(auth)] \(check.rawValue)" }
        return "\(fixture) \(check.rawValue)"
    }

    /// The testcase for a file that did not load, or a fixture no call plan can be made for.
    package static func loadError(path: String, suite: String, error: FixtureError) -> CaseResult {
        var result = CaseResult(endpoint: suite, fixture: path, auth: nil, check: .load,
                                verdict: .error(message: error.description, detail: error.description))
        result.line = error.line
        result.column = error.column
        return result
    }
}
