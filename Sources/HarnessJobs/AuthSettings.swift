import FoursquarePlaces
import HarnessCore

/// The auth styles a verb replays or calls with, and the bearer style's API version.
package struct AuthSettings: Sendable {
    /// `--auth`'s styles (both when not given).
    package var styles: [AuthStyle]
    /// `--api-version` as given; nil for each contract's own.
    package var apiVersion: String?

    /// `styles` with `apiVersion`.
    package init(styles: [AuthStyle] = AuthStyle.allCases, apiVersion: String? = nil) {
        self.styles = styles
        self.apiVersion = apiVersion
    }

    /// The bearer style's API version: `--api-version`, else the client's default.
    package var version: String { apiVersion ?? FoursquareClient.defaultAPIVersion }
}
