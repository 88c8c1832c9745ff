import FixtureFormat
import Foundation
import FoursquarePlaces
import Testing
import TestSupport

/// The compact discovery list gives the same files, order, suites and problems as plain strings would.
@Suite struct DiscoveredFilesTests {
    /// A tree with endpoint folders out of catalog order, an unknown folder, a top-level file, nested
    /// folders, non-ASCII names, a link leading outside, and the drift config (never a fixture).
    func tree(_ root: URL) throws {
        let files = [
            "place-tips/b.json", "place-search/z.json", "place-search/a.json", "place-search/sub/m.json",
            "place-search/Äpfel.json", "place-search/apfel.json", "chains/c.json", "zzz-custom/q.json",
            "aaa-custom/q.json", "top.json", "drift-config.json", "place-search/notes.txt",
        ]
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{}".utf8).write(to: url)
        }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("chains/out.json").path,
                                                   withDestinationPath: "/etc/hostname")
    }

    @Test func orderSuitesAndProblemsMatchTheStringSort() throws {
        try withTemporaryDirectory { root in
            try tree(root)
            let loader = FixtureLoader(root: root)
            let files = Array(try loader.discoverCompact())
            let paths = files.map(\.relativePath)
            #expect(Set(paths) == ["place-tips/b.json", "place-search/z.json", "place-search/a.json", "place-search/sub/m.json",
                                   "place-search/Äpfel.json", "place-search/apfel.json", "chains/c.json", "chains/out.json",
                                   "zzz-custom/q.json", "aaa-custom/q.json", "top.json"])
            // The order the string-based sort gave: catalog rank of the suite, then suite name, then path.
            let rank = Dictionary(uniqueKeysWithValues: EndpointID.all.map(\.rawValue).enumerated().map { ($1, $0) })
            let expected = files.sorted { l, r in
                let a = rank[l.suite] ?? Int.max, b = rank[r.suite] ?? Int.max
                if a != b { return a < b }
                if l.suite != r.suite { return l.suite < r.suite }
                return l.relativePath < r.relativePath
            }
            #expect(paths == expected.map(\.relativePath))
            #expect(files.first { $0.relativePath == "top.json" }?.suite == "fixtures")
            #expect(files.first { $0.relativePath == "place-search/sub/m.json" }?.suite == "place-search")
            #expect(files.first { $0.relativePath == "chains/out.json" }?.problem?.contains("outside the fixtures folder") == true)
            #expect(files.filter { $0.problem != nil }.count == 1)
            #expect(try loader.discoverFiles() == files)
        }
    }

    @Test func filterAndStrideKeepOrderAndLabels() throws {
        try withTemporaryDirectory { root in
            try tree(root)
            let all = try FixtureLoader(root: root).discoverCompact()
            let search = all.filter { $0.suite == "place-search" }
            #expect(Array(search) == Array(all).filter { $0.suite == "place-search" })
            #expect(search.count == 5)
            let shard = all.strided(from: 1, by: 3)
            #expect(Array(shard) == Array(all).enumerated().filter { $0.offset % 3 == 1 }.map(\.element))
            for index in shard.indices {
                #expect(shard.label(index).path == shard[index].relativePath)
                #expect(shard.label(index).suite == shard[index].suite)
            }
        }
    }
}
