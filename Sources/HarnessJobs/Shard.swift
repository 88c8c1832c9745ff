import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessProject

/// `I/N`: one slice of the fixtures, for splitting a run across CI jobs.
package struct Shard {
    package let index: Int
    package let count: Int

    /// Parses `--shard`; a bad value gets a message that says what is wrong and what a valid one looks like.
    package init(parsing argument: String) throws(UsageFailure) {
        let example = "use I/N with 1 ≤ I ≤ N, e.g. --shard 2/4 for the second of four shards"
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UsageFailure("--shard '\(argument)' is not two whole numbers I/N; \(example)")
        }
        guard count >= 1 else { throw UsageFailure("--shard '\(argument)': the shard count N must be at least 1; \(example)") }
        guard index >= 1 else { throw UsageFailure("--shard '\(argument)': shards are numbered from 1, so I must be at least 1; \(example)") }
        guard index <= count else {
            throw UsageFailure("--shard '\(argument)': shard \(index) does not exist when there are \(count); \(example)")
        }
        self.index = index
        self.count = count
    }

    /// Every N-th item, starting at the I-th, so shards stay balanced across endpoints.
    package func select<T>(_ items: [T]) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    package func select(_ files: DiscoveredFiles) -> DiscoveredFiles { files.strided(from: index - 1, by: count) }
}
