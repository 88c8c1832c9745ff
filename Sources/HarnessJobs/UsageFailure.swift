import Foundation

/// A usage or configuration problem: one line on stderr and exit 2 (`FSQContract.runCommandLine` does both).
package struct UsageFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// Writes `text` and a newline to standard error.
package func writeStderr(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
