import Foundation
@testable import HarnessCore
import Testing

/// The journal a supervised worker keeps of its fixtures in flight, and the crash case built from it.
@Suite struct InFlightJournalTests {
    func withJournal(_ body: (InFlightJournal, String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)").path
        defer { unlink(path) }
        #expect(InFlightJournal.create(at: path))
        let journal = try #require(InFlightJournal(mapping: path, crash: nil))
        try body(journal, path)
    }

    @Test func whatIsInFlightAndHowManyFinishedReadBackFromTheFile() throws {
        try withJournal { journal, path in
            journal.setTotal(40)
            let a = journal.begin("place-details/b.json")
            let b = journal.begin("chains/a.json")
            let c = journal.begin("place-search/é.json")
            journal.end(b)
            _ = a
            _ = c
            let snapshot = try #require(InFlightJournal.read(path))
            #expect(snapshot == InFlightJournal.Snapshot(inFlight: ["place-details/b.json", "place-search/é.json"], finished: 1, total: 40))
        }
    }

    /// A worker started again leaves out a crashing fixture however long its path: the journal named it cut short,
    /// and leaving out nothing would start the same crash again and again.
    @Test func aRerunLeavesOutAFixtureWhoseLongPathTheJournalCutShort() throws {
        try withJournal { journal, path in
            let long = "place-search/" + String(repeating: "é", count: 400) + ".json"
            _ = journal.begin(long)
            let named = try #require(InFlightJournal.read(path)?.inFlight.first)
            #expect(named != long)
            let rerun = WorkerRerun(crashed: [named: "signal 11 (SIGSEGV, a crash)"], firstStart: 0)
            #expect(rerun.leftOut(long)?.reason.hasPrefix("crashed the run's worker: signal 11 (SIGSEGV, a crash)") == true)
            #expect(rerun.leftOut("place-search/other.json") == nil)
        }
    }

    @Test func aSlotIsReusedAndALongPathIsCutAtACharacterBoundary() throws {
        try withJournal { journal, path in
            for index in 0..<5_000 { journal.end(journal.begin("f\(index).json")) }
            let long = String(repeating: "é", count: 400)  // 800 bytes; a slot keeps 510
            _ = journal.begin(long)
            let snapshot = try #require(InFlightJournal.read(path))
            #expect(snapshot.finished == 5_000)
            #expect(snapshot.inFlight == [String(repeating: "é", count: 255)])
        }
    }

    @Test func theCrashCaseNamesTheSignalAndTheFixturesInFlight() {
        let few = CrashReport(signal: SIGSEGV, workerPID: 42, journal: .init(inFlight: ["a.json", "b.json"], finished: 3, total: 9),
                              verb: "fsq-contract run")
        #expect(few.message == "run crashed: signal 11 (SIGSEGV, a crash) while these fixtures were in flight: a.json, b.json")
        #expect(few.detail.contains("had finished 3 of 9 fixtures"))
        #expect(few.result.check == .crash && few.result.verdict.isProblem)
        let many = CrashReport(signal: SIGKILL, workerPID: 42,
                               journal: .init(inFlight: (1...25).map { "f\($0).json" }, finished: 0, total: 25), verb: "fsq-contract run")
        #expect(many.message.hasSuffix("f19.json, f20.json and 5 more"))
        #expect(many.message.contains("(SIGKILL, killed: out of memory, or from outside)"))
        #expect(many.detail.contains("f25.json"))
        let unknown = CrashReport(signal: 64, workerPID: 42, journal: nil, verb: "fsq-contract run")
        #expect(unknown.message == "run crashed: signal 64 (signal 64); which fixtures were in flight is unknown")
    }
}
