import Foundation
import JUnitXML
import Testing
import TestSupport

/// Helpers shared by the end-to-end suites.
enum E2E {
    /// The shipped corpus as the Swift OpenAPI stand-in can answer it: the seed folders, the six reads every
    /// contract has, and the app-flow scenarios (reads of those six). The other 2025-06-17 operations are checked against `AllOperationsServer` (write safety)
    /// and the Python stand-in, so the stand-in's tests keep their meaning. Copied once (the loader follows no link).
    static let standInCorpus: URL = {
        let all = Products.packageRoot.appendingPathComponent("Fixtures")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("standin-corpus-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let spoken: Set<String> = ["place-details", "place-tips", "place-photos", "places-autocomplete", "place-search", "geotagging",
                                   "categories", "chains", "autocomplete", "geotagging-candidates", "scenarios"]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: all.path)) ?? [] where spoken.contains(name) {
            let copy = folder.appendingPathComponent(name)
            try? FileManager.default.copyItem(at: all.appendingPathComponent(name), to: copy)
            // The stand-in speaks 2025-06-17 only: a later version's folder (a scaffolded one) is not its corpus.
            for version in (try? FileManager.default.contentsOfDirectory(atPath: copy.path)) ?? []
            where version.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil && version != "2025-06-17" {
                try? FileManager.default.removeItem(at: copy.appendingPathComponent(version))
            }
        }
        return folder
    }()

    static let sentinel = "SENTINEL-KEY-e2e-7f3a9c1d5b"

    static func cases(_ path: String) throws -> [TestCase] {
        try ReportReader.read(path: path).suites.flatMap(\.testCases)
    }

    static func problem(_ testCase: TestCase) -> String? {
        switch testCase.outcome {
        case let .failure(problem), let .error(problem): return problem.message + "\n" + problem.text
        default: return nil
        }
    }

    /// Schema errors from the project's XSD and the xUnit and Ant ones (`ConsumerSchemas`: skipped, with a
    /// warning, when the shared `junit-schemas` are not beside the package).
    static func schemaErrors(_ report: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        var errors = try SchemaValidator.bundled().validate(reportPath: report)
        for xsd in ["jenkins-xunit-junit-10.xsd", "windyroad-JUnit.xsd"] {
            guard let url = ConsumerSchemas.junitXSD(xsd, sourceLocation: sourceLocation) else { continue }
            errors += try SchemaValidator(schemaPath: url.path).validate(reportPath: report).map { "\(xsd): \($0)" }
        }
        return errors
    }

    /// Reads a fixture file as a mutable JSON object.
    static func object(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    static func write(_ object: [String: Any], to url: URL) throws {
        try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]).write(to: url)
    }

    /// Rewrites the error fixture at `url` so the emulator answers its request with 200 and an empty result.
    static func makeAnswer200(_ url: URL) throws {
        var fixture = try object(url)
        var response = fixture["response"] as! [String: Any]
        response["status"] = 200
        response["body"] = ["results": []]
        fixture["response"] = response
        fixture["expect"] = nil
        try write(fixture, to: url)
    }

    /// Changes `response.body` of the fixture at `url`.
    static func editBody(_ url: URL, _ change: (inout [String: Any]) -> Void) throws {
        var fixture = try object(url)
        var response = fixture["response"] as! [String: Any]
        var body = response["body"] as! [String: Any]
        change(&body)
        response["body"] = body
        fixture["response"] = response
        try write(fixture, to: url)
    }

    /// Every file's text under `folder`, for secret scans.
    static func allText(under folder: URL) -> String {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return "" }
        var text = ""
        for case let url as URL in enumerator {
            if let data = try? Data(contentsOf: url) { text += String(decoding: data, as: UTF8.self) }
        }
        return text
    }
}
