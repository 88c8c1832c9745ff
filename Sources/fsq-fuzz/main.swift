import ContractHarness
import Foundation

// The fixture loader and its JSON scanner as a libFuzzer target (scripts/fuzz.sh builds it with
// `-sanitize=fuzzer,address -parse-as-library -DFUZZING`). A plain build replays files given as arguments through
// the same check, so a crash libFuzzer saved can be rerun under the debugger.

/// One input: it loads, or it is a load error naming the file. Anything else (a crash, a trap, an error naming
/// another file) is a finding.
func checkOne(_ data: Data) {
    let file = "place-search/fuzz.json"
    do {
        let fixture = try FixtureLoader.parse(data, relativePath: file)
        if case let .failure(error) = ExecutionCore.plan(.fixture(fixture)) {
            precondition(error.file == file, "a plan error names \(error.file), not the fixture")
        }
    } catch {
        precondition(error.file == file, "a load error names \(error.file), not the fixture")
        precondition(!error.reason.isEmpty, "a load error without a reason")
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    checkOne(Data(bytes: bytes, count: count))
    return 0
}
#else
for path in CommandLine.arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("fsq-fuzz: \(path): cannot be read\n".utf8))
        exit(2)
    }
    checkOne(data)
    print("\(path): ok")
}
#endif
