import Foundation
import FoursquarePlaces
import HarnessCore

/// The run's first request goes alone. Its answer shows whether the run is talking to the API at all
/// (`APIPremise`) before a second request is sent, so a captive portal or a retired version costs one call, not a
/// batch in flight. Only the first attempt waits: its retries, and every call after it, go as the pace allows.
final class FirstAnswerGate: Sendable {
    private struct State {
        var started = false
        var open = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// True for the first caller, which must call `open()` once its attempt ends; every other caller returns once
    /// it has.
    func enter() async -> Bool {
        let first = state.withLock { state -> Bool? in
            if state.open { return false }
            if !state.started { state.started = true; return true }
            return nil
        }
        if let first { return first }
        await withCheckedContinuation { continuation in
            let resume = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resume { continuation.resume() }
        }
        return false
    }

    /// Lets every waiting and later caller through.
    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }
}
