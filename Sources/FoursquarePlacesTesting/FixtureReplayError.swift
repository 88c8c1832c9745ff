import FixtureFormat
import Foundation

/// Why a replayed call got no recorded answer: one line naming the file, fixture or field to fix.
public enum FixtureReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The fixtures could not be loaded: the folder, or each broken file with its reason.
    case unloadable([String])
    /// No fixture matches the request; `hint` names the closest fixture and the first field that differs.
    case noMatch(request: String, hint: String)
    /// A call meant for one fixture sent a request it does not match, or sent none.
    case notAnswered(fixture: String, reason: String)

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
