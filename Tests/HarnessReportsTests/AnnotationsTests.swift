import Foundation
@testable import HarnessCore
@testable import HarnessReports
import Testing

/// `::error` lines: the message once, the load error's place, paths relative to the workspace, GitHub's escaping.
@Suite struct AnnotationsTests {
    static func problem(message: String, detail: String, file: String? = "Fixtures/place-details/x.json",
                        line: Int? = nil, column: Int? = nil) -> ProblemCase {
        ProblemCase(kind: .failure, name: "place-details/x.json decoding", file: file, message: message, detail: detail,
                    line: line, column: column)
    }

    static func data(of line: String) -> String { String(line[line.range(of: "::", options: .backwards)!.upperBound...]) }

    @Test(arguments: [
        // The detail starts with the message (the decoding and error-mapping checks): the message is not repeated.
        ("expected forbidden, got notFound", "expected forbidden, got notFound\nthe client threw: notFound",
         "expected forbidden, got notFound%0Athe client threw: notFound"),
        // Message and detail equal (a load error).
        ("x.json: malformed JSON", "x.json: malformed JSON", "x.json: malformed JSON"),
        // A detail inside the message.
        ("wrong status: 500", "500", "wrong status: 500"),
        // Unrelated texts: both, once each.
        ("wrong status", "the server said no", "wrong status%0Athe server said no"),
    ])
    func theMessageAppearsOnce(message: String, detail: String, expected: String) {
        let lines = Annotations.lines([Self.problem(message: message, detail: detail)], problemCount: 1)
        #expect(lines.count == 1)
        #expect(Self.data(of: lines[0]) == expected)
        #expect(lines[0].components(separatedBy: message.replacingOccurrences(of: "\n", with: "%0A")).count == 2)
    }

    @Test func aLoadErrorCarriesLineAndColumn() {
        let lines = Annotations.lines([Self.problem(message: "m", detail: "m", line: 4, column: 17)], problemCount: 1)
        #expect(lines == ["::error file=Fixtures/place-details/x.json,line=4,col=17,title=place-details/x.json decoding::m"])
    }

    @Test func aLoadErrorFromTheLoaderReachesTheAnnotationWithItsPlace() {
        let path = "place-details/bad.json"
        let error: FixtureError
        do {
            _ = try FixtureLoader.parse(Data("{\n  \"endpoint\": [1,,2]}".utf8), relativePath: path)
            Issue.record("loaded")
            return
        } catch let caught {
            error = caught
        }
        let suite = "place-details"
        let out = JobPage(environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": "/work/repo"]).publish(
            [CaseResult.loadError(path: path, suite: suite, error: error)], title: "run", fixturesRoot: "/work/repo/Fixtures",
            reportPath: nil, key: nil)
        #expect(out.annotations == ["::error file=Fixtures/place-details/bad.json,line=2,col=18,title=place-details/bad.json load::"
            + "place-details/bad.json: malformed JSON at line 2, column 18: unexpected ',', expected a value"])
    }

    @Test(arguments: [
        ("/work/repo/Fixtures/a.json", "/work/repo", "Fixtures/a.json"),
        ("/work/repo/Fixtures/a.json", "/work/repo/", "Fixtures/a.json"),
        ("/work/repo/./Fixtures/../Fixtures/a.json", "/work/repo", "Fixtures/a.json"),
        ("/elsewhere/a.json", "/work/repo", "/elsewhere/a.json"),
        ("/work/repository/a.json", "/work/repo", "/work/repository/a.json"),
    ])
    func filesInsideTheWorkspaceAreRelativeToIt(file: String, workspace: String, expected: String) {
        #expect(Annotations.relative(file, to: workspace) == expected)
    }

    @Test func aRelativeFileIsTakenFromTheCurrentDirectory() {
        let current = FileManager.default.currentDirectoryPath
        let parent = URL(fileURLWithPath: current).deletingLastPathComponent().path
        let folder = URL(fileURLWithPath: current).lastPathComponent
        #expect(Annotations.relative("Fixtures/a.json", to: current) == "Fixtures/a.json")
        #expect(Annotations.relative("Fixtures/a.json", to: parent) == "\(folder)/Fixtures/a.json")
    }

    @Test func propertiesAndDataAreEscapedPerGitHubsRules() {
        let lines = Annotations.lines([ProblemCase(kind: .error, name: "a:b,c%d", file: "F/x,y:z.json",
                                                   message: "50% done\r\nnext: a, b", detail: "")], problemCount: 1)
        #expect(lines == ["::error file=F/x%2Cy%3Az.json,title=a%3Ab%2Cc%25d::50%25 done%0D%0Anext: a, b"])
    }
}
