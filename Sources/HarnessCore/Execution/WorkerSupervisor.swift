import Foundation

/// Runs a verb in a worker process (this executable again, marked by `InFlightJournal.variable`) and waits for it,
/// so that a worker killed by a signal (a crash, a trap, the OOM killer) still leaves a report: the supervisor
/// writes it, as Maven Surefire does for a forked JVM that died.
///
/// The worker inherits standard output and error, so its lines reach the job log as they are written.
package enum WorkerSupervisor {
    /// How a supervised worker ended.
    package enum End: Sendable, Equatable {
        case exited(Int32)
        /// Killed by `signal`; `journal` holds what it had in flight, when the journal could be read.
        case killed(signal: Int32, pid: Int32, journal: InFlightJournal.Snapshot?)
    }

    /// A run gives up going on without crashing fixtures once this many are left out.
    package static let maxLeftOut = 8

    /// Nil in a worker (the caller runs the verb itself) or when no worker can be started (the verb then runs
    /// unsupervised in this process); otherwise starts a worker with this process's arguments and waits for it.
    ///
    /// A worker that dies of a crash (not of a signal passed on from a cancelled job) is started again so the rest
    /// of the run goes on: one fixture at a time when the crash had several in flight, and without each fixture
    /// that crashed a worker alone (`WorkerRerun`). `dead` is told each dead worker's pid, so its half-written
    /// files can be removed. `.killed` means the run could not go on: the crash named no fixture, or too many.
    package static func superviseUnlessWorker(verb: String = "fsq-contract run", dead: (Int32) -> Void = { _ in }) -> End? {
        let environment = ProcessInfo.processInfo.environment
        guard environment[InFlightJournal.variable] == nil else {
            exitWithSupervisor(lifeline: environment[lifelineVariable].flatMap { Int32($0) })
            return nil
        }
        let journalPath = NSTemporaryDirectory() + "/fsq-contract-journal-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(journalPath) }
        let firstStart = Date().timeIntervalSince1970
        var rerun: WorkerRerun?
        var lastCrash: End?
        while true {
            guard InFlightJournal.create(at: journalPath),
                  let end = runWorker(journalPath: journalPath, rerun: rerun, environment: environment) else {
                return lastCrash
            }
            guard case let .killed(signal, pid, journal) = end else { return end }
            dead(pid)
            lastCrash = end
            let cause = CrashReport.describe(signal: signal)
            guard passedOnSignal == 0, ![SIGINT, SIGTERM, SIGHUP].contains(signal),
                  let inFlight = journal?.inFlight, !inFlight.isEmpty else { return end }
            var next = rerun ?? WorkerRerun(firstStart: firstStart)
            if inFlight.count == 1 {
                // The same fixture again: the worker did not leave it out, so another start would loop.
                guard next.crashed[inFlight[0]] == nil else { return end }
                next.crashed[inFlight[0]] = cause
                guard next.crashed.count <= maxLeftOut else { return end }
                // Known now: the next worker runs at full width again.
                next.serial = false
                writeLine(verb, "the worker died of \(cause) with only \(inFlight[0]) in flight; going on without it")
            } else {
                guard !next.serial else { return end }
                next.serial = true
                writeLine(verb, "the worker died of \(cause) with \(inFlight.count) fixtures in flight (\(inFlight.joined(separator: ", "))); "
                          + "running again one fixture at a time to find the one that crashes it")
            }
            rerun = next
        }
    }

    /// Starts one worker and waits for it; nil when it cannot be started.
    private static func runWorker(journalPath: String, rerun: WorkerRerun?, environment: [String: String]) -> End? {
        // The lifeline: the worker inherits the read end only; it reads end-of-file when the supervisor is gone.
        var lifeline: [Int32] = [-1, -1]
        guard pipe(&lifeline) == 0 else { return nil }
        _ = fcntl(lifeline[1], F_SETFD, FD_CLOEXEC)
        defer { close(lifeline[1]) }
        var workerEnvironment = environment
        if let rerun { workerEnvironment[WorkerRerun.variable] = rerun.environmentValue }
        let spawned = spawnWorker(journalPath: journalPath, lifeline: lifeline[0], environment: workerEnvironment)
        close(lifeline[0])
        guard let pid = spawned else { return nil }
        supervisedWorker = pid
        if rerun == nil {
            // Only once a worker exists: a supervisor that could not start one runs the verb itself, and must
            // stay stoppable.
            for forwarded in [SIGINT, SIGTERM, SIGHUP] {
                // A cancelled CI job signals the supervisor: pass it on, then report how the worker ended.
                signal(forwarded) { received in
                    passedOnSignal = received
                    if supervisedWorker > 0 { kill(supervisedWorker, received) }
                }
            }
        } else if passedOnSignal != 0 {
            // A job cancelled while this worker was being started: pass the signal on now.
            kill(pid, passedOnSignal)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .exited(1) }
        }
        // Reaped: its pid may be reused, so a signal now must go nowhere.
        supervisedWorker = 0
        let killer = status & 0x7F
        if killer == 0 { return .exited((status >> 8) & 0xFF) }
        return .killed(signal: killer, pid: pid, journal: InFlightJournal.read(journalPath))
    }

    private static func writeLine(_ verb: String, _ text: String) {
        FileHandle.standardError.write(Data("\(verb): \(text)\n".utf8))
    }

    /// The file descriptor of the worker's end of the lifeline.
    static let lifelineVariable = "FSQ_RUN_WORKER_LIFELINE"

    /// A worker whose supervisor was killed (SIGKILL, which cannot be passed on) stops too, instead of running on
    /// unwatched: a thread waits for the lifeline's end-of-file.
    private static func exitWithSupervisor(lifeline: Int32?) {
        guard let lifeline else { return }
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(lifeline, &byte, 1) < 0, errno == EINTR {}
            _exit(1)
        }
    }

    private static func spawnWorker(journalPath: String, lifeline: Int32, environment: [String: String]) -> pid_t? {
        var workerEnvironment = environment
        workerEnvironment[InFlightJournal.variable] = journalPath
        workerEnvironment[lifelineVariable] = String(lifeline)
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let arguments = [executable] + CommandLine.arguments.dropFirst()
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = workerEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, nil, nil, argv, envp) == 0 else { return nil }
        return pid
    }

    /// `SIGSEGV`, `SIGKILL`…, or `signal N`.
    package static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
            SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGSEGV: "SIGSEGV",
            SIGPIPE: "SIGPIPE", SIGTERM: "SIGTERM", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
        ]
        return names[signal] ?? "signal \(signal)"
    }
}

/// The worker the supervisor forwards signals to; read by a C signal handler, so a plain global.
nonisolated(unsafe) private var supervisedWorker: pid_t = 0
/// The signal the supervisor passed on to its worker, if any: a worker that dies of it is not started again.
nonisolated(unsafe) private var passedOnSignal: Int32 = 0
