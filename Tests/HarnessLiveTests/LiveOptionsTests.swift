import Foundation
import HarnessCore
import HarnessLive
import Testing

/// The run's deadline after an identifying call spent part of it: the run still ends on time, and every line quotes
/// `--deadline` as the user gave it, not what was left.
@Suite struct LiveOptionsTests {
    @Test func theRunDeadlineQuotesTheDeadlineAsGiven() {
        var options = LiveOptions(baseURL: URL(string: "http://127.0.0.1:9")!, key: nil, deadline: 6.5)
        options.deadlineSpentIdentifying = 1.5
        let deadline = options.runDeadline()
        #expect(deadline.seconds == 8)
        #expect(deadline.remaining <= 6.5)
        guard case let .error(message, _) = deadline.notRun(started: false) else { Issue.record("not an error"); return }
        #expect(message == "not run: the run deadline of 8s passed")
    }
}
