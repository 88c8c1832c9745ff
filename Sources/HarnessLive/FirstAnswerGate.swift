import Foundation
import FoursquarePlaces
import HarnessCore

/// The run's first request goes alone. Its answer shows whether the run is talking to the API at all
/// (`APIPremise`) before a second request is sent, so a captive portal or a retired version costs a call or two, not
/// a batch in flight. Only the first attempt waits: its retries, and every call after it, go as the pace allows. An
/// answer that leaves a premise in doubt (one operation refused the version) passes the turn to the next request
/// alone, a few times at most.
final class FirstAnswerGate: Sendable {
    /// Requests that may go alone, one after another, while a premise is in doubt.
    static let aloneAtMost = 4

    private struct State {
        var started = false
        var open = false
        var alone = 0
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }

    private let state = Locked(State())

    /// True for the request that goes alone, which must call `open()` or `passOn()` once its attempt ends; every
    /// other caller returns false once the gate is open.
    func enter() async -> Bool {
        let first = state.withLock { state -> Bool? in
            if state.open { return false }
            if !state.started { state.started = true; state.alone += 1; return true }
            return nil
        }
        if let first { return first }
        return await withCheckedContinuation { continuation in
            let resume = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resume { continuation.resume(returning: false) }
        }
    }

    /// Lets every waiting and later caller through.
    func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        waiting.forEach { $0.resume(returning: false) }
    }

    /// The next request goes alone too (a premise is in doubt), unless `aloneAtMost` already did: then `open()`.
    func passOn() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>?? in
            guard state.alone < Self.aloneAtMost else { return .none }
            state.alone += 1
            guard !state.waiting.isEmpty else {
                state.started = false
                state.alone -= 1
                return .some(nil)
            }
            return .some(state.waiting.removeFirst())
        }
        switch next {
        case .none: open()
        case let .some(continuation): continuation?.resume(returning: true)
        }
    }
}
