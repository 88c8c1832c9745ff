import Foundation
import FoursquarePlaces
import HarnessCore

/// Learns whether a server is `fsq-emulator` before any call relies on `X-Emulator-Fixture`: one request, with no
/// key, for a path no API serves, naming a fixture. The emulator names it back on every answer; any other server
/// (the API, a local mock, a company's stand-in) does not, and the run then treats it as the real API.
package enum EmulatorProbe {
    /// The path asked for: no operation of any contract.
    static let path = "/fsq-contract/emulator-probe"
    /// The fixture name sent and looked for in the answer.
    static let marker = "fsq-contract-emulator-probe"

    /// Whether the server at `options.baseURL` is the emulator: nil when it gave no answer at all (a server that is
    /// down stays unknown, so every call the run makes says so, and none is skipped for it).
    package static func isEmulator(_ options: LiveOptions) async -> Bool? {
        let stack = options.stack ?? NoLiveStack()
        var request = HTTPRequest(method: "GET", url: options.baseURL.appendingPathComponent(String(path.dropFirst())))
        request.headers[EmulatorFixtureHeader.name] = marker
        // The run's per-request timeout, as any call gets (a loaded machine's loopback server can take seconds, and
        // a probe that gives up early makes the run call it as the emulator), never more than half the run's
        // deadline, which counts this call too (see `identify`).
        let timeout = min(options.timeout, max(0.1, options.deadline / 2))
        guard let (_, response) = try? await stack.send(request, timeout: timeout, maxBody: 64 * 1024) else { return nil }
        return response.headers[EmulatorFixtureHeader.name] == marker
    }

    /// Learns what the server is and sets `options` to match: no fixture header against a server that answered
    /// and is not the emulator. Returns the line the verb prints. The identifying call carries no key and asks for
    /// no operation of any API, so it is not one of the run's calls, nor counted against `--max-calls`.
    package static func identify(_ options: inout LiveOptions) async -> String {
        let origin = LiveTransportError.origin(options.baseURL)
        let start = ContinuousClock.now
        let answer = await isEmulator(options)
        // A run ends by its deadline: the identifying call's time comes out of it.
        defer {
            let spent = min(options.deadline, (ContinuousClock.now - start).seconds)
            options.deadline -= spent
            options.deadlineSpentIdentifying += spent
        }
        // The identifying call took a slot of any one-second window the pace (`--rate-limit`) keeps.
        if options.rateLimit != nil { try? await Task.sleep(nanoseconds: 1_000_000_000) }
        switch answer {
        case true?:
            return "server: \(origin) is the emulator (one identifying call): X-Emulator-Fixture picks each fixture's answer"
        case false?:
            options.selectFixtureHeader = false
            options.notTheEmulator = true
            return "server: \(origin) is not the emulator (one identifying call): called as the API is, with no X-Emulator-Fixture "
                + "and no call for a fixture whose status no request provokes (403, 429, 5xx)"
        case nil:
            return "server: \(origin) did not answer the identifying call; every fixture is called as if it were the emulator"
        }
    }
}
