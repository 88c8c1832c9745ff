import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
@testable import HarnessReplay
import Testing
import TestSupport

/// A seeded mutation test of the loader (and the replay checks, for what still loads): thousands of damaged
/// fixtures, each of which must load or be a load error naming the file. A crash fails the whole test run,
/// which is the point. The inputs that once failed are kept in `Tests/FuzzCorpus` and replayed first.
@Suite struct FixtureMutationTests {
    static let packageRoot = Products.packageRoot

    /// Shipped fixtures to mutate: every 8th, so each endpoint and both contracts are among them.
    static func seeds() throws -> [(path: String, data: Data)] {
        let loader = FixtureLoader(root: packageRoot.appendingPathComponent("Fixtures"))
        return try loader.discover().enumerated().filter { $0.offset % 8 == 0 }.map { _, path in
            (path, try Data(contentsOf: loader.root.appendingPathComponent(path)))
        }
    }

    /// What happened to the inputs of one class.
    struct Tally: CustomStringConvertible {
        var loaded = 0, refused = 0, replayed = 0
        var description: String { "\(loaded) loaded (\(replayed) replayed), \(refused) load errors" }
    }

    /// Loads `data` as `path`; a fixture that loads is replayed when `replay` is set.
    static func check(_ data: Data, as path: String, replay: Bool, into tally: inout Tally) async {
        do {
            let fixture = try FixtureLoader.parse(data, relativePath: path)
            tally.loaded += 1
            if replay {
                let results = await ReplayRunner(workers: 1).cases(for: .fixture(fixture))
                #expect(!results.isEmpty)
                tally.replayed += 1
            }
        } catch {
            tally.refused += 1
            #expect(error.file == path, "a load error for \(path) names \(error.file)")
            #expect(error.description.hasPrefix(path + ": ") && error.reason.count > 3)
        }
    }

    /// Inserts `text` at a random value position: after a `:` or `[`, where a value starts.
    static func insertValue(_ text: String, into data: Data, using random: inout SplitMix64) -> Data {
        let starts = data.indices.filter { data[$0] == UInt8(ascii: ":") || data[$0] == UInt8(ascii: "[") }
        guard let at = starts.randomElement(using: &random) else { return data }
        var out = data
        out.insert(contentsOf: Data((" " + text + ",").utf8), at: at + 1)
        return out
    }

    @Test func theCorpusOfInputsThatOnceFailedLoadsOrIsALoadError() async throws {
        let folder = Self.packageRoot.appendingPathComponent("Tests/FuzzCorpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names.count >= 5)
        var tally = Tally()
        for name in names {
            await Self.check(try Data(contentsOf: folder.appendingPathComponent(name)), as: "place-details/\(name)", replay: true, into: &tally)
        }
        #expect(tally.loaded + tally.refused == names.count)
    }

    @Test func thousandsOfMutatedFixturesLoadOrAreLoadErrorsNamingTheFile() async throws {
        var random = SplitMix64(seed: 19)
        let seeds = try Self.seeds()
        #expect(seeds.count >= 15)
        var tallies: [String: Tally] = [:]
        let depths = [10, 100, 509, 510, 511, 512, 513, 5_000, 100_000]
        let odd = [
            "1e400", "-1e400", String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 400) + "1",
            #""\ud800""#, #""\udc00\ud800""#, #""\u0000""#, #""a\u0000b""#, "\"\u{FEFF}\"", #""\uZZZZ""#, "\"\\",
            "[" + String(repeating: "1,", count: 10_000) + "1]",
        ]
        for (index, seed) in seeds.enumerated() {
            let path = seed.path
            let bytes = [UInt8](seed.data)
            // Byte flips: one to four bytes set to random values, the common JSON punctuation weighted in.
            for _ in 0..<80 {
                var mutated = bytes
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let punctuation: [UInt8] = Array("{}[]\":,\\0-.eE \n".utf8)
                    mutated[Int.random(in: 0..<mutated.count, using: &random)] = Bool.random(using: &random)
                        ? punctuation.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
                }
                await Self.check(Data(mutated), as: path, replay: true, into: &tallies["byte flips", default: Tally()])
            }
            // Truncations anywhere, including inside escapes and multi-byte characters.
            for _ in 0..<40 {
                let cut = Int.random(in: 0..<bytes.count, using: &random)
                await Self.check(Data(bytes[..<cut]), as: path, replay: false, into: &tallies["truncations", default: Tally()])
            }
            // Deep nesting at every depth around the limit, as a value anywhere in the file.
            for depth in depths where depth < 5_000 || index % 4 == 0 {
                let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                let mutated = Self.insertValue(deep, into: seed.data, using: &random)
                await Self.check(mutated, as: path, replay: true, into: &tallies["deep nesting", default: Tally()])
                // Unclosed: the scanner must stop at the limit or at the end, not recurse to it.
                let open = Self.insertValue(String(repeating: "{\"a\":[", count: depth / 2), into: seed.data, using: &random)
                await Self.check(open, as: path, replay: false, into: &tallies["deep nesting", default: Tally()])
            }
            // Huge numbers, lone surrogates, NUL escapes, a BOM inside a string, broken escapes, wide arrays.
            for text in odd {
                let mutated = Self.insertValue(text, into: seed.data, using: &random)
                await Self.check(mutated, as: path, replay: true, into: &tallies["odd values", default: Tally()])
            }
            // A BOM before the file, CRLF line ends, a raw NUL byte.
            await Self.check(Data([0xEF, 0xBB, 0xBF]) + seed.data, as: path, replay: false, into: &tallies["BOM, CRLF, NUL", default: Tally()])
            let crlf = Data(String(decoding: seed.data, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
            await Self.check(crlf, as: path, replay: true, into: &tallies["BOM, CRLF, NUL", default: Tally()])
            var nul = bytes
            nul[Int.random(in: 0..<nul.count, using: &random)] = 0
            await Self.check(Data(nul), as: path, replay: false, into: &tallies["BOM, CRLF, NUL", default: Tally()])
        }
        // A 10 MB string, in the envelope and in the body.
        let big = "\"" + String(repeating: "x", count: 10_000_000) + "\""
        for (target, key) in [("\"description\": ", "description"), ("\"body\": {", "body")] {
            let seed = try #require(seeds.first { String(decoding: $0.data, as: UTF8.self).contains(target) }, "\(key)")
            let text = String(decoding: seed.data, as: UTF8.self)
            let mutated = key == "body"
                ? text.replacingOccurrences(of: target, with: target + "\"huge\": \(big), ")
                : text.replacingOccurrences(of: target + "\"", with: target + big.dropLast() + "")
            await Self.check(Data(mutated.utf8), as: seed.path, replay: true, into: &tallies["10 MB strings", default: Tally()])
        }
        let total = tallies.values.reduce(0) { $0 + $1.loaded + $1.refused }
        let summary = tallies.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ")
        print("mutation test: \(total) inputs from \(seeds.count) fixtures, deepest nesting 100000, 0 crashes: \(summary)")
        #expect(total > 3_000)
        #expect(tallies["10 MB strings"]?.loaded == 2, "a 10 MB string is valid JSON and loads")
        #expect(tallies["deep nesting"].map { $0.loaded > 0 && $0.refused > 0 } == true)
    }
}
