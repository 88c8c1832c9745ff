import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore

/// Which writes a live call may send. Live runs, drift, record and plans all call through `LiveCaller`, which asks
/// this policy before anything leaves the process, so no fixture, plan, mode or typo can get around it.
///
/// - A suggestion (a write with `dry_run`) is sent as a dry run, whatever its fixture says, unless allowed.
/// - A write with no dry run (`geotagging/confirm`, the offline-job writes) is not sent at all, unless allowed.
/// - Allowed operations (`--allow-writes`, or `allowWrites` in the project file) are sent as recorded.
package struct WritePolicy: Sendable, Hashable {
    /// The operations sent as recorded.
    package var allowed: Set<EndpointID>

    /// A policy that allows `allowed` (none by default).
    package init(allowed: Set<EndpointID> = []) { self.allowed = allowed }

    /// What the caller does with one call.
    package enum Decision: Sendable {
        /// Send this plan (perhaps the dry-run form of the one asked for).
        case send(CallPlan)
        /// Send nothing; the reason says why and how to allow it.
        case refuse(String)
    }

    /// The decision for `plan`.
    package func decide(_ plan: CallPlan) -> Decision {
        switch plan.effect {
        case .read:
            return .send(plan)
        case .dryRunnableWrite:
            return .send(allowed.contains(plan.endpoint) ? plan : plan.asDryRun())
        case .write:
            guard allowed.contains(plan.endpoint) else { return .refuse(Self.refusal(plan.endpoint)) }
            return .send(plan)
        }
    }

    /// Whether the policy sends nothing for `fixture` (a write with no dry run that is not allowed).
    package func refuses(_ fixture: Fixture) -> Bool {
        guard let plan = try? CallPlan.make(for: fixture) else { return false }
        if case .refuse = decide(plan) { return true }
        return false
    }

    /// Why a write with no dry run was not called, and how to allow it.
    static func refusal(_ id: EndpointID) -> String {
        "\(id) writes and has no dry run: not called live (checked in replay); to call it against a sandbox account, "
            + "pass --allow-writes \(id) or add \"\(id)\" to \"allowWrites\" in the project file"
    }

    /// The policy that allows the writes `names` name (`WriteOperationNames`); a name that is no write is an error.
    package static func parse(_ names: [String]) throws(WritePolicyError) -> WritePolicy {
        WritePolicy(allowed: try WriteOperationNames.parse(names))
    }
}

/// The writes one live run sent, for the terminal and the report: how many, how many were dry runs, and how many
/// the server refused with a 429 (which applies nothing; the write may then be sent again, see `WriteRetry`).
package final class WriteLog: Sendable {
    private let entries = Locked<[(endpoint: EndpointID, dryRun: Bool, refused: Bool)]>([])

    /// An empty log.
    package init() {}

    /// Logs `plan` once it was sent; `refused`: the server answered 429.
    func record(_ plan: CallPlan, refused: Bool = false) {
        guard plan.effect.writes else { return }
        entries.withLock { $0.append((plan.endpoint, plan.dryRun ?? false, refused)) }
    }

    /// Writes sent so far.
    package var count: Int { entries.withLock { $0.count } }
    /// Of those, the dry runs the server did not refuse.
    package var dryRuns: Int { entries.withLock { $0.filter { $0.dryRun && !$0.refused }.count } }

    /// One line for the terminal and the report: `writes sent: 3 (3 dry runs, 0 applied)`, and when the server refused
    /// some with a 429, `writes sent: 4 (3 dry runs, 0 applied, 1 refused with 429: nothing done)`.
    package var summary: String {
        let (all, dry, refused) = entries.withLock { entries in
            (entries.count, entries.filter { $0.dryRun && !$0.refused }.count, entries.filter(\.refused).count)
        }
        let refusals = refused > 0 ? ", \(refused) refused with 429: nothing done" : ""
        return "writes sent: \(all) (\(dry) dry run\(dry == 1 ? "" : "s"), \(all - dry - refused) applied\(refusals))"
    }
}
