import FoursquarePlaces

/// A value set once that async callers wait for (a server's port once it listens, or why it never did).
final class OneShot<Value: Sendable>: Sendable {
    private struct State {
        var result: Result<Value, any Error>?
        var waiters: [CheckedContinuation<Value, any Error>] = []
    }

    private let state = Locked(State())

    init() {}

    /// Sets the result; later calls are ignored.
    func resolve(_ result: Result<Value, any Error>) {
        let waiters: [CheckedContinuation<Value, any Error>] = state.withLock { state in
            guard state.result == nil else { return [] }
            state.result = result
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume(with: result) }
    }

    /// The result, once set.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Value, any Error>? = state.withLock { state in
                if state.result == nil { state.waiters.append(continuation) }
                return state.result
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
