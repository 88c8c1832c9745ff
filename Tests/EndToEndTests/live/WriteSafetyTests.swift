import Foundation
import FoursquarePlaces
import JUnitXML
import Testing
import TestSupport

/// Live calls never change real data unless asked: against a loopback server that speaks all eighteen 2025-06-17
/// operations and logs every request (it is not the emulator), `run --live`, `drift` and `record --mode all` send
/// suggestions only as dry runs and never call a write that has no dry run; `--allow-writes` lets exactly the named
/// operation through; a write is never sent twice; credentials in an answer reach no file and no output.
@Suite("Write safety against a server that speaks every operation", .serialized)
struct WriteSafetyTests {
    static let key = "write-safety-key-4e1d"
    static let corpus = Products.packageRoot.appendingPathComponent("Fixtures")
    static let credentialSentinel = "CREDENTIAL-SENTINEL-9b2f61"

    enum Mode: Sendable { case normal, unavailable, sentinelCredentials }

    /// The body of each operation's first 2xx fixture, so every answer decodes as the API's would.
    static let bodies: [EndpointID: String] = {
        var result: [EndpointID: String] = [:]
        for entry in Contract.v20250617.endpoints {
            let folder = corpus.appendingPathComponent(entry.id.rawValue).appendingPathComponent("2025-06-17")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("200-") }.sorted()
            guard let name = names.first, let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
                  let fixture = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let response = fixture["response"] as? [String: Any], let body = response["body"],
                  let encoded = try? JSONSerialization.data(withJSONObject: body, options: [.fragmentsAllowed]) else { continue }
            result[entry.id] = String(decoding: encoded, as: UTF8.self)
        }
        return result
    }()

    /// A server written here: routes by the document's method and path, checks the bearer key, logs everything.
    static func server(_ mode: Mode) async throws -> EchoServer {
        try await EchoServer.start { request in
            guard let route = RequestMatcher.route(method: request.method, path: request.path, in: .v20250617) else {
                return .json(404, #"{"message":"Not found."}"#)
            }
            guard request.header("authorization") == "Bearer \(key)" else { return .json(401, #"{"message":"Invalid request token."}"#) }
            if mode == .unavailable { return .json(503, #"{"message":"Service unavailable"}"#) }
            if mode == .sentinelCredentials, !route.endpoint.secretFields.isEmpty {
                return .json(200, #"{"access_key_id":"AK-\#(credentialSentinel)","secret_access_key":"SK-\#(credentialSentinel)","session_token":"ST-\#(credentialSentinel)","job_id":"job-1","input_uri":"s3://bucket/in/","output_uri":"s3://bucket/out/"}"#)
            }
            return .json(200, bodies[route.endpoint.id] ?? "{}")
        }
    }

    /// Each logged request with its operation and decoded query.
    static func calls(_ server: EchoServer) -> [(endpoint: Endpoint, query: [String: String], request: EchoServer.RecordedRequest)] {
        server.requests.compactMap { request in
            guard let route = RequestMatcher.route(method: request.method, path: request.path, in: .v20250617) else { return nil }
            var components = URLComponents()
            components.percentEncodedQuery = request.rawQuery
            var query: [String: String] = [:]
            for item in components.queryItems ?? [] { query[item.name] = item.value ?? "" }
            return (route.endpoint, query, request)
        }
    }

    static func run(_ arguments: [String], _ server: EchoServer) async throws -> CommandResult {
        try await Products.run(arguments + ["--base-url", server.baseURL.absoluteString, "--contract", "2025-06-17"],
                               environment: ["FSQ_API_KEY": key, "CI": "false"])
    }

    /// The three live verbs with their defaults, each against a fresh server; `body` checks each one's log.
    static func eachVerb(
        _ mode: Mode, extra: [String] = [], _ body: (String, CommandResult, EchoServer) throws -> Void
    ) async throws {
        try await withTemporaryDirectory { tmp in
            let copy = tmp.appendingPathComponent("Fixtures")
            try FileManager.default.copyItem(at: corpus, to: copy)
            let verbs: [(String, [String])] = [
                ("run --live", ["run", "--live", "--fixtures", corpus.path, "--report", tmp.appendingPathComponent("live.xml").path]),
                ("drift", ["drift", "--fixtures", corpus.path, "--report", tmp.appendingPathComponent("drift.xml").path]),
                ("record --mode all", ["record", "--mode", "all", "--fixtures", copy.path]),
            ]
            for (name, arguments) in verbs {
                let server = try await server(mode)
                let result = try await run(arguments + extra, server)
                await server.stop()
                try body(name, result, server)
            }
        }
    }

    @Test func withDefaultsNoSuggestionIsAppliedAndNoWriteWithoutADryRunIsCalled() async throws {
        try await Self.eachVerb(.normal) { verb, result, server in
            let calls = Self.calls(server)
            let suggestions = calls.filter { $0.endpoint.effect == .dryRunnableWrite }
            // The suggestion fixtures were called (the check below could fail), every one as a dry run.
            #expect(Set(suggestions.map(\.endpoint.id)).count == 5, "\(verb): \(result.stdout.suffix(1500))")
            for call in suggestions { #expect(call.query["dry_run"] == "true", "\(verb): \(call.request.target)") }
            #expect(!calls.contains { $0.endpoint.effect == .write }, "\(verb): \(calls.filter { $0.endpoint.effect == .write }.map(\.request.target))")
            // Reads still happen, and the terminal counts the writes.
            #expect(calls.contains { $0.endpoint.id == .placeSearch }, "\(verb)")
            #expect(result.stdout.contains("writes sent: \(suggestions.count) (\(suggestions.count) dry runs, 0 applied)"),
                    "\(verb): \(result.stdout.suffix(800))")
        }
    }

    @Test func theAllowListLetsExactlyTheNamedOperationThrough() async throws {
        try await Self.eachVerb(.normal, extra: ["--allow-writes", "geotagging/confirm"]) { verb, result, server in
            let writes = Self.calls(server).filter { $0.endpoint.effect == .write }
            #expect(!writes.isEmpty, "\(verb): \(result.stdout.suffix(1500))")
            #expect(Set(writes.map(\.endpoint.id)) == [.geotaggingConfirm], "\(verb)")
        }
    }

    @Test func aTypoInTheAllowListIsAnErrorAndSendsNothing() async throws {
        let server = try await Self.server(.normal)
        let result = try await Self.run(["run", "--live", "--fixtures", Self.corpus.path, "--allow-writes", "geotaging-confirm"], server)
        await server.stop()
        #expect(result.status == 2, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("geotaging-confirm") && result.stderr.contains("not an operation that writes"), "\(result.stderr)")
        #expect(server.requests.isEmpty)
    }

    @Test func anAppliedWriteAnswered503IsNotSentAgainADryRunOnceAndAReadTwice() async throws {
        try await withTemporaryDirectory { tmp in
            let server = try await Self.server(.unavailable)
            let result = try await Self.run(["run", "--live", "--fixtures", Self.corpus.path, "--report", tmp.appendingPathComponent("live.xml").path,
                                             "--allow-writes", "geotagging-confirm"], server)
            await server.stop()
            // Every operation answers only 503: the run could not judge, and stops calling once that is clear.
            #expect(result.status == 3, "\(result.stdout.suffix(800))")
            // A request is its target and key (this server is not the emulator: no fixture header is sent).
            var sent: [String: (Endpoint, Int)] = [:]
            for call in Self.calls(server) {
                let id = (call.request.header("authorization") ?? "") + " " + call.request.target
                sent[id] = (call.endpoint, (sent[id]?.1 ?? 0) + 1)
            }
            // A write that may have been applied is sent once; a dry run (it applies nothing) at most twice.
            let writes = sent.filter { $0.value.0.effect.writes }
            let dryRun = { (id: String) in id.contains("dry_run=true") }
            #expect(writes.allSatisfy { $0.value.1 <= (dryRun($0.key) ? 2 : 1) }, "\(writes.filter { $0.value.1 > (dryRun($0.key) ? 2 : 1) }.keys.sorted())")
            #expect(writes.contains { !dryRun($0.key) }, "the corpus sends an applied write (--allow-writes geotagging-confirm)")
            // The same answer to a read is retried (--retries 2 by default): the count above could have been higher.
            #expect(sent.values.contains { !$0.0.effect.writes && $0.1 == 3 })
        }
    }

    @Test func aRecordingOfCredentialsKeepsThemOutOfEveryFileAndAllOutput() async throws {
        try await withTemporaryDirectory { tmp in
            let copy = tmp.appendingPathComponent("Fixtures")
            try FileManager.default.copyItem(at: Self.corpus, to: copy)
            // An older recording, so that this one rewrites the file.
            let file = copy.appendingPathComponent("offline-jobs-initialize/2025-06-17/200-typical.json")
            try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "s3://fsq-offline-jobs/", with: "s3://older/")
                .write(to: file, atomically: true, encoding: .utf8)
            let server = try await Self.server(.sentinelCredentials)
            let record = try await Self.run(["record", "--mode", "all", "--fixtures", copy.path, "--filter", "offline-jobs-initialize",
                                             "--allow-writes", "offline-jobs-initialize", "--keep-values"], server)
            let live = try await Self.run(["run", "--live", "--fixtures", copy.path, "--filter", "offline-jobs-initialize",
                                           "--allow-writes", "offline-jobs-initialize",
                                           "--report", tmp.appendingPathComponent("live.xml").path], server)
            let drift = try await Self.run(["drift", "--fixtures", copy.path, "--filter", "offline-jobs-initialize",
                                            "--allow-writes", "offline-jobs-initialize",
                                            "--report", tmp.appendingPathComponent("drift.xml").path,
                                            "--json", tmp.appendingPathComponent("drift.json").path], server)
            await server.stop()
            // The server was asked, and answered the sentinel.
            #expect(Self.calls(server).contains { $0.endpoint.id == .offlineJobsInitialize }, "\(record.stdout)")
            // The file was rewritten from this answer, with each credential redacted.
            let written = try String(contentsOf: file, encoding: .utf8)
            #expect(written.contains("s3://bucket/in/") && !written.contains("s3://older/"), "\(record.stdout)\n\(written)")
            for field in ["access_key_id", "secret_access_key", "session_token"] {
                #expect(written.range(of: #""\#(field)" ?: "<redacted>""#, options: .regularExpression) != nil, "\(field): \(written)")
            }
            for output in [record.stdout, record.stderr, live.stdout, live.stderr, drift.stdout, drift.stderr, E2E.allText(under: tmp)] {
                #expect(!output.contains(Self.credentialSentinel))
            }
        }
    }
}
