import Foundation
import HarnessProject
import Testing
import TestSupport

/// The project file's guide cannot go stale: its table lists exactly the keys the decoder reads.
@Suite("project file guide")
struct ProjectFileGuideTests {
    static let guide = Products.packageRoot.appendingPathComponent("Sources/ContractCLI/ContractCLI.docc/ProjectFile.md")

    /// The keys in the first column of the table headed `| key |`: `drift.failOn` counts as `drift`.
    static func guideKeys() throws -> [String] {
        let text = try String(contentsOf: guide, encoding: .utf8)
        let rows = text.split(separator: "\n").drop { !$0.hasPrefix("| key |") }.dropFirst(2).prefix { $0.hasPrefix("|") }
        return rows.flatMap { row -> [String] in
            let first = row.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
            return first.matches(of: /`([A-Za-z]+)[^`]*`/).map { String($0.1) }
        }
    }

    @Test func theGuidesTableListsEveryKeyTheDecoderReadsAndNoOther() throws {
        let documented = try Self.guideKeys()
        #expect(documented.count == Set(documented).count, "a key listed twice: \(documented)")
        #expect(Set(documented) == Set(ProjectFile.keys),
                "in the code only: \(Set(ProjectFile.keys).subtracting(documented).sorted()); in the guide only: \(Set(documented).subtracting(ProjectFile.keys).sorted())")
    }

    @Test func everyKeyTheGuideListsIsAcceptedByTheDecoder() throws {
        // A key that the table lists but the decoder refused would fail here with "unknown key".
        try withKnownDirectory { folder in
            for key in try Self.guideKeys() {
                let value: String = switch key {
                case "drift": #"{"failOn": "err"}"#
                case "openapi": "{}"
                case "liveContracts": #"["2025-06-17"]"#
                case "redactHeaders", "allowWrites": "[]"
                case "outsidePlan": #"["place-tips"]"#
                case "maxCalls", "rateLimit", "fixtureMaxAgeDays": "5"
                case "staleFails", "keepValues": "false"
                case "baseURL": #""https://places-api.foursquare.com""#
                case "coverage": #"{"minimum": 100}"#
                default: #""x""#
                }
                let file = folder.appendingPathComponent("fsq-contract.json")
                try Data("{\"\(key)\": \(value)}".utf8).write(to: file)
                #expect(throws: Never.self, "\(key)") { try ProjectFile.load(file, name: file.path) }
            }
        }
    }

    func withKnownDirectory(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }
}
