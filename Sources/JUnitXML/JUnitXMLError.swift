/// An error from reading, writing, merging or validating a report; names the file and the reason.
public struct JUnitXMLError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, so a CLI can choose an exit code.
    public enum Kind: Sendable, Hashable {
        /// The file could not be opened or read.
        case unreadable
        /// The file is not well-formed XML or not a JUnit report.
        case malformed
        /// Writing the report failed.
        case write
        /// The API was called out of order (e.g. `add` before `beginSuite`).
        case usage
    }

    public var kind: Kind
    public var file: String
    public var reason: String

    public init(_ kind: Kind, file: String, reason: String) {
        self.kind = kind
        self.file = file
        self.reason = reason
    }

    public var description: String {
        let oneLine = reason.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
        return "\(file): \(oneLine)"
    }
}
