import Foundation
import JUnitXML
import Testing
import TestSupport

/// `fsq-contract spec-diff` as a user and a CI runner run it: the built binary (the OpenAPI trait's
/// differ), Foursquare's own document and copies of it edited by hand, and the weekly job's script fetching
/// the "vendor" document from a loopback HTTP server.
@Suite("spec-diff", .serialized, .timeLimit(.minutes(5)))
struct SpecDiffTests {
    static let search = "/places/search"
    static let tips = "/places/{fsq_place_id}/tips"

    /// Foursquare's document with the four breaking edits of the issue: the place id removed from search's
    /// results, a new required search parameter, the tips operation removed, `distance` made a string; plus a new
    /// optional string field on a place, beside the removed id (so the two read as one rename).
    static func changedCopy(at url: URL) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: FoursquareDocument.path))
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var paths = try #require(document["paths"] as? [String: Any])
        var searchItem = try #require(paths[search] as? [String: Any])
        var get = try #require(searchItem["get"] as? [String: Any])
        var parameters = try #require(get["parameters"] as? [[String: Any]])
        parameters.append(["name": "region", "in": "query", "required": true, "schema": ["type": "string"]])
        get["parameters"] = parameters
        var responses = try #require(get["responses"] as? [String: Any])
        var ok = try #require(responses["200"] as? [String: Any])
        var content = try #require(ok["content"] as? [String: Any])
        var json = try #require(content["application/json"] as? [String: Any])
        var schema = try #require(json["schema"] as? [String: Any])
        var properties = try #require(schema["properties"] as? [String: Any])
        var results = try #require(properties["results"] as? [String: Any])
        var items = try #require(results["items"] as? [String: Any])
        var place = try #require(items["properties"] as? [String: Any])
        place["fsq_place_id"] = nil
        place["distance"] = ["type": "string"]
        place["vibe"] = ["type": "string"]
        items["properties"] = place
        results["items"] = items
        properties["results"] = results
        schema["properties"] = properties
        json["schema"] = schema
        content["application/json"] = json
        ok["content"] = content
        responses["200"] = ok
        get["responses"] = responses
        searchItem["get"] = get
        paths[search] = searchItem
        paths[tips] = nil
        document["paths"] = paths
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: url)
    }

    @Test func theDocumentAgainstItselfHasNoChanges() async throws {
        let document = FoursquareDocument.path
        let r = try await Products.run(["spec-diff", document, document], environment: ["FSQ_API_KEY": E2E.sentinel])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("no changes"), "\(r.stdout)")
        #expect(!r.stdout.contains(E2E.sentinel) && !r.stderr.contains(E2E.sentinel))
    }

    @Test func handMadeBreakingChangesExitOneNamingOperationAndPointer() async throws {
        try await withTemporaryDirectory { tmp in
            let changed = tmp.appendingPathComponent("changed.json")
            try Self.changedCopy(at: changed)
            let markdown = tmp.appendingPathComponent("changelog.md"), report = tmp.appendingPathComponent("spec-diff.xml")
            let json = tmp.appendingPathComponent("spec-diff.json")
            let r = try await Products.run(["spec-diff", FoursquareDocument.path, changed.path, "--markdown", markdown.path,
                                            "--report", report.path, "--json", json.path])
            #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
            let lines = r.stdout.split(separator: "\n").map(String.init)
            func line(_ grade: String, _ operation: String, _ pointer: String) -> Bool {
                lines.contains { $0.contains(grade) && $0.contains(operation) && $0.contains(pointer) }
            }
            #expect(line("breaking", "GET /places/search (place-search)", "/properties/results/items/properties/fsq_place_id"), "\(r.stdout)")
            #expect(line("breaking", "GET /places/search (place-search)", "/properties/results/items/properties/distance"), "\(r.stdout)")
            #expect(line("breaking", "GET /places/search (place-search)", "#/paths/~1places~1search/get/parameters/19"), "\(r.stdout)")
            #expect(line("breaking", "GET /places/{fsq_place_id}/tips (place-tips)", "#/paths/~1places~1{fsq_place_id}~1tips/get"), "\(r.stdout)")
            // The place id removed and `vibe` added beside it, both strings: one line, a rename to look at.
            #expect(lines.contains { $0.contains("renamed? response field $.results[*].fsq_place_id removed and $.results[*].vibe added beside it") },
                    "\(r.stdout)")
            #expect(!line("info", "GET /places/search", "/properties/results/items/properties/vibe"), "\(r.stdout)")

            let changelog = try String(contentsOf: markdown, encoding: .utf8)
            #expect(changelog.contains("## Breaking") && changelog.contains("$.results[*].fsq_place_id") && changelog.contains("renamed?"))
            let decoded = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
            #expect(decoded["breaking"] as? Int == 4 && decoded["failing"] as? Int == 4, "\(decoded)")
            // One case per operation: search and tips fail, details passes.
            let cases = try E2E.cases(report.path)
            #expect(cases.count >= 18)
            #expect(cases.filter { if case .failure = $0.outcome { true } else { false } }.map(\.name).sorted()
                    == ["GET /places/search (place-search)", "GET /places/{fsq_place_id}/tips (place-tips)"])
            #expect(cases.contains { $0.name.hasPrefix("GET /places/{fsq_place_id} ") && $0.outcome == .passed })
            let validated = try await Products.run(["validate-report", report.path])
            #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
        }
    }

    @Test func aKnownBreakingChangeInTheBaselineDoesNotFail() async throws {
        try await withTemporaryDirectory { tmp in
            let changed = tmp.appendingPathComponent("changed.json")
            try Self.changedCopy(at: changed)
            let json = tmp.appendingPathComponent("first.json")
            _ = try await Products.run(["spec-diff", FoursquareDocument.path, changed.path, "--json", json.path])
            let first = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
            let changes = try #require(first["changes"] as? [[String: Any]]).filter { $0["grade"] as? String == "breaking" }
            let entries = changes.map { change -> [String: String] in
                let endpoint = change["endpoint"] as! String, pointer = change["pointer"] as! String, kind = change["kind"] as! String
                return ["fingerprint": "2025-06-17/\(endpoint) spec-diff \(pointer) \(kind)", "reason": "planned migration", "expires": "2999-12-31"]
            }
            let baseline = tmp.appendingPathComponent("baseline.json")
            try JSONSerialization.data(withJSONObject: ["entries": entries]).write(to: baseline)
            let r = try await Products.run(["spec-diff", FoursquareDocument.path, changed.path, "--baseline", baseline.path])
            #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
            #expect(r.stdout.contains("4 breaking (4 known)") && r.stdout.contains("[baseline: planned migration]"), "\(r.stdout)")
        }
    }

    @Test func aMissingOrUnreadableDocumentIsOneLineAndExitTwo() async throws {
        try await withTemporaryDirectory { tmp in
            let missing = tmp.appendingPathComponent("nope.json").path
            var r = try await Products.run(["spec-diff", FoursquareDocument.path, missing])
            #expect(r.status == 2)
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(missing), "\(r.stderr)")
            let broken = tmp.appendingPathComponent("broken.json")
            try Data("{\"openapi\": \"3.0.1\", \"paths\": ".utf8).write(to: broken)
            r = try await Products.run(["spec-diff", broken.path, FoursquareDocument.path])
            #expect(r.status == 2)
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(broken.path) && r.stderr.contains("not valid JSON"), "\(r.stderr)")
            r = try await Products.run(["spec-diff", FoursquareDocument.path, FoursquareDocument.path, "--contract", "1999-01-01"])
            #expect(r.status == 2 && r.stderr.contains("--contract 1999-01-01"), "\(r.stderr)")
        }
    }

    @Test func anOldDocumentWithNoneOfTheClientsOperationsIsExitTwo() async throws {
        try await withTemporaryDirectory { tmp in
            let other = tmp.appendingPathComponent("other-api.json")
            try Data(#"{"openapi": "3.1.0", "info": {"title": "Another API", "version": "1"}, "paths": {"/weather": {"get": {"responses": {"200": {"description": "ok"}}}}}}"#.utf8).write(to: other)
            let r = try await Products.run(["spec-diff", other.path, FoursquareDocument.path, "--contract", "2025-06-17"])
            #expect(r.status == 2, "\(r.stdout)\n\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains(other.path)
                    && r.stderr.contains("holds none of the") && r.stderr.contains("for 2025-06-17; check --contract"), "\(r.stderr)")
        }
    }

    @Test func aMissingBaselineIsExitTwoNamingIt() async throws {
        try await withTemporaryDirectory { tmp in
            let missing = tmp.appendingPathComponent("no-baseline.json").path
            let r = try await Products.run(["spec-diff", FoursquareDocument.path, FoursquareDocument.path, "--baseline", missing])
            #expect(r.status == 2, "\(r.stdout)\n\(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.contains("--baseline \(missing): no such file; fix the path"), "\(r.stderr)")
        }
    }

    /// The weekly job's script, run by bash as a runner would, with a loopback HTTP server playing the vendor.
    static func weekly(serving document: URL, in tmp: URL, url: String? = nil) async throws -> (CommandResult, [String: String]) {
        let site = tmp.appendingPathComponent("site"), out = tmp.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: document, to: site.appendingPathComponent("places.json"))
        let outputs = tmp.appendingPathComponent("github-output")
        let script = Products.packageRoot.appendingPathComponent("Examples/ci/spec-diff-weekly.sh").path
        let shell = """
            python3 -c 'import functools, http.server, os, signal, sys
            os.closerange(3, 4096)  # the test runner learns a child ended when every copy of its fds is closed
            signal.pthread_sigmask(signal.SIG_SETMASK, [])  # the runner blocks SIGTERM; its children inherit that
            handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
            open(sys.argv[2] + ".tmp", "w").write(str(server.server_address[1]))
            __import__("os").rename(sys.argv[2] + ".tmp", sys.argv[2])
            server.serve_forever()' "$SITE" "$PORT_FILE" 2>/dev/null &
            server=$!
            for _ in $(seq 100); do [ -s "$PORT_FILE" ] && break; sleep 0.1; done
            bash "$SCRIPT" "${VENDOR_URL:-http://127.0.0.1:$(cat "$PORT_FILE")/places.json}" "$SHIPPED" "$OUT"
            status=$?
            kill -KILL "$server"
            exit "$status"
            """
        var environment = ProcessInfo.processInfo.environment
        environment["FSQ_BIN"] = Products.directory.path
        environment["GITHUB_OUTPUT"] = outputs.path
        environment["SITE"] = site.path
        environment["PORT_FILE"] = tmp.appendingPathComponent("port").path
        environment["SCRIPT"] = script
        environment["SHIPPED"] = FoursquareDocument.path
        environment["OUT"] = out.path
        environment["VENDOR_URL"] = url
        for name in ["https_proxy", "http_proxy", "all_proxy", "HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY"] { environment[name] = nil }
        let r = try await runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", shell], environment: environment, currentDirectory: tmp,
                                     timeout: .seconds(120))
        let text = (try? String(contentsOf: outputs, encoding: .utf8)) ?? ""
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return (r, values)
    }

    @Test func theWeeklyJobWritesTheChangelogOfAChangedVendorDocument() async throws {
        try await withTemporaryDirectory { tmp in
            let changed = tmp.appendingPathComponent("changed.json")
            try Self.changedCopy(at: changed)
            let (r, outputs) = try await Self.weekly(serving: changed, in: tmp)
            #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
            #expect(outputs["status"] == "1" && outputs["changed"] == "true", "\(outputs)")
            let out = tmp.appendingPathComponent("out")
            let changelog = try String(contentsOf: out.appendingPathComponent("changelog.md"), encoding: .utf8)
            #expect(changelog.contains("**4 breaking") && changelog.contains("GET /places/{fsq_place_id}/tips"), "\(changelog)")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("spec-diff.xml").path))
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("spec-diff.json").path))
        }
    }

    @Test func theWeeklyJobIsGreenWhenTheVendorDocumentIsTheShippedOne() async throws {
        try await withTemporaryDirectory { tmp in
            let (r, outputs) = try await Self.weekly(serving: URL(fileURLWithPath: FoursquareDocument.path), in: tmp)
            #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
            #expect(outputs["status"] == "0" && outputs["changed"] == "false", "\(outputs)")
            let changelog = try String(contentsOf: tmp.appendingPathComponent("out/changelog.md"), encoding: .utf8)
            #expect(changelog.contains("No changes."))
        }
    }

    @Test func theWeeklyJobSaysWhenTheVendorURLDoesNotAnswer() async throws {
        try await withTemporaryDirectory { tmp in
            try await withRefusedPort { port in
                let (r, outputs) = try await Self.weekly(serving: URL(fileURLWithPath: FoursquareDocument.path), in: tmp,
                                                         url: "http://127.0.0.1:\(port)/places.json")
                #expect(r.status == 2, "\(r.stdout)\n\(r.stderr)")
                #expect(outputs["status"] == "2")
                #expect(r.stderr.contains("cannot fetch the provider's document from http://127.0.0.1:\(port)/places.json"), "\(r.stderr)")
            }
        }
    }
}
