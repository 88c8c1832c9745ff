import ArgumentParser
import FoursquarePlaces
import HarnessCore
import HarnessJobs

/// `--auth` and `--api-version`: the auth styles a verb replays or calls with, declared once for run, drift, nightly
/// and record.
package struct AuthFlags: ParsableArguments {
    /// The group before parsing (ArgumentParser fills it in).
    package init() {}

    @Option(name: .long, help: "Auth styles: apiKey, bearer or both (default both; each fixture runs only the styles its contract accepts). record takes one, for plan entries and fixtures that name none (default apiKey).")
    package var auth: AuthChoice?

    @Option(name: .long, help: "X-Places-Api-Version for every bearer call (default: a dated contract's own, \(FoursquareClient.defaultAPIVersion) for seed); in replay, only for fixtures recorded without a version of their own.")
    package var apiVersion: String?

    /// The styles run, drift and nightly call with: `--auth`, else both.
    package var choice: AuthChoice { auth ?? .both }

    /// The bearer style's API version: `--api-version`, else the client's default.
    package var version: String { apiVersion ?? FoursquareClient.defaultAPIVersion }

    /// The styles and version as the work takes them.
    package var resolved: AuthSettings { AuthSettings(styles: choice.styles, apiVersion: apiVersion) }
}
