import Foundation

/// Progress for long live runs: a rewritten line on a terminal, plain lines every 10 % otherwise.
package enum Progress {
    package static func reporter(label: String) -> @Sendable (Int, Int, Int) -> Void {
        let interactive = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
        return { done, total, problems in
            if interactive {
                let end = done == total ? "\n" : ""
                FileHandle.standardError.write(Data("\r\(label): \(done)/\(total) done, \(problems) problems\(end)".utf8))
            } else {
                let step = max(1, total / 10)
                if done % step == 0 || done == total {
                    print("\(label): \(done)/\(total) done, \(problems) problems")
                }
            }
        }
    }
}
