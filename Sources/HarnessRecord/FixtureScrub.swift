import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// `fsq-contract fixtures scrub`: record's synthesis applied to fixtures already written, in place.
package enum FixtureScrub {
    /// What happened to one file.
    package struct Outcome: Sendable, Hashable {
        package enum Status: String, Sendable { case scrubbed, pending, unchanged, failed }
        package var relativePath: String
        package var status: Status
        package var note: String?
    }

    /// Scrubs each fixture holding raw values (with `includeAll`, every fixture not yet marked synthetic);
    /// `write: false` (`--check`) reports them as `pending` and writes nothing. Files are written atomically.
    package static func run(_ fixtures: [LoadedFixture], root: URL, includeAll: Bool, write: Bool) -> [Outcome] {
        fixtures.map { loaded in
            switch loaded {
            case let .broken(path, _, error):
                return Outcome(relativePath: path, status: .failed, note: "cannot scrub: \(error.description)")
            case let .fixture(fixture):
                let wanted = fixture.recorded.holdsRawValues || (includeAll && fixture.recorded.values != .synthetic)
                guard wanted else { return Outcome(relativePath: fixture.relativePath, status: .unchanged) }
                guard write else { return Outcome(relativePath: fixture.relativePath, status: .pending) }
                switch Synthesis.apply(to: fixture) {
                case let .failure(error):
                    return Outcome(relativePath: fixture.relativePath, status: .failed, note: error.reason)
                case let .success(synthetic):
                    do {
                        let data = try FixtureWriter.encode(synthetic)
                        try AtomicFile.write(data, to: root.appendingPathComponent(fixture.relativePath))
                        return Outcome(relativePath: fixture.relativePath, status: .scrubbed)
                    } catch let error as RecordError {
                        return Outcome(relativePath: fixture.relativePath, status: .failed, note: error.reason)
                    } catch {
                        return Outcome(relativePath: fixture.relativePath, status: .failed, note: "cannot write: \(error.localizedDescription)")
                    }
                }
            }
        }
    }
}
