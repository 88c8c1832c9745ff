import Foundation
import HarnessCore
import HarnessReplay
import JUnitXML
import Testing
import TestSupport

/// `fsq-contract run` as CI runs it: the built binary on fixture folders.
@Suite("fsq-contract run")
struct RunCommandTests {
    static let goodFixture = "place-search/200-typical.json"

    /// Runs `run` on `folder` and returns the result and the parsed report.
    func run(_ folder: URL, _ extra: [String] = []) async throws -> (CommandResult, TestReport) {
        let report = folder.appendingPathComponent("out/junit.xml").path
        let result = try await Products.run(["run", "--fixtures", folder.path, "--report", report] + extra)
        return (result, try ReportReader.read(path: report))
    }

    func testCase(_ report: TestReport, _ name: String) -> TestCase? {
        report.suites.flatMap(\.testCases).first { $0.name == name }
    }

    func problemText(_ testCase: TestCase?) -> String {
        switch testCase?.outcome {
        case let .failure(problem)?, let .error(problem)?: return problem.message + "\n" + problem.text
        default: return ""
        }
    }

    func isFailure(_ testCase: TestCase?) -> Bool {
        if case .failure? = testCase?.outcome { return true }
        return false
    }

    func isError(_ testCase: TestCase?) -> Bool {
        if case .error? = testCase?.outcome { return true }
        return false
    }

    /// A copy of a shipped fixture with `change` applied to its JSON object.
    func mutated(_ path: String, _ change: (inout [String: Any]) -> Void) throws -> Data {
        let data = try Data(contentsOf: Products.packageRoot.appendingPathComponent("Fixtures/\(path)"))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        change(&object)
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    @Test func shippedCorpusPassesAndTheReportValidates() async throws {
        try await withTemporaryDirectory { tmp in
            let report = tmp.appendingPathComponent("junit.xml").path
            let result = try await Products.run(["run", "--report", report], currentDirectory: Products.packageRoot)
            #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
            let parsed = try ReportReader.read(path: report)
            // Derived from the corpus: a request case per accepted style, and one response case, per fixture, a
            // paging case per page that names the next; and each documented bound's edges, counted for no fixture.
            let fixtures = try FixtureLoader(root: Products.packageRoot.appendingPathComponent("Fixtures")).loadAll()
            let fromFixtures = fixtures.reduce(0) { total, item in
                guard case let .fixture(fixture) = item else { return total + 1 }
                return total + fixture.contract.authStyles.count + 1 + (PagingCheck.applies(to: fixture) ? 1 : 0)
            }
            let bounds = DocumentedBound.all.filter { bound in
                fixtures.contains { if case let .fixture(f) = $0 { f.contract == bound.contract && f.endpoint == bound.endpoint } else { false } }
            }.reduce(0) { $0 + $1.cases.count }
            // The client's defaults against the documents: each contract's base URL, each write's dry run.
            let defaults = parsed.suites.first { $0.name == "client-defaults" }?.testCases.count ?? 0
            // Each dated version against its own document: 2025-06-17's registry and enum values (the line's first: no changes).
            let versions = parsed.suites.first { $0.name == "version-document" }?.testCases.map(\.name) ?? []
            #expect(versions == ["2025-06-17/registry request", "2025-06-17/enum values request"])
            let expected = fromFixtures + bounds + defaults + versions.count
            #expect(parsed.tests == expected)
            #expect(bounds > 0 && defaults > 0)
            #expect(result.stdout.contains("\(expected) cases: \(fromFixtures) from \(fixtures.count) fixtures, \(bounds + defaults + versions.count) in bounds, client-defaults, version-document (no fixture)"),
                    "\(result.stdout.suffix(300))")
            #expect(parsed.failures == 0 && parsed.errors == 0)
            // One suite per top folder (an endpoint's, or scenarios/ for the app-flow set), each testcase named
            // `<fixture> [<auth>] <check>`.
            let endpoints = Set(fixtures.map { String($0.relativePath.split(separator: "/")[0]) })
            #expect(Set(parsed.suites.map(\.name)) == endpoints.union(["bounds", "client-defaults", "version-document"]))
            let names = Set(parsed.suites.flatMap(\.testCases).map(\.name))
            #expect(names.contains("place-details/404-not-found.json error-mapping"))
            #expect(names.contains("place-details/404-not-found.json [apiKey] request"))
            let properties = Dictionary(uniqueKeysWithValues: parsed.suites[0].properties.map { ($0.name, $0.value) })
            #expect(properties["mode"] == "replay")
            #expect(properties["auth_styles"] == "apiKey,bearer")
            #expect(properties["tool_version"] != nil && properties["fixtures"] != nil)
            #expect(try SchemaValidator.bundled().validate(reportPath: report).isEmpty)
            for xsd in ["jenkins-xunit-junit-10.xsd", "windyroad-JUnit.xsd"] {
                guard let url = ConsumerSchemas.junitXSD(xsd) else { continue }
                let errors = try SchemaValidator(schemaPath: url.path).validate(reportPath: report)
                #expect(errors.isEmpty, "\(xsd): \(errors.prefix(3))")
            }
            #expect(result.stdout.contains("place-search"))
        }
    }

    @Test func optionalAttributesStayValidWhereTheirSchemasAllowThem() async throws {
        try await withTemporaryDirectory { tmp in
            let report = tmp.appendingPathComponent("junit.xml").path
            let totals = try await Products.run(["run", "--filter", "chains", "--junit-root-totals", "--report", report],
                                          currentDirectory: Products.packageRoot)
            #expect(totals.status == 0)
            let text = try String(contentsOfFile: report, encoding: .utf8)
            #expect(text.contains("<testsuites name=\"fsq-contract\" tests=\"57\" failures=\"0\" errors=\"0\""))
            #expect(try SchemaValidator.bundled().validate(reportPath: report).isEmpty)
            if let jenkins = ConsumerSchemas.junitXSD("jenkins-xunit-junit-10.xsd") {
                #expect(try SchemaValidator(schemaPath: jenkins.path).validate(reportPath: report).isEmpty)
            }
            let files = try await Products.run(["run", "--filter", "chains", "--junit-file-attributes", "--report", report],
                                         currentDirectory: Products.packageRoot)
            #expect(files.status == 0)
            #expect(try String(contentsOfFile: report, encoding: .utf8).contains("file=\"Fixtures/chains/200-typical.json\""))
            #expect(try SchemaValidator.bundled().validate(reportPath: report).isEmpty)
        }
    }

    @Test func aBodyThatDoesNotDecodeFailsWithItsJSONPath() async throws {
        try await withTemporaryDirectory { tmp in
            let data = try mutated(Self.goodFixture) { object in
                var response = object["response"] as! [String: Any]
                var body = response["body"] as! [String: Any]
                var results = body["results"] as! [[String: Any]]
                results[0]["name"] = 42
                body["results"] = results
                response["body"] = body
                object["response"] = response
            }
            try writeFile(data, at: Self.goodFixture, in: tmp)
            let (result, report) = try await run(tmp)
            #expect(result.status == 1)
            let failed = testCase(report, "\(Self.goodFixture) decoding")
            #expect(isFailure(failed))
            #expect(problemText(failed).contains("$.results[0].name"))
            #expect(problemText(failed).contains("expected string, found number"))
            #expect(result.stdout.contains("FAIL \(Self.goodFixture) decoding"))
        }
    }

    @Test func aHeaderExpectationTheClientBreaksFails() async throws {
        try await withTemporaryDirectory { tmp in
            let data = try mutated("autocomplete/200-typical.json") { object in
                var request = object["request"] as! [String: Any]
                request["headers"] = ["accept": "application/json", "authorization": "<redacted>",
                                      "x-places-api-version": "2024-01-01"]
                object["request"] = request
            }
            try writeFile(data, at: "autocomplete/200-typical.json", in: tmp)
            let (result, report) = try await run(tmp)
            #expect(result.status == 1)
            let bearer = testCase(report, "autocomplete/200-typical.json [bearer] request")
            #expect(isFailure(bearer))
            #expect(problemText(bearer).contains("x-places-api-version"))
            #expect(problemText(bearer).contains("2024-01-01"))
            // The apiKey style sends no version header, so it has nothing to break.
            #expect(testCase(report, "autocomplete/200-typical.json [apiKey] request")?.outcome == .passed)
        }
    }

    @Test func aWrongExpectedErrorFails() async throws {
        try await withTemporaryDirectory { tmp in
            let path = "place-details/404-not-found.json"
            let data = try mutated(path) { object in object["expect"] = ["error": "forbidden"] }
            try writeFile(data, at: path, in: tmp)
            let (result, report) = try await run(tmp)
            #expect(result.status == 1)
            let failed = testCase(report, "\(path) error-mapping")
            #expect(isFailure(failed))
            #expect(problemText(failed).contains("expected forbidden, got notFound"))
        }
    }

    @Test func everyKindOfBadFixtureIsAnErrorTestcaseAndTheRestStillRun() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures([Self.goodFixture], to: tmp)
            var cases: [(String, Data, String)] = [
                ("chains/malformed.json", Data("{\"endpoint\": \"chains\", ".utf8), "malformed JSON"),
                ("chains/empty.json", Data(), "file is empty"),
                ("chains/garbage.json", Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0x1A, 0xFF, 0x00]), "binary content"),
                ("chains/latin1.json", Data("{\"endpoint\": \"chains\", \"x\": \"caf".utf8) + Data([0xE9, 0x22, 0x7D]), "not valid UTF-8"),
            ]
            cases.append(("chains/no-status.json", try mutated("chains/200-typical.json") { object in
                var response = object["response"] as! [String: Any]
                response["status"] = nil
                object["response"] = response
            }, "$.response.status: required field is missing"))
            cases.append(("chains/string-status.json", try mutated("chains/200-typical.json") { object in
                var response = object["response"] as! [String: Any]
                response["status"] = "200"
                object["response"] = response
            }, "$.response.status: expected integer, found string"))
            cases.append(("chains/unknown-endpoint.json", try mutated("chains/200-typical.json") { object in
                object["endpoint"] = "venues"
            }, "unknown endpoint id 'venues'"))
            cases.append(("chains/no-such-path.json", try mutated("chains/200-typical.json") { object in
                var request = object["request"] as! [String: Any]
                request["path"] = "/v2/venues/explore"
                object["request"] = request
            }, "'/v2/venues/explore' matches no endpoint"))
            for (path, data, _) in cases { try writeFile(data, at: path, in: tmp) }
            // Unreadable: a link to nothing (chmod 000 does not stop root).
            try FileManager.default.createSymbolicLink(
                atPath: tmp.appendingPathComponent("chains/dangling.json").path, withDestinationPath: "/nonexistent/x.json")
            cases.append(("chains/dangling.json", Data(), "cannot be read"))

            let (result, report) = try await run(tmp)
            #expect(result.status == 1)
            for (path, _, reason) in cases {
                let errored = testCase(report, "\(path) load")
                #expect(isError(errored), "\(path)")
                #expect(problemText(errored).contains(path), "\(path)")
                #expect(problemText(errored).contains(reason), "\(path): \(problemText(errored))")
            }
            // The good fixture still ran in full.
            #expect(testCase(report, "\(Self.goodFixture) decoding")?.outcome == .passed)
            #expect(report.errors == cases.count)
        }
    }

    @Test func controlCharactersAndCDATAEndInABodyKeepTheReportWellFormed() async throws {
        try await withTemporaryDirectory { tmp in
            let path = "chains/500-server-error.json"
            let nasty = "boom \u{1B}[31m ]]> <x> & \u{0}\u{7} \u{FFFE} done"
            let data = try mutated(path) { object in
                var response = object["response"] as! [String: Any]
                response["body"] = ["message": nasty, "error_detail": "]]>]]>"]
                object["response"] = response
                object["expect"] = ["error": "notFound"]  // force a failure whose text carries the message
            }
            try writeFile(data, at: path, in: tmp)
            let (result, report) = try await run(tmp)
            #expect(result.status == 1)
            let failed = testCase(report, "\(path) error-mapping")
            #expect(problemText(failed).contains("]]> <x> &"))
            #expect(problemText(failed).contains("\\u{1B}"))
            #expect(try SchemaValidator.bundled().validate(reportPath: tmp.appendingPathComponent("out/junit.xml").path).isEmpty)
        }
    }

    @Test func usageErrorsExitTwoWithOneLine() async throws {
        let missing = try await Products.run(["run", "--fixtures", "/nonexistent/fixtures"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--fixtures /nonexistent/fixtures"))
        #expect(missing.stderr.split(separator: "\n").count == 1)
        let badFlag = try await Products.run(["run", "--auth", "basic"])
        #expect(badFlag.status == 2)
        #expect(badFlag.stderr.contains("--auth"))
        let noMatch = try await Products.run(["run", "--filter", "venues-*"], currentDirectory: Products.packageRoot)
        #expect(noMatch.status == 2)
        #expect(noMatch.stderr.contains("venues-*"))
    }

    @Test(arguments: [
        ("3/2", "shard 3 does not exist when there are 2"),
        ("-1/2", "numbered from 1"),
        ("1/0", "must be at least 1"),
        ("a/b", "not two whole numbers"),
    ])
    func badShardsSayWhatIsWrongAndWhatIsValid(shard: String, reason: String) async throws {
        let result = try await Products.run(["run", "--shard", shard], currentDirectory: Products.packageRoot)
        #expect(result.status == 2)
        #expect(result.stderr.contains(reason) && result.stderr.contains("--shard 2/4"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aReportPathThatIsAFolderGetsOneLineAndTheSummaryStillPrints() async throws {
        try await withTemporaryDirectory { tmp in
            let result = try await Products.run(["run", "--filter", "chains", "--report", tmp.path], currentDirectory: Products.packageRoot)
            #expect(result.status == 2)
            #expect(result.stderr.contains("--report \(tmp.path): is a folder"), "\(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain"))
            #expect(result.stdout.contains("57 passed, 0 failed: 57 cases from 19 fixtures"), "\(result.stdout)")
        }
    }

    @Test func unknownContractsAndABareCommandAreUsageErrors() async throws {
        let contract = try await Products.run(["run", "--contract", "2019"], currentDirectory: Products.packageRoot)
        #expect(contract.status == 2)
        #expect(contract.stderr.contains("known: seed, 2025-06-17"), "\(contract.stderr)")
        let bare = try await Products.run([])
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("USAGE"))
    }

    @Test func aLinkOutsideTheFixturesFolderIsAnErrorNamingIt() async throws {
        try await withTemporaryDirectory { tmp in
            try copyFixtures([Self.goodFixture], to: tmp)
            let outside = tmp.appendingPathComponent("outside.json")
            try Data("{}".utf8).write(to: outside)
            let fixtures = tmp.appendingPathComponent("place-search").deletingLastPathComponent()
            try FileManager.default.createSymbolicLink(atPath: fixtures.appendingPathComponent("place-search/linked.json").path,
                                                       withDestinationPath: "/etc/hostname")
            let (result, report) = try await run(fixtures)
            #expect(result.status == 1)
            let linked = testCase(report, "place-search/linked.json load")
            #expect(isError(linked))
            #expect(problemText(linked).contains("outside the fixtures folder"), "\(problemText(linked))")
        }
    }

    @Test func filterAndAuthSelectCases() async throws {
        try await withTemporaryDirectory { tmp in
            let report = tmp.appendingPathComponent("r.xml").path
            let result = try await Products.run(["run", "--filter", "chains", "--auth", "bearer", "--report", report],
                                          currentDirectory: Products.packageRoot)
            #expect(result.status == 0)
            let parsed = try ReportReader.read(path: report)
            let cases = parsed.suites.flatMap(\.testCases)
            #expect(!cases.isEmpty)
            #expect(cases.allSatisfy { $0.classname == "chains" })
            // The request is checked under the chosen style only; the response once, with no style.
            #expect(cases.allSatisfy { $0.name.contains("[bearer] request") || !$0.name.contains("[") })
            #expect(!cases.contains { $0.name.contains("[apiKey]") })
            let glob = try await Products.run(["run", "--filter", "place-*/404*", "--report", report],
                                        currentDirectory: Products.packageRoot)
            #expect(glob.status == 0)
            let globbed = try ReportReader.read(path: report).suites.flatMap(\.testCases)
            #expect(Set(globbed.map(\.classname)) == ["place-details", "place-tips", "place-photos", "place-search", "place-suggest-edit", "place-flag",
                                                         "place-suggest-remove", "place-suggest-status", "place-top-venue-woes"])
            #expect(globbed.allSatisfy { $0.name.contains("/404") })
        }
    }
}
