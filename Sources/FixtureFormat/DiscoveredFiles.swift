import FoursquarePlaces

/// The files a discovery found, in run order, stored compactly: a run keeps this list for its whole length,
/// so at 100,000 fixtures an array of `DiscoveredFile` (two strings each) was most of the memory that grew.
///
/// Each entry costs its path's bytes after `<suite>/`, a suite number and two offsets; `filter` and
/// `strided` share the storage and keep a new order of 4-byte indices.
public struct DiscoveredFiles: RandomAccessCollection, Sendable {
    final class Storage: Sendable {
        /// Suite names, numbered in order of first appearance.
        let suites: [String]
        /// Every path's bytes after `<suite>/` (or the whole path when it does not start so), back to back.
        let bytes: [UInt8]
        /// Where each entry's bytes end in `bytes`.
        let ends: [UInt32]
        /// Each entry's suite number; the top bit says the path starts with `<suite>/`.
        let suiteTags: [UInt16]
        /// The rare entries that cannot be loaded, by entry number.
        let problems: [UInt32: String]

        init(suites: [String], bytes: [UInt8], ends: [UInt32], suiteTags: [UInt16], problems: [UInt32: String]) {
            self.suites = suites
            self.bytes = bytes
            self.ends = ends
            self.suiteTags = suiteTags
            self.problems = problems
        }

        static let prefixed: UInt16 = 0x8000

        func suite(_ entry: Int) -> String { suites[Int(suiteTags[entry] & ~Self.prefixed)] }

        func tail(_ entry: Int) -> ArraySlice<UInt8> {
            bytes[(entry == 0 ? 0 : Int(ends[entry - 1]))..<Int(ends[entry])]
        }

        func relativePath(_ entry: Int) -> String {
            let tail = String(decoding: tail(entry), as: UTF8.self)
            return suiteTags[entry] & Self.prefixed != 0 ? suite(entry) + "/" + tail : tail
        }

        func file(_ entry: Int) -> DiscoveredFile {
            DiscoveredFile(relativePath: relativePath(entry), suite: suite(entry), problem: problems[UInt32(entry)])
        }
    }

    /// Collects entries in any order; `finish` sorts them into run order.
    struct Builder {
        private var suiteNumbers: [String: UInt16] = [:]
        private var suites: [String] = []
        private var bytes: [UInt8] = []
        private var ends: [UInt32] = []
        private var suiteTags: [UInt16] = []
        private var problems: [UInt32: String] = [:]

        mutating func append(relativePath: String, problem: String? = nil) {
            let suite = FixtureLoader.suite(of: relativePath)
            let number: UInt16
            if let known = suiteNumbers[suite] {
                number = known
            } else {
                // More than 32,767 suite folders would need wider tags; such a tree is not a fixtures folder.
                precondition(suites.count < Int(Storage.prefixed), "too many fixture folders")
                number = UInt16(suites.count)
                suiteNumbers[suite] = number
                suites.append(suite)
            }
            let prefix = suite + "/"
            if relativePath.hasPrefix(prefix) {
                bytes += relativePath.utf8.dropFirst(prefix.utf8.count)
                suiteTags.append(number | Storage.prefixed)
            } else {
                bytes += relativePath.utf8
                suiteTags.append(number)
            }
            if let problem { problems[UInt32(ends.count)] = problem }
            ends.append(UInt32(bytes.count))
        }

        /// Sorted by suite (catalog order, then name), then path, so suites stream whole.
        func finish() -> DiscoveredFiles {
            let storage = Storage(suites: suites, bytes: bytes, ends: ends, suiteTags: suiteTags, problems: problems)
            let rank = Dictionary(uniqueKeysWithValues: EndpointID.all.enumerated().map { ($1.rawValue, $0) })
            let suiteRank = suites.map { rank[$0] ?? Int.max }
            var order = (0..<UInt32(ends.count)).map { $0 }
            order.sort { left, right in
                let l = Int(left), r = Int(right)
                let ls = Int(storage.suiteTags[l] & ~Storage.prefixed), rs = Int(storage.suiteTags[r] & ~Storage.prefixed)
                if ls != rs {
                    if suiteRank[ls] != suiteRank[rs] { return suiteRank[ls] < suiteRank[rs] }
                    return storage.suites[ls] < storage.suites[rs]
                }
                // The same suite and both prefixed: the tails order the paths. ASCII bytes order as Strings do.
                if storage.suiteTags[l] == storage.suiteTags[r] {
                    let lt = storage.tail(l), rt = storage.tail(r)
                    if lt.allSatisfy({ $0 < 0x80 }), rt.allSatisfy({ $0 < 0x80 }) { return lt.lexicographicallyPrecedes(rt) }
                }
                return storage.relativePath(l) < storage.relativePath(r)
            }
            return DiscoveredFiles(storage: storage, order: order)
        }
    }

    private let storage: Storage
    private let order: [UInt32]

    private init(storage: Storage, order: [UInt32]) {
        self.storage = storage
        self.order = order
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }
    public subscript(position: Int) -> DiscoveredFile { storage.file(Int(order[position])) }

    /// The relative path and suite of an entry, for labels (the same as `self[position]`'s).
    public func label(_ position: Int) -> (path: String, suite: String) {
        let entry = Int(order[position])
        return (storage.relativePath(entry), storage.suite(entry))
    }

    /// The entries `isIncluded` keeps, in order, sharing this storage.
    public func filter(_ isIncluded: (DiscoveredFile) throws -> Bool) rethrows -> DiscoveredFiles {
        DiscoveredFiles(storage: storage, order: try order.filter { try isIncluded(storage.file(Int($0))) })
    }

    /// Every `step`-th entry from `start` (a shard), sharing this storage.
    public func strided(from start: Int, by step: Int) -> DiscoveredFiles {
        DiscoveredFiles(storage: storage, order: stride(from: start, to: order.count, by: Swift.max(1, step)).map { order[$0] })
    }
}
