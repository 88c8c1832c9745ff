import Foundation
import FoursquarePlaces
import HarnessCore

/// The project file, `fsq-contract.json`: the defaults every verb reads, so that a project declares once where its
/// fixtures and reports live, which server it calls and which contracts it uses live. Flags take precedence.
///
/// ```json
/// {"fixtures": "Fixtures", "report": "Reports/junit.xml", "reportDir": "Reports/suites",
///  "baseURL": "https://places-api.foursquare.com", "caFile": "certs/company-ca.pem", "liveContracts": ["2025-06-17"],
///  "drift": {"failOn": "err", "report": "Reports/drift.xml", "summary": "Reports/drift.md"},
///  "redactHeaders": ["X-Request-Id"],
///  "openapi": {"2025-06-17": {"document": "openapi.json", "overrides": "overrides.json"}},
///  "maxCalls": 500, "rateLimit": 8, "staleFails": false, "fixtureMaxAgeDays": 180,
///  "baseline": "drift-baseline.json", "keepValues": false, "outsidePlan": ["place-tips"]}
/// ```
///
/// Every key is optional; an unknown key is an error naming the file. Relative paths resolve against the file's
/// folder (a file in the current directory keeps them as written).
package struct ProjectFile: Sendable, Equatable {
    package static let fileName = "fsq-contract.json"

    /// The file as it was named (`fsq-contract.json`, or `--project`'s argument); nil for no file.
    package var path: String?
    package var fixtures: String?
    package var report: String?
    package var reportDir: String?
    package var baseURL: String?
    /// A PEM file of CA certificates live calls trust as well as the system's (`--ca-file`'s default).
    package var caFile: String?
    /// The contracts the project uses live: `run --live`, `drift` and `record` call only their fixtures.
    package var liveContracts: [ContractID]?
    package var drift = Drift()
    package var redactHeaders: [String] = []
    /// `allowWrites`: operations live runs may send as recorded (a sandbox account); see `WritePolicy`.
    package var allowWrites: [String] = []
    /// `outsidePlan`: operations (endpoint ids) the key's plan does not include. Live runs do not call them and list
    /// them as not checked, so a plan's limit is neither drift nor a night that could not judge.
    package var outsidePlan: [String] = []
    /// The OpenAPI document (and overrides) each contract is checked against, by contract id.
    package var openapi: [ContractID: OpenAPISource] = [:]
    /// Most calls a live run may make (`--max-calls`).
    package var maxCalls: Int?
    /// Most live calls in any one-second window (`--rate-limit`).
    package var rateLimit: Int?
    /// A fixture whose recorded place id no longer exists (stale) fails `run --live` and `drift`; by default it
    /// is reported and passes.
    package var staleFails = false
    /// Days after which a fixture's recording is old: `run`, `list` and the step summary warn about it.
    package var fixtureMaxAgeDays: Int?
    /// The baseline of known findings (`--baseline`).
    package var baseline: String?
    /// `keepValues`: `record` writes the answers' place data as the server sent it (a plan whose terms permit
    /// keeping it); nil or false: it writes synthetic values, and `fixtures audit` fails on any fixture that holds
    /// raw ones.
    package var keepValues: Bool?
    /// `coverage.minimum`: the share of each contract's documented members, statuses and header forms that replay
    /// must exercise, in percent, by contract; `*` for every contract the file does not name. The package's own file
    /// sets 100 for its corpus.
    package var coverageMinimum: [String: Double] = [:]

    /// The coverage `contract` must reach, in percent; nil when the project file sets none (or there is no file): a
    /// team's own corpus prints its coverage and lists the gaps, which fail nothing until the file asks for a share.
    package func coverageMinimum(for contract: String) -> Double? {
        coverageMinimum[contract] ?? coverageMinimum["*"]
    }

    /// `drift`'s defaults.
    package struct Drift: Sendable, Equatable {
        package var failOn: DriftFailOn?
        package var report: String?
        package var summary: String?
        package init(failOn: DriftFailOn? = nil, report: String? = nil, summary: String? = nil) {
            self.failOn = failOn
            self.report = report
            self.summary = summary
        }
    }

    /// Where a contract's OpenAPI document and its overrides are, paths resolved.
    package struct OpenAPISource: Sendable, Equatable {
        package var document: String?
        package var overrides: String?
        package init(document: String? = nil, overrides: String? = nil) {
            self.document = document
            self.overrides = overrides
        }
    }

    /// Every top-level key the file may hold, in the order the guide's table lists them; the decoder refuses others.
    package static var keys: [String] { Contents.CodingKeys.allCases.map(\.rawValue) }

    /// No project file: every verb uses its built-in defaults.
    package static let none = ProjectFile()

    package init(path: String? = nil) { self.path = path }

    /// The file's name for messages: `fsq-contract.json`, or the path `--project` named.
    package var name: String { path ?? Self.fileName }

    /// Reads the project file: `explicit` (`--project`), else `fsq-contract.json` in `directory` when it exists;
    /// `.none` with `disabled` (`--no-project`) or when there is none. Errors name the file, the key and what to do.
    package static func find(explicit: String?, disabled: Bool, directory: String = FileManager.default.currentDirectoryPath)
        throws(FixtureError) -> ProjectFile {
        if disabled {
            if let explicit {
                throw FixtureError(file: explicit, reason: "--project and --no-project contradict each other; pass one")
            }
            return .none
        }
        if let explicit {
            let url = URL(fileURLWithPath: explicit, relativeTo: URL(fileURLWithPath: directory, isDirectory: true))
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw FixtureError(file: explicit, reason: "no such project file (--project); give the path of an fsq-contract.json")
            }
            return try load(url, name: explicit)
        }
        let url = URL(fileURLWithPath: directory, isDirectory: true).appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return .none }
        return try load(url, name: fileName)
    }

    /// Decodes the file at `url`; `name` is how messages call it, and the folder its relative paths resolve against.
    package static func load(_ url: URL, name: String) throws(FixtureError) -> ProjectFile {
        let decoded = try ConfigFile.decode(Contents.self, from: url, file: name, advice: "or pass --no-project to ignore the file")
        let folder = (name as NSString).deletingLastPathComponent
        func resolve(_ path: String?) -> String? {
            guard let path else { return nil }
            if path.hasPrefix("/") || folder.isEmpty { return path }
            return (folder as NSString).appendingPathComponent(path)
        }
        var project = ProjectFile(path: name)
        project.fixtures = resolve(decoded.fixtures)
        project.report = resolve(decoded.report)
        project.reportDir = resolve(decoded.reportDir)
        project.baseURL = decoded.baseURL
        project.caFile = resolve(decoded.caFile)
        project.liveContracts = decoded.liveContracts
        project.drift = Drift(failOn: decoded.drift?.failOn, report: resolve(decoded.drift?.report),
                              summary: resolve(decoded.drift?.summary))
        project.redactHeaders = decoded.redactHeaders ?? []
        project.allowWrites = decoded.allowWrites ?? []
        project.outsidePlan = decoded.outsidePlan ?? []
        project.openapi = Dictionary(uniqueKeysWithValues: (decoded.openapi ?? [:]).map { name, source in
            (ContractID(name), OpenAPISource(document: resolve(source.document), overrides: resolve(source.overrides)))
        })
        project.maxCalls = decoded.maxCalls
        project.rateLimit = decoded.rateLimit
        project.staleFails = decoded.staleFails ?? false
        project.fixtureMaxAgeDays = decoded.fixtureMaxAgeDays
        project.baseline = resolve(decoded.baseline)
        project.keepValues = decoded.keepValues
        project.coverageMinimum = decoded.coverage?.minimum ?? [:]
        return project
    }

    /// The JSON as written; `load` resolves its paths.
    struct Contents: Decodable {
        var fixtures: String?
        var report: String?
        var reportDir: String?
        var baseURL: String?
        var caFile: String?
        var liveContracts: [ContractID]?
        var drift: DriftContents?
        var redactHeaders: [String]?
        var openapi: [String: OpenAPIContents]?
        var maxCalls: Int?
        var rateLimit: Int?
        var staleFails: Bool?
        var fixtureMaxAgeDays: Int?
        var baseline: String?
        var allowWrites: [String]?
        var outsidePlan: [String]?
        var keepValues: Bool?
        var coverage: CoverageContents?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case fixtures, report, reportDir, baseURL, liveContracts, drift, redactHeaders, openapi
            case maxCalls, rateLimit, staleFails, fixtureMaxAgeDays, baseline, caFile, allowWrites, outsidePlan, keepValues, coverage
        }

        init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func invalid(_ key: CodingKeys, _ reason: String) -> ConfigFile.InvalidValue {
                ConfigFile.InvalidValue(codingPath: decoder.codingPath + [key], reason: reason)
            }
            fixtures = try container.decodeIfPresent(String.self, forKey: .fixtures)
            report = try container.decodeIfPresent(String.self, forKey: .report)
            reportDir = try container.decodeIfPresent(String.self, forKey: .reportDir)
            baseURL = try container.decodeIfPresent(String.self, forKey: .baseURL)
            if let baseURL {
                guard BaseURL.parse(baseURL) != nil else {
                    throw invalid(.baseURL, "'\(baseURL)' is not an http(s) URL with a host, such as https://places-api.foursquare.com")
                }
            }
            caFile = try container.decodeIfPresent(String.self, forKey: .caFile)
            liveContracts = try container.decodeIfPresent([ContractID].self, forKey: .liveContracts)
            if let liveContracts {
                if liveContracts.isEmpty { throw invalid(.liveContracts, "is empty; name at least one contract, or remove the key") }
                if let unknown = liveContracts.first(where: { Contract.named($0) == nil }) {
                    throw invalid(.liveContracts, "unknown contract '\(unknown)' (known: \(Contract.knownList))")
                }
            }
            drift = try container.decodeIfPresent(DriftContents.self, forKey: .drift)
            redactHeaders = try container.decodeIfPresent([String].self, forKey: .redactHeaders)
            allowWrites = try container.decodeIfPresent([String].self, forKey: .allowWrites)
            if let allowWrites {
                do throws(WritePolicyError) { _ = try WriteOperationNames.parse(allowWrites) } catch { throw invalid(.allowWrites, error.description) }
            }
            outsidePlan = try container.decodeIfPresent([String].self, forKey: .outsidePlan)
            if let unknown = outsidePlan?.first(where: { name in !Contract.catalog.contains { $0.id.rawValue == name } }) {
                let known = Set(Contract.catalog.map(\.id.rawValue)).sorted().joined(separator: ", ")
                throw invalid(.outsidePlan, "'\(unknown)' is not an operation id (known: \(known))")
            }
            openapi = try container.decodeIfPresent([String: OpenAPIContents].self, forKey: .openapi)
            if let unknown = openapi?.keys.sorted().first(where: { Contract.named(ContractID($0)) == nil }) {
                throw invalid(.openapi, "unknown contract '\(unknown)' (known: \(Contract.knownList))")
            }
            for (key, name) in [(CodingKeys.maxCalls, "calls"), (.rateLimit, "calls a second"), (.fixtureMaxAgeDays, "days")] {
                if let value = try container.decodeIfPresent(Int.self, forKey: key), value < 1 {
                    throw invalid(key, "\(value) is not a positive number of \(name)")
                }
            }
            maxCalls = try container.decodeIfPresent(Int.self, forKey: .maxCalls)
            rateLimit = try container.decodeIfPresent(Int.self, forKey: .rateLimit)
            staleFails = try container.decodeIfPresent(Bool.self, forKey: .staleFails)
            fixtureMaxAgeDays = try container.decodeIfPresent(Int.self, forKey: .fixtureMaxAgeDays)
            baseline = try container.decodeIfPresent(String.self, forKey: .baseline)
            keepValues = try container.decodeIfPresent(Bool.self, forKey: .keepValues)
            coverage = try container.decodeIfPresent(CoverageContents.self, forKey: .coverage)
        }
    }

    /// `"coverage": {"minimum": 95}` for every contract, or `{"minimum": {"seed": 90, "2025-06-17": 100}}`.
    struct CoverageContents: Decodable {
        var minimum: [String: Double]?

        enum CodingKeys: String, CodingKey, CaseIterable { case minimum }

        init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func invalid(_ reason: String) -> ConfigFile.InvalidValue {
                ConfigFile.InvalidValue(codingPath: decoder.codingPath + [CodingKeys.minimum], reason: reason)
            }
            guard container.contains(.minimum) else { return }
            if let all = try? container.decode(Double.self, forKey: .minimum) {
                minimum = ["*": all]
            } else if let byContract = try? container.decode([String: Double].self, forKey: .minimum) {
                if let unknown = byContract.keys.sorted().first(where: { $0 != "*" && Contract.named(ContractID($0)) == nil }) {
                    throw invalid("unknown contract '\(unknown)' (known: \(Contract.knownList))")
                }
                minimum = byContract
            } else {
                throw invalid("is neither a percentage (0 to 100) nor an object of them by contract, such as {\"seed\": 90}")
            }
            if let (name, value) = minimum?.first(where: { !(0...100).contains($0.value) }) {
                throw invalid("\(value) for \(name == "*" ? "every contract" : name) is not a percentage from 0 to 100")
            }
        }
    }

    struct DriftContents: Decodable {
        var failOn: DriftFailOn?
        var report: String?
        var summary: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case failOn, report, summary }

        init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let raw = try container.decodeIfPresent(String.self, forKey: .failOn) {
                guard let grade = DriftFailOn(rawValue: raw.lowercased()) else {
                    throw ConfigFile.InvalidValue(codingPath: decoder.codingPath + [CodingKeys.failOn],
                                                  reason: "'\(raw)' is not err or warn")
                }
                failOn = grade
            }
            report = try container.decodeIfPresent(String.self, forKey: .report)
            summary = try container.decodeIfPresent(String.self, forKey: .summary)
        }
    }

    struct OpenAPIContents: Decodable {
        var document: String?
        var overrides: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case document, overrides }

        init(from decoder: any Decoder) throws {
            try ConfigFile.rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
            let container = try decoder.container(keyedBy: CodingKeys.self)
            document = try container.decodeIfPresent(String.self, forKey: .document)
            overrides = try container.decodeIfPresent(String.self, forKey: .overrides)
        }
    }
}
