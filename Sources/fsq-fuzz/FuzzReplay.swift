import HarnessCore
import Foundation

// The fixture loader and its JSON scanner as a libFuzzer target (scripts/fuzz.sh builds it with
// `-sanitize=fuzzer,address -parse-as-library -DFUZZING`). A plain build replays files given as arguments through
// the same check, so a crash libFuzzer saved can be rerun under the debugger. Not main.swift: with libFuzzer
// (which brings its own `main`) the file must build as a library, and top-level code would not.

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

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main`; here that hands over to libFuzzer's driver.
@_cdecl("fsq_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { bytes, length in fuzzOneInput(bytes, length) }
}
#else
/// Without libFuzzer: replays the files given as arguments.
@main enum FuzzReplay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("fsq-fuzz: \(path): cannot be read\n".utf8))
                exit(2)
            }
            checkOne(data)
            print("\(path): ok")
        }
    }
}
#endif
