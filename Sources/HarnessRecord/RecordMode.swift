import Foundation
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// When `record` writes a fixture, as swift-snapshot-testing's `SnapshotTestingConfiguration.Record`.
///
/// A struct with static members rather than an enum, so a mode can be added without breaking a caller's
/// exhaustive `switch`.
package struct RecordMode: RawRepresentable, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    private enum Storage: String, CaseIterable, Sendable { case never, missing, failed, all }
    private let storage: Storage

    private init(_ storage: Storage) { self.storage = storage }

    package init?(rawValue: String) {
        guard let storage = Storage(rawValue: rawValue) else { return nil }
        self.storage = storage
    }

    package var rawValue: String { storage.rawValue }
    package var description: String { rawValue }

    /// Records nothing: the default, and what CI gets unless a mode is asked for.
    package static let never = RecordMode(.never)
    /// Records only requests that have no fixture yet.
    package static let missing = RecordMode(.missing)
    /// Re-records fixtures the live answer or the model no longer agrees with, and records missing ones.
    package static let failed = RecordMode(.failed)
    /// Re-records everything.
    package static let all = RecordMode(.all)

    package static let allCases: [RecordMode] = Storage.allCases.map(RecordMode.init)

    /// The environment variable that picks a mode when `--mode` is not given.
    package static let environmentName = "FSQ_RECORD"

    /// Whether a fixture in this mode is called at all (`exists`: it already has a file).
    package func records(exists: Bool) -> Bool {
        switch storage {
        case .never: return false
        case .missing: return !exists
        case .failed, .all: return true
        }
    }

    /// Whether a fixture whose content is unchanged but for values is rewritten (`failed` keeps it when it
    /// still agrees with the server and the model).
    package func rewrites(agrees: Bool) -> Bool { storage == .all || !agrees }
}

/// Where a run's record mode came from, and the line that says so when it records nothing.
package struct RecordModeResolution: Sendable, Hashable {
    package enum Source: String, Sendable, Hashable {
        case flag = "--mode", environment = "FSQ_RECORD", continuousIntegration = "CI", fallback = "default"
        /// A `--plan` outside CI with no mode asked for: record what is missing.
        case plan = "--plan"
    }

    package let mode: RecordMode
    package let source: Source

    /// The one line a run that records nothing prints, or nil when it records.
    package var nothingRecorded: String? {
        guard mode == .never else { return nil }
        switch source {
        case .continuousIntegration:
            return "record: CI=true and no --mode or FSQ_RECORD given, so the mode is never; nothing recorded"
        case .flag, .environment, .plan:
            return "record: mode is never (\(source.rawValue)); nothing recorded"
        case .fallback:
            return "record: mode is never; nothing recorded (pass --mode missing|failed|all, or set FSQ_RECORD)"
        }
    }
}

/// An `FSQ_RECORD` value that is not a mode: one line naming the variable and the modes.
package struct RecordModeError: Error, Sendable, CustomStringConvertible {
    package let description: String
}

extension RecordMode {
    /// The mode a run uses: `--mode`, else `FSQ_RECORD`, else `never` in CI (saying CI forced it), else `missing`
    /// when a plan asks for new fixtures (`hasPlan`), else `never`.
    ///
    /// As swift-snapshot-testing resolves `SNAPSHOT_TESTING_RECORD`, the variable is read here, not by the CLI,
    /// so every front end (and the tests) resolve it the same way. An empty `FSQ_RECORD` counts as unset.
    package static func resolve(flag: RecordMode?, environment: [String: String], hasPlan: Bool = false)
        throws(RecordModeError) -> RecordModeResolution {
        if let flag { return RecordModeResolution(mode: flag, source: .flag) }
        if let raw = environment[environmentName], !raw.isEmpty {
            guard let mode = RecordMode(rawValue: raw) else {
                throw RecordModeError(description: "\(environmentName)='\(raw)' is not one of "
                                      + allCases.map(\.rawValue).joined(separator: ", "))
            }
            return RecordModeResolution(mode: mode, source: .environment)
        }
        if isContinuousIntegration(environment) { return RecordModeResolution(mode: .never, source: .continuousIntegration) }
        if hasPlan { return RecordModeResolution(mode: .missing, source: .plan) }
        return RecordModeResolution(mode: .never, source: .fallback)
    }

    /// `CI=true` (or `1`), as GitHub Actions, GitLab CI and CircleCI set it.
    static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return value == "true" || value == "1"
    }
}
