import FoursquarePlaces
import HarnessCore

/// What every live verb resolves from its flags and the project file before its session: the server, the budget,
/// the auth styles and what to do without a key.
package struct LiveSettings: Sendable {
    package var connection: ConnectionSettings
    package var budget: LiveBudget
    package var auth: AuthSettings
    /// `--if-no-key` (else `FSQ_IF_NO_KEY`).
    package var ifNoKey: IfNoKey?

    /// The settings from their parts.
    package init(connection: ConnectionSettings = ConnectionSettings(), budget: LiveBudget = LiveBudget(), auth: AuthSettings = AuthSettings(),
                 ifNoKey: IfNoKey? = nil) {
        self.connection = connection
        self.budget = budget
        self.auth = auth
        self.ifNoKey = ifNoKey
    }
}
