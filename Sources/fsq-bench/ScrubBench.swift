import ArgumentParser
import HarnessCore
import HarnessReports
import HarnessReplay
import HarnessRecord
import Foundation
import FoursquarePlaces

/// `fsq-bench scrub`: KeyScrubber over a live-sized JSON body, the cost every live answer pays before a check sees it.
struct ScrubBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrub",
        abstract: "Scrub the key from a JSON body of --megabytes MB (key absent, then echoed every 4 KB), single-threaded.")

    @Option(help: "Body size in MB (16 is the live body cap).") var megabytes = 16
    @Option(help: "Times each body is scrubbed.") var repeats = 5

    func run() throws {
        let key = "SENTINEL-bench-\"key\"\n-4b1d9e7a"
        let scrubber = KeyScrubber(key: APIKey(key))
        let record = #"{"fsq_id":"4b1d9e7a0123456789abcdef","name":"Café Bench","location":{"address":"1 Main St"}},"#
        var clean = Data("[".utf8)
        while clean.count < megabytes * 1024 * 1024 { clean += Data(record.utf8) }
        var echoed = Data()
        for (index, chunk) in stride(from: 0, to: clean.count, by: 4096).enumerated() {
            echoed += clean[chunk..<min(chunk + 4096, clean.count)]
            echoed += Data((index % 2 == 0 ? String(reflecting: key) : Data(key.utf8).base64EncodedString()).utf8)
        }
        for (name, body) in [("no key", clean), ("key every 4 KB", echoed)] {
            var removed = 0
            let start = ContinuousClock.now
            for _ in 0..<max(1, repeats) { removed = body.count - scrubber.bytes(body).count }
            let seconds = (ContinuousClock.now - start).seconds / Double(max(1, repeats))
            print(String(format: "%@: %.1f MB in %.3fs = %.0f MB/s (%d bytes removed)", name,
                         Double(body.count) / 1_048_576, seconds, Double(body.count) / 1_048_576 / seconds, removed))
        }
    }
}
