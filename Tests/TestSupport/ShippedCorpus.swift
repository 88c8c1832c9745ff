import FixtureFormat
import Foundation

/// The shipped Fixtures/ corpus, read once per test process: reading it is the slow part on a loaded machine.
public enum ShippedCorpus {
    /// Every shipped fixture, or what reading them threw.
    public static let loaded = Result { try FixtureLoader(root: Products.packageRoot.appendingPathComponent("Fixtures")).loadAll() }

    /// The shipped fixtures whose relative path `filter` accepts.
    public static func fixtures(_ filter: (String) -> Bool) throws -> [LoadedFixture] {
        try loaded.get().filter { filter($0.relativePath) }
    }
}
