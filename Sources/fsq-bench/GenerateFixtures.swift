import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessRecord
import Foundation

/// `fsq-bench gen-fixtures`: a corpus for timing `fsq-contract run` at scale, either generated
/// place searches (`--places N`) or copies of an existing corpus cycled to `--count`.
struct GenerateFixtures: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen-fixtures",
        abstract: "Write COUNT fixtures into a new folder: generated place searches (--places) or copies of --from.",
        discussion: """
            With --places N: place-search fixtures whose 2xx bodies hold N places (realistic fields, non-ASCII \
            names); every tenth is an error status (400/401/403/404/429/500/503 in turn). Deterministic for a --seed.
            """)

    @Option(help: "How many fixture files to write.") var count = 10_000
    @Option(help: "Generate place searches with this many places per 2xx body instead of copying --from.") var places: Int?
    @Option(help: "Generate 2025-06-17 place searches shaped like real answers (1 to this many results, most documented members present) instead.")
    var realistic: Int?
    @Flag(help: "With --realistic: places also carry related places, photos, tips, attributes and the other members `fields` asks for, each on a share of them.")
    var everyMember = false
    @Option(help: "Seed for --places and --realistic (the same seed writes the same bytes).") var seed: UInt64 = 12
    @Option(help: "The corpus to copy from (without --places).") var from = "Fixtures"
    @Option(help: "The folder to fill (created; must not exist).") var output: String

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must be 0 or more, not \(count)") }
        if let places, !(0...50).contains(places) { throw ValidationError("--places must be 0...50 (the API's limit), not \(places)") }
        if let realistic, !(1...50).contains(realistic) { throw ValidationError("--realistic must be 1...50 (the API's limit), not \(realistic)") }
        if places != nil, realistic != nil { throw ValidationError("--places and --realistic are two corpora: give one") }
        if everyMember, realistic == nil { throw ValidationError("--every-member shapes the --realistic corpus: give --realistic too") }
    }

    func run() throws {
        let target = URL(fileURLWithPath: output)
        guard !FileManager.default.fileExists(atPath: target.path) else { throw ValidationError("--output \(output) already exists") }
        if let realistic {
            let corpus = RealisticPlaceSearchCorpus(maxResults: realistic, seed: seed, everyMember: everyMember)
            let average = try generate(into: target, folder: "place-search/2025-06-17", path: corpus.relativePath, file: corpus.file)
            print("wrote \(count) 2025-06-17 place-search fixtures (1 to \(realistic) places per 2xx body, \(average) bytes a file on average) to \(output)")
            return
        }
        if let places {
            let corpus = PlaceSearchCorpus(places: places, seed: seed)
            let average = try generate(into: target, folder: "place-search", path: corpus.relativePath, file: corpus.file)
            print("wrote \(count) place-search fixtures (\(places) places per 2xx body, \(average) bytes a file on average) to \(output)")
            return
        }
        let source = URL(fileURLWithPath: from)
        let templates = try FixtureLoader(root: source).discover()
        guard !templates.isEmpty else { throw ValidationError("--from \(from) holds no fixtures") }
        let contents = try templates.map { try Data(contentsOf: source.appendingPathComponent($0)) }
        for index in 0..<count {
            let template = templates[index % templates.count]
            let folder = template.split(separator: "/").first.map(String.init) ?? "misc"
            let name = (template as NSString).lastPathComponent
            let url = target.appendingPathComponent("\(folder)/gen-\(index)-\(name)")
            if index < templates.count {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try contents[index % templates.count].write(to: url)
        }
        print("wrote \(count) fixtures to \(output) from \(templates.count) templates")
    }

    /// Writes fixtures 0..<count of a generated corpus under `folder`; returns the average file size in bytes.
    func generate(into target: URL, folder: String, path: (Int) -> String, file: (Int) -> String) throws -> Int {
        try FileManager.default.createDirectory(at: target.appendingPathComponent(folder), withIntermediateDirectories: true)
        var bytes = 0
        for index in 0..<count {
            bytes += try Self.write(file(index), to: target.appendingPathComponent(path(index)).path)
        }
        return count > 0 ? bytes / count : 0
    }

    /// Plain open/write/close: Foundation's `Data.write` took 3.7 ms a file here (100k files: 6 minutes).
    static func write(_ text: String, to path: String) throws -> Int {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var text = text
        return try text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))") }
                offset += written
            }
            return bytes.count
        }
    }
}
