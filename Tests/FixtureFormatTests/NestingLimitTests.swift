@testable import FixtureFormat
import Foundation
import Testing

/// Nesting and size limits: deep input is a load error naming the file, never a crash (5,000 `[` in a
/// request killed the run with SIGSEGV).
@Suite struct NestingLimitTests {
    static func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }

    static let envelope = #"{"endpoint": "place-details", "request": {"method": "GET", "path": "/places/abc", "deep": DEEP}, "#
        + #""response": {"status": 200, "body": BODY}, "recorded": {"source": "test"}}"#

    static func fixture(request: String = "1", body: String = #"{"fsq_id": "abc"}"#) -> Data {
        Data(envelope.replacingOccurrences(of: "DEEP", with: request).replacingOccurrences(of: "BODY", with: body).utf8)
    }

    @Test(arguments: [1, 10, 100, 511, 512])
    func nestingUpToFoundationsLimitParses(depth: Int) throws {
        _ = try JSONSpan.parse(Data(Self.nested(depth).utf8))
    }

    @Test(arguments: [513, 5_000, 100_000])
    func deeperNestingIsALimitErrorAtTheBracketPastTheLimit(depth: Int) {
        do {
            _ = try JSONSpan.parse(Data(Self.nested(depth).utf8))
            Issue.record("\(depth) levels parsed")
        } catch {
            #expect(error.reason == "nesting deeper than 512")
            #expect(error.limit)
            #expect(error.line == 1 && error.column == 513)
        }
    }

    @Test func deepNestingInsideTheCapturedBodyIsRefusedToo() {
        let text = #"{"response": {"body": "# + Self.nested(100_000) + "}}"
        do {
            _ = try JSONSpan.parse(Data(text.utf8), capture: ["response", "body"])
            Issue.record("parsed")
        } catch {
            #expect(error.reason == "nesting deeper than 512")
        }
    }

    /// The request sits two levels down, so 510 levels there make the file 512 deep.
    @Test(arguments: [(510, true), (511, false), (5_000, false), (100_000, false)])
    func aDeepRequestIsALoadErrorNamingTheFileLineAndColumn(depth: Int, loads: Bool) {
        let file = "place-details/deep.json"
        do {
            _ = try FixtureLoader.parse(Self.fixture(request: Self.nested(depth)), relativePath: file)
            #expect(loads, "\(depth) levels loaded")
        } catch {
            #expect(!loads)
            // The column of the first bracket past the limit: the request's first `[` is at column 91.
            #expect(error.description == "\(file): nesting deeper than 512 at line 1, column \(91 + 510)")
            #expect(error.line == 1 && error.column == 601)
        }
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fsq-size-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("place-details"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("place-details/huge.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        // Sparse: the loader must refuse it from its size alone, without allocating 64 MiB.
        #expect(truncate(path, off_t(FixtureLoader.maxFileSize + 1)) == 0)
        guard case let .broken(_, _, error) = FixtureLoader(root: root).load(relativePath: "place-details/huge.json") else {
            Issue.record("a file over the limit loaded")
            return
        }
        #expect(error.description == "place-details/huge.json: file is \(FixtureLoader.maxFileSize + 1) bytes, over the limit of \(FixtureLoader.maxFileSize) bytes (64 MiB) for a fixture")
    }
}
