import Foundation

/// The rate-limit headers: the quota, what is left of it, and when it resets.
public struct RateLimit: Sendable, Hashable {
    /// `x-ratelimit-limit`: the quota of the window.
    public let limit: Int?
    /// `x-ratelimit-remaining`: what is left of it.
    public let remaining: Int?
    /// As the server sends it: seconds until the window resets, or an epoch time.
    public let reset: Int?

    /// Rate-limit values, e.g. for a test double.
    public init(limit: Int?, remaining: Int?, reset: Int?) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
    }

    /// Reads `x-ratelimit-limit`, `-remaining` and `-reset`; nil when none is present.
    public init?(headers: HTTPHeaders) {
        func number(_ name: String) -> Int? {
            headers[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
        let limit = number("x-ratelimit-limit"), remaining = number("x-ratelimit-remaining"), reset = number("x-ratelimit-reset")
        guard limit != nil || remaining != nil || reset != nil else { return nil }
        self.init(limit: limit, remaining: remaining, reset: reset)
    }
}
