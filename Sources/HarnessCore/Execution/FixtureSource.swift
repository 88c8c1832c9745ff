import Foundation

/// Where a run's fixtures come from: files loaded as the run reaches them, or fixtures already in memory.
package struct FixtureSource: Sendable {
    /// How many fixtures (or broken files) the run covers.
    package let count: Int
    /// Relative path and suite (endpoint folder) of each item, known before it is loaded.
    package let label: @Sendable (Int) -> (path: String, suite: String)
    let loadItem: @Sendable (Int) -> LoadedFixture

    package init(count: Int, label: @escaping @Sendable (Int) -> (path: String, suite: String),
                load: @escaping @Sendable (Int) -> LoadedFixture) {
        self.count = count
        self.label = label
        self.loadItem = load
    }

    package func load(_ index: Int) -> LoadedFixture { loadItem(index) }

    /// Files under `loader.root`, read one by one as the run reaches them.
    package static func files(_ entries: [DiscoveredFile], loader: FixtureLoader) -> FixtureSource {
        FixtureSource(count: entries.count, label: { (entries[$0].relativePath, entries[$0].suite) },
                      load: { loader.load(entries[$0]) })
    }

    /// Files under `loader.root` from a compact discovery, read one by one as the run reaches them.
    package static func files(_ entries: DiscoveredFiles, loader: FixtureLoader) -> FixtureSource {
        FixtureSource(count: entries.count, label: { entries.label($0) }, load: { loader.load(entries[$0]) })
    }

    /// Fixtures already loaded.
    package static func loaded(_ items: [LoadedFixture]) -> FixtureSource {
        FixtureSource(count: items.count, label: { (items[$0].relativePath, items[$0].suite) }, load: { items[$0] })
    }
}
