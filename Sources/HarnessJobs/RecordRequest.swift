import FoursquarePlaces
import HarnessCore
import HarnessProject

/// `record --mode`'s values: `RecordMode`'s, which the Live trait's record reads (a test holds the two lists equal).
package enum RecordModeChoice: String, CaseIterable, Sendable {
    case never, missing, failed, all
}

/// `fsq-contract record`, resolved from the flags and the project file.
package struct RecordRequest: Sendable {
    package var project: ProjectFile
    package var selection: ContractSelection
    package var fixtures: FixtureFolder
    /// The connection, budget and API version; `auth.styles` holds the one default style (`--auth`, else apiKey).
    package var live: LiveSettings
    /// `--mode`; nil for `FSQ_RECORD`'s, or the default.
    package var mode: RecordModeChoice?
    /// `--plan`: a file of new requests to record.
    package var plan: String?
    /// `--place-id`: record the selected fixtures asking for this place instead.
    package var placeID: String?
    /// `--redact-header`s (the project file's are added by the job).
    package var redactHeaders: [String]
    /// `--accept-status-change`.
    package var acceptStatusChange: Bool
    /// `--keep-values` (or the project file's keepValues).
    package var keepValues: Bool

    /// The request from its parts.
    package init(project: ProjectFile, selection: ContractSelection, fixtures: FixtureFolder, live: LiveSettings, mode: RecordModeChoice?,
                 plan: String?, placeID: String?, redactHeaders: [String], acceptStatusChange: Bool, keepValues: Bool) {
        self.project = project
        self.selection = selection
        self.fixtures = fixtures
        self.live = live
        self.mode = mode
        self.plan = plan
        self.placeID = placeID
        self.redactHeaders = redactHeaders
        self.acceptStatusChange = acceptStatusChange
        self.keepValues = keepValues
    }

    /// The style for plan entries and fixtures that name none.
    package var defaultAuth: AuthStyle { live.auth.styles.first ?? .apiKey }
}
