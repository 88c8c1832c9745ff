import ArgumentParser
import ContractHarness
import Foundation
import FoursquarePlaces
import JUnitXML

/// `fsq-contract drift`: call the live server for every fixture and grade what moved.
struct DriftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift",
        abstract: "Compare live responses with the fixtures and grade each change by what the Swift models read.",
        discussion: """
            ERR: the change breaks decoding (a required field removed, a read field changing type) or the status class \
            changed. WARN: an optional field the model reads disappeared or turned null, or the content type changed. \
            INFO: added fields, or fields the model does not read. Fixtures/drift-config.json ignores paths and overrides grades.
            Exit status: 0 no breaking drift, 1 ERR found (or WARN with --fail-on warn) or a call failed, 2 usage error.
            """)

    @OptionGroup var fixtureOptions: FixtureOptions

    @Option(name: .long, help: "Where to write the JUnit XML report.")
    var report: String = "Reports/drift.xml"

    @Option(name: .long, help: "Also write a markdown summary (for a pull-request comment or $GITHUB_STEP_SUMMARY).")
    var summary: String?

    @Option(name: .long, help: "Also write the findings as JSON.")
    var json: String?

    @Option(name: .long, help: "Lowest grade that fails the run: err or warn.")
    var failOn: FailOn = .err

    @Option(name: .long, help: "Auth styles to call with: apiKey, bearer or both.")
    var auth: AuthChoice = .both

    @Option(name: .long, help: "X-Places-Api-Version for the bearer style.")
    var apiVersion: String = FoursquareClient.defaultAPIVersion

    @OptionGroup(title: "Live calls") var connection: ConnectionFlags
    @OptionGroup(title: "Live calls") var limits: LiveLimitFlags

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case err, warn
        var grade: DriftGrade { self == .err ? .err : .warn }
    }

    func run() async throws {
        do {
            var options = try connection.options(authStyles: auth.styles, apiVersion: apiVersion)
            try limits.apply(to: &options)
            try LiveHandOff.ensureLiveStack(verb: "fsq-contract drift")
            let loaded = try fixtureOptions.load()
            let config: DriftConfig
            do {
                config = try DriftConfig.load(fixturesRoot: fixtureOptions.fixturesURL)
            } catch {
                throw UsageFailure("--fixtures \(error)")
            }
            var fixtures: [Fixture] = []
            var broken: [CaseResult] = []
            for item in loaded {
                switch item {
                case let .fixture(fixture): fixtures.append(fixture)
                case let .broken(path, hint, error):
                    broken.append(CaseResult(endpoint: hint, fixture: path, auth: nil, check: .load,
                                             verdict: .error(message: error.description, detail: error.description)))
                }
            }
            if options.key == nil { writeStderr("fsq-contract drift: FSQ_API_KEY is not set; drift cases are reported as skipped") }
            let results = await DriftRunner(options: options, config: config)
                .run(fixtures, progress: Progress.reporter(label: "drift"))
            let cases = broken + DriftRunner.caseResults(results, failOn: failOn.grade)
            let baseURL = options.baseURL.absoluteString
            print(Self.terminal(results))
            print(Summary.render(cases, maxProblems: 20))

            var properties: [(String, String)] = [
                ("mode", "drift"), ("auth_styles", auth.styles.map(\.rawValue).joined(separator: ",")),
                ("base_url", baseURL), ("api_version", apiVersion), ("tool_version", ToolVersion.current),
                ("fail_on", failOn.rawValue),
            ]
            properties += DriftRunner.gradeCounts(results)
            do {
                try HarnessReport(properties: properties).write(cases, to: report)
                if let summary {
                    try AtomicFile.write(Data(DriftRunner.markdown(results, baseURL: baseURL).utf8), to: URL(fileURLWithPath: summary))
                }
                if let json {
                    try AtomicFile.write(try DriftRunner.json(results, baseURL: baseURL), to: URL(fileURLWithPath: json))
                }
            } catch {
                throw UsageFailure("cannot write an output: \(error)")
            }
            print("report: \(report)" + (summary.map { ", summary: \($0)" } ?? "") + (json.map { ", json: \($0)" } ?? ""))
            if cases.contains(where: \.verdict.isProblem) { throw ExitCode(1) }
        } catch let failure as UsageFailure {
            writeStderr("fsq-contract drift: \(failure)")
            throw ExitCode(2)
        }
    }

    /// Every change, worst first, one line each.
    static func terminal(_ results: [DriftResult]) -> String {
        var lines: [String] = []
        for result in results.sorted(by: { ($0.worst ?? .info, $1.fixture) > ($1.worst ?? .info, $0.fixture) })
        where !result.changes.isEmpty {
            lines.append("\(result.worst!.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)) \(result.fixture) [\(result.auth)]")
            for change in result.changes { lines.append("       \(change.line)") }
        }
        let failed = results.filter { $0.problem != nil }.count
        if failed > 0 { lines.append("drift: \(failed) of \(results.count) calls got no answer to compare, so their drift is unknown") }
        return lines.isEmpty ? "drift: no changes" : lines.joined(separator: "\n")
    }
}
