import Foundation
import OpenAPIConformance

/// One change between two documents, graded by what it does to this client.
struct SpecChange: Sendable, Hashable, Codable {
    /// Worst first.
    enum Grade: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// The client can no longer do something it does today, or no longer decodes an answer the new document allows.
        case breaking
        /// Something an app may rely on changes without breaking decoding.
        case warning
        /// Additions the client does not read yet, and changes to what it does not use.
        case info

        static func < (lhs: Grade, rhs: Grade) -> Bool { allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)! }
    }

    var grade: Grade
    /// `GET /places/search`, as the document writes the path.
    var operation: String
    /// The registry's id when the client calls the operation (`place-search`).
    var endpoint: String?
    /// Where: in the new document, or in the old one for what it removed (`#/paths/~1places~1search/get/...`).
    var pointer: String
    /// What kind of change (`field-removed`, `parameter-now-required`, …): the baseline's fingerprint uses it.
    var kind: String
    /// The change and what it does to the client, in one line.
    var message: String
    /// What changed, without where or what the client makes of it (`agree_count: type integer → string`): the
    /// same change at every place a document repeats a schema has one subject, so the summary says it once.
    var subject: String
    /// The baseline entry's reason, when the change is a known one in date.
    var known: String?

    init(grade: Grade, operation: String, endpoint: String? = nil, pointer: String, kind: String, message: String,
         subject: String? = nil, known: String? = nil) {
        self.grade = grade
        self.operation = operation
        self.endpoint = endpoint
        self.pointer = pointer
        self.kind = kind
        self.message = message
        self.subject = subject ?? Self.subject(of: message, path: nil)
        self.known = known
    }

    /// The message up to what the client makes of it, a response field's path cut to its last key.
    static func subject(of message: String, path: String?) -> String {
        var text = String(message.prefix { $0 != ";" })
        if let path, let last = path.split(separator: ".").last {
            text = text.replacingOccurrences(of: path, with: String(last))
        }
        return text
    }

    /// An operation added, removed, moved or deprecated: the summary lists these before the field changes.
    var isOperationLevel: Bool { kind.hasPrefix("operation-") }

    /// Breaking and not a known finding: fails the run.
    var fails: Bool { grade == .breaking && known == nil }
}
