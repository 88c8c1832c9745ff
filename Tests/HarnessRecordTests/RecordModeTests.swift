import HarnessRecord
import Testing

@Suite struct RecordModeTests {
    @Test func theFlagWinsOverTheEnvironmentAndCI() throws {
        let resolved = try RecordMode.resolve(flag: .missing, environment: ["FSQ_RECORD": "all", "CI": "true"])
        #expect(resolved.mode == .missing && resolved.source == .flag)
        #expect(resolved.nothingRecorded == nil)
    }

    @Test func FSQ_RECORDIsReadWhenNoFlagIsGivenEvenOnCI() throws {
        let resolved = try RecordMode.resolve(flag: nil, environment: ["FSQ_RECORD": "failed", "CI": "true"])
        #expect(resolved.mode == .failed && resolved.source == .environment)
    }

    @Test(arguments: ["true", "1", "TRUE"])
    func CIWithNeitherRecordsNothingAndSaysWhy(ci: String) throws {
        let resolved = try RecordMode.resolve(flag: nil, environment: ["CI": ci, "FSQ_RECORD": ""])
        #expect(resolved.mode == .never && resolved.source == .continuousIntegration)
        #expect(resolved.nothingRecorded?.contains("CI=true") == true)
    }

    @Test func withNothingSetTheModeIsNeverAndTheLineSaysHowToRecord() throws {
        let resolved = try RecordMode.resolve(flag: nil, environment: ["CI": "false"])
        #expect(resolved.mode == .never && resolved.source == .fallback)
        #expect(resolved.nothingRecorded?.contains("--mode missing|failed|all") == true)
    }

    @Test func aPlanOutsideCIRecordsWhatIsMissingAndInCINothing() throws {
        let plan = try RecordMode.resolve(flag: nil, environment: [:], hasPlan: true)
        #expect(plan.mode == .missing && plan.source == .plan && plan.nothingRecorded == nil)
        #expect(try RecordMode.resolve(flag: nil, environment: ["CI": "true"], hasPlan: true).mode == .never)
        #expect(try RecordMode.resolve(flag: .never, environment: [:], hasPlan: true).mode == .never)
    }

    @Test func anUnknownFSQ_RECORDNamesTheVariableAndTheModes() {
        #expect { try RecordMode.resolve(flag: nil, environment: ["FSQ_RECORD": "sometimes"]) } throws: { error in
            "\(error)" == "FSQ_RECORD='sometimes' is not one of never, missing, failed, all"
        }
    }

    @Test func eachModeDecidesWhatIsCalledAndWhatIsRewritten() {
        #expect(!RecordMode.never.records(exists: false) && !RecordMode.never.records(exists: true))
        #expect(RecordMode.missing.records(exists: false) && !RecordMode.missing.records(exists: true))
        #expect(RecordMode.failed.records(exists: true) && RecordMode.all.records(exists: true))
        #expect(!RecordMode.failed.rewrites(agrees: true) && RecordMode.failed.rewrites(agrees: false))
        #expect(RecordMode.all.rewrites(agrees: true))
        #expect(RecordMode.allCases.map(\.rawValue) == ["never", "missing", "failed", "all"])
        #expect(RecordMode(rawValue: "failed") == .failed && RecordMode(rawValue: "Failed") == nil)
    }
}
