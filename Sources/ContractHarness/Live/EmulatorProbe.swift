import Foundation
import FoursquarePlaces

/// Learns whether a server is `fsq-emulator` before any call relies on `X-Emulator-Fixture`: one request, with no
/// key, for a path no API serves, naming a fixture. The emulator names it back on every answer; any other server
/// (the API, a local mock, a company's stand-in) does not, and the run then treats it as the real API.
public enum EmulatorProbe {
    /// The path asked for: no operation of any contract.
    static let path = "/fsq-contract/emulator-probe"
    /// The fixture name sent and looked for in the answer.
    static let marker = "fsq-contract-emulator-probe"

    /// Whether the server at `options.baseURL` is the emulator; false when it answers without the name, or not at
    /// all (a server that is down is then called as the API is, and every call says so).
    public static func isEmulator(_ options: LiveOptions) async -> Bool {
        let stack = options.stack ?? LiveStack.current ?? NoLiveStack()
        var request = HTTPRequest(method: "GET", url: options.baseURL.appendingPathComponent(String(path.dropFirst())))
        request.headers[EmulatorFixtureHeader.name] = marker
        guard let (_, response) = try? await stack.send(request, timeout: min(options.timeout, 5), maxBody: 64 * 1024) else { return false }
        return response.headers[EmulatorFixtureHeader.name] == marker
    }

    /// The line a run prints once it knows.
    public static func line(_ options: LiveOptions, isEmulator: Bool) -> String {
        let origin = LiveTransportError.origin(options.baseURL)
        return isEmulator
            ? "server: \(origin) is the emulator (one identifying call): X-Emulator-Fixture picks each fixture's answer"
            : "server: \(origin) is not the emulator (one identifying call): called as the API is, with no X-Emulator-Fixture "
                + "and no call for a fixture whose status no request provokes (403, 429, 5xx)"
    }
}
