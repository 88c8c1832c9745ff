import Foundation

/// Counts the files `FixtureLoader` reads under the folders a test watches, on whatever thread reads them: the seam
/// for "a run parses each fixture once". Nothing is counted when no folder is watched.
package final class FixtureReads: @unchecked Sendable {
    /// The one counter every loader reports to.
    package static let shared = FixtureReads()

    private let lock = NSLock()
    /// Watched folder's path → relative path → reads.
    private var watched: [String: [String: Int]] = [:]

    /// Starts counting the reads under `root` (its `path`, as the loader's root gives it).
    package func watch(_ root: URL) { lock.withLock { watched[root.path] = [:] } }

    /// Stops counting under `root`; returns each file's reads.
    package func stop(_ root: URL) -> [String: Int] { lock.withLock { watched.removeValue(forKey: root.path) ?? [:] } }

    func read(root: String, relativePath: String) {
        lock.withLock {
            guard watched[root] != nil else { return }
            watched[root]?[relativePath, default: 0] += 1
        }
    }
}
