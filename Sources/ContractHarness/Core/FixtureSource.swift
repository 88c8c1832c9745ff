import Foundation

/// Where a run's fixtures come from: files loaded as the run reaches them, or fixtures already in memory.
public struct FixtureSource: Sendable {
    /// How many fixtures (or broken files) the run covers.
    public let count: Int
    /// Relative path and suite (endpoint folder) of each item, known before it is loaded.
    public let label: @Sendable (Int) -> (path: String, suite: String)
    let loadItem: @Sendable (Int) -> LoadedFixture

    public init(count: Int, label: @escaping @Sendable (Int) -> (path: String, suite: String),
                load: @escaping @Sendable (Int) -> LoadedFixture) {
        self.count = count
        self.label = label
        self.loadItem = load
    }

    public func load(_ index: Int) -> LoadedFixture { loadItem(index) }

    /// Files under `loader.root`, read one by one as the run reaches them.
    public static func files(_ entries: [DiscoveredFile], loader: FixtureLoader) -> FixtureSource {
        FixtureSource(count: entries.count, label: { (entries[$0].relativePath, entries[$0].suite) },
                      load: { loader.load(entries[$0]) })
    }

    /// Files under `loader.root` from a compact discovery, read one by one as the run reaches them.
    public static func files(_ entries: DiscoveredFiles, loader: FixtureLoader) -> FixtureSource {
        FixtureSource(count: entries.count, label: { entries.label($0) }, load: { loader.load(entries[$0]) })
    }

    /// Fixtures already loaded.
    public static func loaded(_ items: [LoadedFixture]) -> FixtureSource {
        FixtureSource(count: items.count, label: { (items[$0].relativePath, items[$0].suite) }, load: { items[$0] })
    }
}
