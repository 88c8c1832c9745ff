import Foundation
import JUnitXML
import Testing
import TestSupport

/// Record keeps the contract and drops the data. The emulator serves a copy of the shipped corpus whose
/// 2xx answers carry a sentinel in every place attribute and a ten-decimal coordinate; recording from it writes none
/// of them, keeps the ids, replays green, drifts clean and is deterministic; `fixtures audit` and `fixtures scrub`
/// keep the policy.
@Suite("record synthesizes place data", .serialized, .timeLimit(.minutes(10)))
struct RecordSynthesisTests {
    /// Fields the issue lets through as recorded: ids and closed sets. Written here independently of
    /// `SynthesisFields`, so a field that synthesis wrongly keeps shows up as a sentinel.
    static let passThrough: Set<String> = [
        "fsq_place_id", "fsq_id", "fsq_photo_id", "fsq_tip_id", "fsq_category_id", "fsq_chain_id", "id", "parent_id",
        "job_id", "cc", "country", "lang", "type", "status", "classifications", "woe_types", "suggested_edit_type",
        "timezone", "response", "access_key_id", "secret_access_key", "session_token",
    ]
    static let latitude = 40.1234567891, longitude = -73.9876543219
    static let markedDate = "1971-03-15"

    /// Marks every 2xx answer under `folder`; returns the sentinels planted.
    static func mark(_ folder: URL) throws -> [String] {
        var sentinels: [String] = [markedDate, "1234567891", "9876543219"]
        func walk(_ value: Any, key: String?) -> Any {
            if let key, passThrough.contains(key) { return value }
            switch value {
            case let object as [String: Any]:
                return Dictionary(uniqueKeysWithValues: object.map { ($0.key, walk($0.value, key: $0.key)) })
            case let array as [Any]:
                return array.map { walk($0, key: key) }
            case let text as String:
                if text == "<redacted>" || text.isEmpty { return text }
                if text.count >= 10, text.prefix(4).allSatisfy(\.isNumber), text.dropFirst(4).first == "-" {
                    return markedDate + text.dropFirst(10)
                }
                if key == "open" || key == "close" { return "1337" }
                let sentinel = "SNTL\(sentinels.count)QX"
                sentinels.append(sentinel)
                if let scheme = text.range(of: "://") { return text[..<scheme.upperBound] + sentinel.lowercased() + "." + text[scheme.upperBound...] }
                return text + sentinel
            case is NSNumber where key == "latitude": return NSNumber(value: latitude)
            case is NSNumber where key == "longitude": return NSNumber(value: longitude)
            default: return value
            }
        }
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json", var fixture = try? E2E.object(url),
                  var response = fixture["response"] as? [String: Any], let status = response["status"] as? Int,
                  (200...299).contains(status), let body = response["body"] else { continue }
            response["body"] = walk(body, key: nil)
            fixture["response"] = response
            try E2E.write(fixture, to: url)
        }
        return sentinels
    }

    /// Every id in each 2xx answer under `folder` (the values of id fields, sorted), by relative path.
    static func ids(_ folder: URL) throws -> [String: [String]] {
        func collect(_ value: Any, key: String?, into ids: inout [String]) {
            switch value {
            case let object as [String: Any]: for (name, child) in object { collect(child, key: name, into: &ids) }
            case let array as [Any]: for child in array { collect(child, key: key, into: &ids) }
            case let text as String where key.map { $0 == "id" || $0.hasSuffix("_id") && $0 != "census_block_id" && $0 != "facebook_id" && $0 != "store_id" } == true:
                ids.append(text)
            default: break
            }
        }
        var result: [String: [String]] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json", let fixture = try? E2E.object(url), let response = fixture["response"] as? [String: Any],
                  let status = response["status"] as? Int, (200...299).contains(status), let body = response["body"] else { continue }
            var ids: [String] = []
            collect(body, key: nil, into: &ids)
            result[String(url.path.dropFirst(folder.path.count))] = ids.sorted()
        }
        return result
    }

    /// Every record call here re-records everything, at once, without retries.
    static let recordAll = ["--mode", "all", "--retries", "0", "--concurrency", "8"]

    /// The bodies of every fixture under `folder`, by relative path.
    static func bodies(_ folder: URL) throws -> [String: NSObject] {
        var result: [String: NSObject] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json", let fixture = try? E2E.object(url),
                  let body = (fixture["response"] as? [String: Any])?["body"] as? NSObject else { continue }
            result[String(url.path.dropFirst(folder.path.count))] = body
        }
        return result
    }

    @Test func recordingMarkedAnswersWritesNoSentinelKeepsIdsReplaysGreenDriftsCleanAndRepeatsItself() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served")
            let first = tmp.appendingPathComponent("first"), second = tmp.appendingPathComponent("second")
            try copyShippedFixtures(to: served)
            try copyShippedFixtures(to: first)
            try copyShippedFixtures(to: second)
            let sentinels = try Self.mark(served)
            #expect(sentinels.count > 100, "the corpus's answers carry many place attributes")
            let emulator = try await EmulatorProcess(fixtures: served)
            defer { emulator.stop() }

            let recorded = try await Products.record(first, emulator.baseURL, Self.recordAll, key: E2E.sentinel)
            #expect(recorded.status == 1, "fixtures were written: \(recorded.stdout.suffix(1500))")
            #expect(!recorded.stdout.contains(" 0 updated"), "\(recorded.stdout.suffix(800))")
            #expect(!recorded.stdout.contains("synthetic body would not decode"), "\(recorded.stdout.suffix(2000))")
            let replay = try await Products.run(["run", "--fixtures", first.path, "--report", tmp.appendingPathComponent("replay.xml").path])
            #expect(replay.status == 0, "the recorded fixtures replay green: \(replay.stdout.suffix(1500))")
            let drift = try await Products.run(
                ["drift", "--base-url", emulator.baseURL, "--fixtures", first.path, "--retries", "0",
                 "--report", tmp.appendingPathComponent("drift.xml").path, "--summary", tmp.appendingPathComponent("drift.md").path],
                environment: ["FSQ_API_KEY": E2E.sentinel])
            #expect(drift.status == 0, "no synthetic value reads as drift: \(drift.stdout.suffix(2500))")

            let written = E2E.allText(under: first)
            let outputs = [recorded.stdout, recorded.stderr, replay.stdout, replay.stderr, drift.stdout, drift.stderr,
                           E2E.allText(under: tmp.appendingPathComponent("replay.xml")), E2E.allText(under: tmp.appendingPathComponent("drift.xml")),
                           E2E.allText(under: tmp.appendingPathComponent("drift.md"))].joined(separator: "\n")
            for sentinel in sentinels {
                #expect(!written.contains(sentinel), "\(sentinel) reached a fixture")
                #expect(!outputs.contains(sentinel), "\(sentinel) reached a report or the output")
            }
            #expect(!written.contains("\"1337\""), "an opening time was kept")
            #expect(written.contains("\"values\": \"synthetic\""))
            let servedIDs = try Self.ids(served), writtenIDs = try Self.ids(first)
            // Synthesized fixtures are not recorded again (record leaves them out): theirs stay as shipped.
            for (path, ids) in servedIDs where !ids.isEmpty && !path.contains("/synthetic-") {
                #expect(writtenIDs[path] == ids, "\(path): the ids were kept")
            }

            let again = try await Products.record(second, emulator.baseURL, Self.recordAll, key: E2E.sentinel)
            #expect(again.status == 1)
            let firstBodies = try Self.bodies(first), secondBodies = try Self.bodies(second)
            #expect(firstBodies.keys.sorted() == secondBodies.keys.sorted())
            for (path, body) in firstBodies { #expect(secondBodies[path] == body, "\(path) differs between two recordings") }
        }
    }

    @Test func keepValuesWritesRawValuesThatTheAuditRefusesAndScrubRemoves() async throws {
        try await withTemporaryDirectory { tmp in
            let served = tmp.appendingPathComponent("served"), recorded = tmp.appendingPathComponent("recorded")
            let one = ["place-details/2025-06-17/200-typical.json"]
            try copyFixtures(one, to: served)
            try copyFixtures(one, to: recorded)
            let sentinels = try Self.mark(served)
            let emulator = try await EmulatorProcess(fixtures: served)
            let kept = try await Products.record(recorded, emulator.baseURL, Self.recordAll + ["--keep-values"], key: E2E.sentinel)
            emulator.stop()
            #expect(kept.status == 1, "\(kept.stdout)")
            let file = try E2E.object(recorded.appendingPathComponent(one[0]))
            let info = try #require(file["recorded"] as? [String: Any])
            #expect(info["values"] as? String == "raw")
            #expect(info["at"] is String, "the fixture says when it was recorded")
            #expect(sentinels.dropFirst(3).contains { E2E.allText(under: recorded).contains($0) }, "--keep-values kept the answer")

            let policy = tmp.appendingPathComponent("policy.json")
            try Data(#"{"keepValues": false}"#.utf8).write(to: policy)
            let audit = try await Products.run(["fixtures", "audit", "--fixtures", recorded.path, "--project", policy.path])
            #expect(audit.status == 1, "\(audit.stdout)")
            #expect(audit.stdout.contains("FAIL place-details/2025-06-17/200-typical.json (recorded 0 days ago): raw values under keepValues: false"),
                    "\(audit.stdout)")
            let allowed = tmp.appendingPathComponent("allowed.json")
            try Data(#"{"keepValues": true, "fixtureMaxAgeDays": 1}"#.utf8).write(to: allowed)
            let young = try await Products.run(["fixtures", "audit", "--fixtures", recorded.path, "--project", allowed.path])
            #expect(young.status == 0, "\(young.stdout)")
            #expect(young.stdout.contains("RAW  place-details/2025-06-17/200-typical.json (recorded 0 days ago)"), "\(young.stdout)")

            let check = try await Products.run(["fixtures", "scrub", recorded.path, "--check", "--no-project"])
            #expect(check.status == 1, "\(check.stdout)")
            let scrub = try await Products.run(["fixtures", "scrub", recorded.path, "--no-project"])
            #expect(scrub.status == 0, "\(scrub.stdout)")
            for sentinel in sentinels { #expect(!E2E.allText(under: recorded).contains(sentinel), "\(sentinel) survived scrub") }
            let after = try await Products.run(["fixtures", "audit", "--fixtures", recorded.path, "--project", policy.path])
            #expect(after.status == 0, "\(after.stdout)")
            let checkAgain = try await Products.run(["fixtures", "scrub", recorded.path, "--check", "--no-project"])
            #expect(checkAgain.status == 0, "\(checkAgain.stdout)")
        }
    }

    @Test func theShippedCorpusPassesTheAudit() async throws {
        let audit = try await Products.run(["fixtures", "audit"], currentDirectory: Products.packageRoot)
        #expect(audit.status == 0, "\(audit.stdout)\(audit.stderr)")
        #expect(audit.stdout.contains(", 0 holding recorded raw values, 0 failing (keepValues: false)"), "\(audit.stdout)")
    }

    /// What a verdict is: which testcase, and whether it passed, failed, errored or was skipped (times ignored).
    static func verdicts(_ report: URL) throws -> [String] {
        try E2E.cases(report.path).map { testCase in
            let kind: String
            switch testCase.outcome {
            case .passed: kind = "passed"
            case .failure: kind = "failure"
            case .error: kind = "error"
            case .skipped: kind = "skipped"
            }
            return "\(testCase.classname) \(testCase.name): \(kind)"
        }.sorted()
    }

    @Test func scrubbingACopyOfTheShippedCorpusLeavesEveryReplayVerdictUnchanged() async throws {
        try await withTemporaryDirectory { tmp in
            let corpus = tmp.appendingPathComponent("corpus")
            try copyShippedFixtures(to: corpus)
            let before = tmp.appendingPathComponent("before.xml"), after = tmp.appendingPathComponent("after.xml")
            let first = try await Products.run(["run", "--fixtures", corpus.path, "--report", before.path])
            #expect(first.status == 0, "\(first.stdout.suffix(800))")
            let original = try Self.bodies(corpus)
            let scrub = try await Products.run(["fixtures", "scrub", corpus.path, "--all", "--no-project"])
            #expect(scrub.status == 0, "\(scrub.stdout.suffix(2000))")
            let scrubbed = try Self.bodies(corpus)
            let changed = original.filter { scrubbed[$0.key] != $0.value }.count
            #expect(changed > 50, "scrub replaced the place data of the 2xx answers (\(changed) bodies changed)")
            let second = try await Products.run(["run", "--fixtures", corpus.path, "--report", after.path])
            #expect(second.status == first.status, "\(second.stdout.suffix(1500))")
            let was = try Self.verdicts(before), now = try Self.verdicts(after)
            #expect(was.count == now.count)
            #expect(was == now, "\(Set(was).symmetricDifference(now).sorted().prefix(10))")
        }
    }
}
