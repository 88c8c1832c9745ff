import Foundation
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// Recognises the emulator's own error answers (an unknown `X-Emulator-Fixture`, an injected fault, a
/// mismatched auth mode), which must never be recorded as if the API had said them.
enum EmulatorAnswer {
    /// The emulator's message when `body` is one of its own errors, else nil.
    static func errorMessage(status: Int, body: Data) -> String? {
        guard status >= 400, let object = JSONValue.parse(body), case .object = object.resolved else { return nil }
        let message = object.member("message")?.string ?? ""
        let detail = object.member("error_detail")?.string ?? ""
        let markers = ["X-Emulator-", "Injected by the emulator", "the emulator runs with", "No fixture matches", "no fixtures are loaded"]
        guard markers.contains(where: { message.contains($0) || detail.contains($0) }) else { return nil }
        return message
    }
}
