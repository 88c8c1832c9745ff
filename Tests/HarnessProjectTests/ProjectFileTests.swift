import Foundation
import FoursquarePlaces
import HarnessProject
import Testing
import TestSupport

@Suite struct ProjectFileTests {
    static let complete = #"""
        {"fixtures": "Fixtures", "report": "Reports/junit.xml", "reportDir": "Reports/suites",
         "baseURL": "https://places-api.foursquare.com", "liveContracts": ["2025-06-17"],
         "drift": {"failOn": "warn", "report": "Reports/drift.xml", "summary": "Reports/drift.md"},
         "redactHeaders": ["X-Request-Id"],
         "openapi": {"2025-06-17": {"document": "spec/openapi.json", "overrides": "/abs/overrides.json"}}}
        """#

    @Test func everyKeyDecodesAndRelativePathsResolveAgainstTheFilesFolder() throws {
        try withTemporaryDirectory { folder in
            try writeFile(Data(Self.complete.utf8), at: "app/fsq-contract.json", in: folder)
            let project = try ProjectFile.find(explicit: "app/fsq-contract.json", disabled: false, directory: folder.path)
            #expect(project.name == "app/fsq-contract.json")
            #expect(project.fixtures == "app/Fixtures")
            #expect(project.report == "app/Reports/junit.xml")
            #expect(project.reportDir == "app/Reports/suites")
            #expect(project.baseURL == "https://places-api.foursquare.com")
            #expect(project.liveContracts == ["2025-06-17"])
            #expect(project.drift == ProjectFile.Drift(failOn: .warn, report: "app/Reports/drift.xml", summary: "app/Reports/drift.md"))
            #expect(project.redactHeaders == ["X-Request-Id"])
            #expect(project.openapi == ["2025-06-17": ProjectFile.OpenAPISource(document: "app/spec/openapi.json",
                                                                                overrides: "/abs/overrides.json")])
        }
    }

    @Test func theFileInTheCurrentFolderKeepsItsPathsAsWrittenAndNoFileIsNone() throws {
        try withTemporaryDirectory { folder in
            #expect(try ProjectFile.find(explicit: nil, disabled: false, directory: folder.path) == .none)
            try writeFile(Data(#"{"fixtures": "F", "liveContracts": ["seed"]}"#.utf8), at: "fsq-contract.json", in: folder)
            let project = try ProjectFile.find(explicit: nil, disabled: false, directory: folder.path)
            #expect(project.fixtures == "F" && project.report == nil && project.liveContracts == ["seed"])
            #expect(try ProjectFile.find(explicit: nil, disabled: true, directory: folder.path) == .none)
        }
    }

    @Test func theShippedProjectFileNamesTheCurrentContractLive() throws {
        let project = try ProjectFile.find(explicit: nil, disabled: false, directory: Products.packageRoot.path)
        #expect(project.liveContracts == ["2025-06-17"])
        #expect(project.fixtures == "Fixtures" && project.report == "Reports/junit.xml")
        #expect(project.baseURL == "https://places-api.foursquare.com")
    }

    @Test(arguments: [
        (#"{"fixture": "F"}"#, "fsq-contract.json: $.fixture: unknown key 'fixture' (known here: fixtures, report, reportDir, baseURL, liveContracts, drift, redactHeaders, openapi, maxCalls, rateLimit, staleFails, fixtureMaxAgeDays, baseline, caFile, allowWrites, outsidePlan, keepValues, coverage); fix or remove it"),
        (#"{"outsidePlan": ["place_tips"]}"#, "$.outsidePlan: 'place_tips' is not an operation id (known: "),
        (#"{"drift": {"failOn": "info"}}"#, "fsq-contract.json: $.drift.failOn: 'info' is not err or warn; fix it, or pass --no-project"),
        (#"{"drift": {"fail_on": "err"}}"#, "$.drift.fail_on: unknown key 'fail_on' (known here: failOn, report, summary)"),
        (#"{"liveContracts": ["2030-01-01"]}"#, "$.liveContracts: unknown contract '2030-01-01' (known: \(Contract.knownList))"),
        (#"{"liveContracts": []}"#, "$.liveContracts: is empty"),
        (#"{"liveContracts": "2025-06-17"}"#, "$.liveContracts: expected array, found string"),
        (#"{"baseURL": "places-api.foursquare.com"}"#, "$.baseURL: 'places-api.foursquare.com' is not an http(s) URL"),
        (#"{"openapi": {"2025-06-17": {"doc": "x"}}}"#, "$.openapi.2025-06-17.doc: unknown key 'doc'"),
        (#"{"openapi": {"v9": {}}}"#, "$.openapi: unknown contract 'v9'"),
        (#"{"fixtures": "F""#, "fsq-contract.json: malformed JSON"),
        (#"{"coverage": {"minimum": {"2030-01-01": 90}}}"#, "$.coverage.minimum: unknown contract '2030-01-01' (known: \(Contract.knownList))"),
        (#"{"coverage": {"minimum": 120}}"#, "$.coverage.minimum: 120.0 for every contract is not a percentage from 0 to 100"),
        (#"{"coverage": {"minimum": "all"}}"#, "$.coverage.minimum: is neither a percentage (0 to 100) nor an object of them by contract"),
        (#"{"coverage": {"min": 90}}"#, "$.coverage.min: unknown key 'min' (known here: minimum)"),
    ])
    func eachMistakeNamesTheFileTheKeyAndWhatToDo(json: String, expected: String) throws {
        try withTemporaryDirectory { folder in
            try writeFile(Data(json.utf8), at: "fsq-contract.json", in: folder)
            #expect { try ProjectFile.find(explicit: nil, disabled: false, directory: folder.path) } throws: { error in
                let text = "\(error)"
                return text.contains(expected) && !text.contains("\n")
            }
        }
    }

    @Test func coverageMinimumIsAPercentageForEveryContractOrByContract() throws {
        try withTemporaryDirectory { folder in
            try writeFile(Data(#"{"coverage": {"minimum": {"seed": 90, "*": 75}}}"#.utf8), at: "fsq-contract.json", in: folder)
            let project = try ProjectFile.find(explicit: nil, disabled: false, directory: folder.path)
            #expect(project.coverageMinimum(for: "seed") == 90)
            #expect(project.coverageMinimum(for: "2025-06-17") == 75)
            #expect(ProjectFile.none.coverageMinimum(for: "seed") == nil)
        }
    }

    @Test func aMissingExplicitFileOrBothFlagsAreErrors() throws {
        try withTemporaryDirectory { folder in
            #expect { try ProjectFile.find(explicit: "nope.json", disabled: false, directory: folder.path) } throws: {
                "\($0)" == "nope.json: no such project file (--project); give the path of an fsq-contract.json"
            }
            #expect { try ProjectFile.find(explicit: "nope.json", disabled: true, directory: folder.path) } throws: {
                "\($0)".contains("--project and --no-project contradict each other")
            }
        }
    }

    @Test func liveVerbsRunTheLiveContractsAndNameWhatTheyLeftOut() throws {
        var project = ProjectFile(path: "fsq-contract.json")
        project.liveContracts = ["2025-06-17"]
        let live = try ContractSelection(flag: nil, project: project, live: true)
        #expect(live.contracts == ["2025-06-17"] && live.single == "2025-06-17")
        #expect(live.includes(contract: "2025-06-17") && !live.includes(contract: "seed"))
        #expect(live.leftOut == Contract.known.filter { $0 != "2025-06-17" })
        // The line names only the contracts left out that the folder has fixtures of.
        #expect(live.leftOutLine(among: ["seed", "2025-06-17"])
            == "left out: seed (not in fsq-contract.json liveContracts; --contract seed to include it)")
        #expect(live.leftOutLine(among: ["2025-06-17"]) == nil)
        // Every dated version live: only seed is left out, and the line says how to include it alone.
        var dated = project
        dated.liveContracts = Contract.known.filter { $0 != .seed }
        #expect(try ContractSelection(flag: nil, project: dated, live: true).leftOutLine
            == "left out: seed (not in fsq-contract.json liveContracts; --contract seed to include it)")
        let replay = try ContractSelection(flag: nil, project: project, live: false)
        #expect(replay.contracts == nil && replay.leftOutLine == nil)
        let flag = try ContractSelection(flag: "seed", project: project, live: true)
        #expect(flag.contracts == ["seed"] && flag.leftOutLine == nil)
        let all = try ContractSelection(flag: "all", project: project, live: true)
        #expect(all.contracts == nil && all.includes(contract: "seed"))
        let noFile = try ContractSelection(flag: nil, project: .none, live: true)
        #expect(noFile.contracts == nil && noFile.leftOutLine == nil)
        #expect { try ContractSelection(flag: "2019", project: project, live: true) } throws: {
            "\($0)" == "--contract '2019' is not a known contract (known: \(Contract.knownList), all)"
        }
    }
}
