import HarnessJobs
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessLive
import HarnessDrift
import HarnessRecord
import HarnessProject
import Foundation
import FoursquarePlaces

/// One live session: what every live verb (`run --live`, `drift`, `nightly`, `record`) resolves once, before its
/// first call: the key (the one place a live verb reads it from the environment), the auth-style and API-version
/// checks against the selected contract, the connection options with their limits, budget, pace and write policy,
/// and the live stack main passed (the Live trait's).
package struct LiveSession {
    /// The options the verb's runner takes.
    package var options: LiveOptions
    /// `FSQ_API_KEY`; nil when the run skips for want of one (or is a dry run, which makes no call).
    package var key: APIKey?

    /// Resolves it all, or throws a one-line `UsageFailure` naming the flag, variable or file.
    /// - Parameter keyRequired: record never skips for want of a key, whatever `--if-no-key` says (a run that
    ///   records nothing must not look like one that did); a dry run still needs none.
    /// - Parameter checksStyles: whether `styles` must suit the selected contract; record picks each fixture's
    ///   style itself, so its `--auth` is only a default.
    package static func resolve(
        verb: String, project: ProjectFile, selection: ContractSelection, settings: LiveSettings, keyRequired: Bool = false,
        checksStyles: Bool = true, stack: (any LiveHTTPStack)?
    ) throws -> LiveSession {
        let budget = settings.budget, styles = settings.auth.styles, apiVersion = settings.auth.apiVersion
        let key: APIKey?
        do {
            if keyRequired, !budget.dryRun {
                guard let resolved = try LiveKey.resolve(environment: ProcessInfo.processInfo.environment, ifNoKey: .fail,
                                                         skipFlag: nil) else { throw JobExit(2) }
                key = resolved
            } else {
                // A dry run makes no call, so it needs no key.
                key = try LiveKey.resolve(environment: ProcessInfo.processInfo.environment,
                                          ifNoKey: budget.dryRun ? .skip : settings.ifNoKey)
            }
        } catch let missing as LiveKey.Missing {
            throw UsageFailure(missing.description)
        }
        if checksStyles, let contract = selection.single, let problem = Selection.authProblem(styles, contract: contract) {
            throw UsageFailure(problem)
        }
        if checksStyles, let apiVersion, let problem = Selection.apiVersionProblem(apiVersion, styles: styles) {
            throw UsageFailure(problem)
        }
        var options = try settings.connection.options(authStyles: styles, apiVersion: settings.auth.version, key: key, stack: stack)
        options.versionByContract = apiVersion == nil
        try budget.apply(to: &options, project: project)
        // Checked after the flags, so a bad flag or a missing key reads the same in every build.
        guard options.stack != nil else {
            throw MissingTrait(feature: verb == "fsq-contract run" ? "run --live" : String(verb.split(separator: " ").last ?? ""),
                               trait: "Live").failure
        }
        if let notice = LiveKey.notice(environment: ProcessInfo.processInfo.environment) { writeStderr(notice) }
        if key == nil, !budget.dryRun { writeStderr(LiveKey.skippingNotice) }
        return LiveSession(options: options, key: key)
    }
}
