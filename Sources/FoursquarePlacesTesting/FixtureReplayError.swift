import FixtureFormat
import Foundation
import FoursquarePlaces

/// Why a replayed call got no recorded answer: one line naming the file, fixture or field to fix.
///
/// A replayed client reports it as a `FoursquareError` with code `.fixtureMismatch` (not retryable, and never
/// mistaken for being offline), whose `underlyingError` is this value.
public enum FixtureReplayError: Error, Sendable, Hashable, CustomStringConvertible, TransportErrorClassifying {
    /// The fixtures could not be loaded: the folder, or each broken file with its reason.
    case unloadable([String])
    /// No fixture matches the request; `hint` names the closest fixture and the first field that differs.
    case noMatch(request: String, hint: String)
    /// A call meant for one fixture sent a request it does not match, or sent none.
    case notAnswered(fixture: String, reason: String)

    /// Always `.fixtureMismatch`: a test's request no fixture answers is a mistake to fix, not a network condition.
    public var foursquareErrorCode: FoursquareError.Code { .fixtureMismatch }

    /// One line naming the file, fixture or field to fix.
    public var description: String {
        switch self {
        case let .unloadable(problems):
            return "fixtures cannot be loaded: " + problems.joined(separator: "; ")
        case let .noMatch(request, hint):
            return "No fixture matches \(request); \(hint)"
        case let .notAnswered(fixture, reason):
            return "\(fixture): \(reason)"
        }
    }

    /// Every fixture below `folder`, or the error listing each file that is broken.
    static func load(folder: URL) throws(FixtureReplayError) -> [Fixture] {
        let loaded: [LoadedFixture]
        do {
            loaded = try FixtureLoader(root: folder).loadAll()
        } catch {
            throw .unloadable(["\(error)"])
        }
        var fixtures: [Fixture] = []
        var problems: [String] = []
        for entry in loaded {
            switch entry {
            case let .fixture(fixture): fixtures.append(fixture)
            case let .broken(_, _, error): problems.append(error.description)
            }
        }
        guard problems.isEmpty else { throw .unloadable(problems) }
        return fixtures
    }
}
