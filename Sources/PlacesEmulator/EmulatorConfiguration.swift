import HarnessCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which auth style the emulator accepts.
package enum EmulatorAuth: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `Authorization: <key>` only.
    case apiKey
    /// `Authorization: Bearer <key>` plus `X-Places-Api-Version` only.
    case bearer
    /// Either style.
    case any

    package var description: String { rawValue }
}

/// A fault the emulator can inject into a response.
package enum FaultKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 429 with `Retry-After: 1` and the API's error body.
    case rateLimit = "rate-limit"
    /// 500 with the API's error body.
    case serverError = "server-error"
    /// 503 with the API's error body.
    case unavailable = "unavailable"
    /// The head (with the full `Content-Length`) and the first half of the body, then the connection closes:
    /// clients see a transport error.
    case reset = "reset"
    /// The first half of the body, served as a complete body (`Content-Length` of the half): clients see a
    /// short, undecodable body. (A close mid-body is what `reset` does.)
    case truncate = "truncate"
    /// 200, `Content-Type: application/json`, and a body that is not JSON.
    case malformed = "malformed"
    /// The whole body, trickled in 64-byte chunks every 50 ms.
    case slowBody = "slow-body"

    package var description: String { rawValue }

    /// Every kind's name, for error messages.
    package static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// A fault injected into a share of requests.
package struct FaultRule: Sendable, Hashable, CustomStringConvertible {
    package var kind: FaultKind
    /// The probability, 0...1, that a request gets this fault.
    package var rate: Double

    package init(kind: FaultKind, rate: Double = 1) {
        self.kind = kind
        self.rate = rate
    }

    /// Parses `KIND` or `KIND:RATE` (rate 0...1, default 1).
    package init(parsing text: String) throws(EmulatorConfigurationError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let kind = FaultKind(rawValue: parts[0]) else {
            throw EmulatorConfigurationError("unknown fault kind '\(parts[0])' (known: \(FaultKind.names))")
        }
        var rate = 1.0
        if parts.count == 2 {
            guard let value = Double(parts[1]), value.isFinite, (0...1).contains(value) else {
                throw EmulatorConfigurationError("fault rate '\(parts[1])' is not a number between 0 and 1")
            }
            rate = value
        }
        self.init(kind: kind, rate: rate)
    }

    package var description: String { rate == 1 ? kind.rawValue : "\(kind.rawValue):\(rate)" }
}

/// A configuration value the emulator cannot use.
package struct EmulatorConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// Where the emulator's log lines go: one line per request, plus one warning per broken fixture file.
/// Lines never contain the API key or an `Authorization` value.
package typealias EmulatorLogSink = @Sendable (String) -> Void

/// How a `PlacesEmulatorServer` (or the in-memory `PlacesEmulator`) behaves.
package struct EmulatorConfiguration: Sendable {
    /// The fixtures folder (`Fixtures/<endpoint>/<case>.json`).
    package var fixturesRoot: URL
    /// The address to bind; loopback unless told otherwise.
    package var host: String
    /// The port to bind; 0 picks a free one.
    package var port: Int
    /// Which auth style is accepted.
    package var auth: EmulatorAuth
    /// The only key accepted; nil accepts any non-empty key. The CLI reads it from `FSQ_EMULATOR_KEY`.
    package var requiredKey: String?
    /// Added before every response.
    package var latency: Duration
    /// Faults injected at random, checked in order; the first that fires wins.
    package var faults: [FaultRule]
    /// Seeds the fault PRNG: the same seed gives the same fault sequence for the same request sequence.
    package var seed: UInt64
    /// Receives every log line; by default, standard error.
    package var log: EmulatorLogSink
    /// `serve --generate`: answers generated from the contracts' documents, served instead of the fixtures
    /// (a request naming a fixture with `X-Emulator-Fixture` still gets it).
    package var generated: (any GeneratedAnswers)?

    package init(
        fixturesRoot: URL, host: String = "127.0.0.1", port: Int = 0, auth: EmulatorAuth = .any,
        requiredKey: String? = nil, latency: Duration = .zero, faults: [FaultRule] = [], seed: UInt64 = 0,
        log: @escaping EmulatorLogSink = EmulatorConfiguration.standardError
    ) {
        self.fixturesRoot = fixturesRoot
        self.host = host
        self.port = port
        self.auth = auth
        self.requiredKey = requiredKey
        self.latency = latency
        self.faults = faults
        self.seed = seed
        self.log = log
    }

    /// Writes a line to standard error.
    package static let standardError: EmulatorLogSink = { line in
        // One write(2) per line: lines from concurrent requests never interleave.
        var text = line + "\n"
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }

    /// Drops every line.
    package static let silent: EmulatorLogSink = { _ in }
}
