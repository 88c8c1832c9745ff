import Foundation
import FoursquarePlaces

/// The fixtures a supervised worker has in flight, kept in a file both processes map, so the supervisor can name
/// them after the worker died by a signal (`WorkerSupervisor`).
///
/// A shared mapping costs no system call per fixture: `begin` and `end` are a lock and a copy into memory the
/// kernel keeps when the process is killed, whatever killed it.
package final class InFlightJournal: @unchecked Sendable {
    /// The environment variable that makes a process a supervised worker: the journal file's path.
    package static let variable = "FSQ_RUN_WORKER_JOURNAL"
    /// Test-only, and only in debug builds: `trap:SUFFIX` or `kill:SUFFIX` makes the worker trap, or SIGKILL
    /// itself, when the fixture whose path ends in SUFFIX starts. It exists so the end-to-end tests can crash a
    /// run; a release build (what users run) does not read it.
    package static let testCrashVariable = "FSQ_TEST_CRASH"

    /// The test crash hook's setting in `environment`; always nil in a release build.
    static func testCrash(in environment: [String: String]) -> String? {
        #if DEBUG
        return environment[testCrashVariable]
        #else
        return nil
        #endif
    }

    static let slotCount = 1024
    static let slotSize = 512
    /// Two counters (fixtures finished, fixtures in the run), then the slots.
    static let headerSize = 16
    static let fileSize = headerSize + slotCount * slotSize

    private let base: UnsafeMutableRawPointer
    private let freeSlots = Locked<[Int]>(Array((0..<InFlightJournal.slotCount).reversed()))
    private let crash: (kind: String, suffix: String)?

    /// Maps the journal file at `path` (a worker's, made by its supervisor); `crash` is the test hook's setting.
    package init?(mapping path: String, crash: String? = nil) {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let mapped = mmap(nil, Self.fileSize, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            return nil
        }
        base = mapped
        self.crash = crash.flatMap { text in
            guard let colon = text.firstIndex(of: ":") else { return nil }
            return (String(text[..<colon]), String(text[text.index(after: colon)...]))
        }
    }

    /// Creates an empty journal file for a worker about to start.
    static func create(at path: String) -> Bool {
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return ftruncate(fd, off_t(fileSize)) == 0
    }

    /// Records how many fixtures the run covers.
    package func setTotal(_ count: Int) {
        base.storeBytes(of: Int64(count), toByteOffset: 8, as: Int64.self)
    }

    /// Marks `path` in flight; pass the slot to `end`. Nil when every slot is taken (it is then not named).
    package func begin(_ path: String) -> Int? {
        guard let slot = freeSlots.withLock({ $0.popLast() }) else { return nil }
        #if DEBUG
        defer { if let crash, path.hasSuffix(crash.suffix) { Self.crashForTest(crash.kind) } }
        #endif
        let start = base + Self.headerSize + slot * Self.slotSize
        let bytes = Self.recordedBytes(path)
        bytes.withUnsafeBytes { start.advanced(by: 2).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        start.storeBytes(of: UInt16(bytes.count), as: UInt16.self)
        return slot
    }

    /// `path` as a slot holds it, and a dead worker's journal names it: cut to fit, before a byte that starts a
    /// character, so a long path reads back as text.
    static func recordedBytes(_ path: String) -> [UInt8] {
        var bytes = Array(path.utf8)
        if bytes.count > slotSize - 2 {
            var end = slotSize - 2
            while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            bytes.removeSubrange(end...)
        }
        return bytes
    }

    /// `path` as the journal names it after a crash (see `recordedBytes`).
    package static func recorded(_ path: String) -> String { String(decoding: recordedBytes(path), as: UTF8.self) }

    /// Marks the fixture of `slot` finished.
    package func end(_ slot: Int?) {
        guard let slot else { return }
        freeSlots.withLock { slots in
            (base + Self.headerSize + slot * Self.slotSize).storeBytes(of: UInt16(0), as: UInt16.self)
            base.storeBytes(of: base.load(as: Int64.self) + 1, as: Int64.self)
            slots.append(slot)
        }
    }

    #if DEBUG
    /// Never unlocked: one thread crashes the process, another that reaches the hook waits for the end. Two traps
    /// at once (`trap:.json` with several fixtures in flight) left swift-backtrace hung, and the run with it.
    private static let testCrashLock = NSLock()

    private static func crashForTest(_ kind: String) {
        testCrashLock.lock()
        switch kind {
        case "trap": fatalError("FSQ_TEST_CRASH=trap: the test hook trapped the worker")
        case "kill": kill(getpid(), SIGKILL)
        default: break
        }
    }
    #endif

    /// What a dead worker's journal says: the fixtures in flight, and how many had finished of how many.
    package struct Snapshot: Sendable, Equatable {
        package var inFlight: [String]
        package var finished: Int
        package var total: Int
    }

    /// Reads a journal file; nil when it cannot be read.
    static func read(_ path: String) -> Snapshot? {
        guard let data = FileManager.default.contents(atPath: path), data.count == fileSize else { return nil }
        return data.withUnsafeBytes { raw in
            var paths: [String] = []
            for slot in 0..<slotCount {
                let start = headerSize + slot * slotSize
                let length = Int(raw.loadUnaligned(fromByteOffset: start, as: UInt16.self))
                guard length > 0, length <= slotSize - 2 else { continue }
                paths.append(String(decoding: raw[(start + 2)..<(start + 2 + length)], as: UTF8.self))
            }
            return Snapshot(inFlight: paths.sorted(), finished: Int(raw.load(as: Int64.self)),
                            total: Int(raw.load(fromByteOffset: 8, as: Int64.self)))
        }
    }
}
