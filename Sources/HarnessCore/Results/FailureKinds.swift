/// What a red run found, counted by kind, for its last line: `3 breaking changes, 22 answers break the document`,
/// so a reader knows from one line whether the API changed its shape or its answers break its own document.
package struct FailureKinds: Sendable, Equatable {
    /// The kinds, in the order the last line names them.
    package enum Kind: Int, Sendable, CaseIterable, Comparable {
        case breakingChange, documentBreak, undecodable, statusChanged, errorMapping, other

        package static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }

        /// The kind of a failing case's check; nil for the drift check, whose count is the distinct changes.
        package init?(_ check: CheckName) {
            switch check {
            case .drift: return nil
            case .openapi, .liveOpenapi: self = .documentBreak
            case .decoding, .liveDecoding: self = .undecodable
            case .liveStatus: self = .statusChanged
            case .errorMapping, .liveErrorMapping: self = .errorMapping
            default: self = .other
            }
        }

        func phrase(_ count: Int) -> String {
            switch self {
            case .breakingChange: plural(count, "breaking change")
            case .documentBreak: count == 1 ? "1 answer breaks the document" : "\(count) answers break the document"
            case .undecodable: count == 1 ? "1 answer does not decode" : "\(count) answers do not decode"
            case .statusChanged: count == 1 ? "1 status changed" : "\(count) statuses changed"
            case .errorMapping: count == 1 ? "1 error mapped wrongly" : "\(count) errors mapped wrongly"
            case .other: count == 1 ? "1 other check failed" : "\(count) other checks failed"
            }
        }
    }

    package private(set) var counts: [Kind: Int] = [:]

    /// None yet.
    package init() {}

    /// Counts one failing case of `check`.
    package mutating func add(_ check: CheckName) {
        guard let kind = Kind(check) else { return }
        counts[kind, default: 0] += 1
    }

    /// Sets the distinct breaking changes drift graded.
    package mutating func breaking(_ count: Int) {
        if count > 0 { counts[.breakingChange] = count }
    }

    /// Two passes over the same answers (the nightly's drift and live checks): each kind once, the larger count.
    package func merged(with other: FailureKinds) -> FailureKinds {
        var merged = self
        merged.counts.merge(other.counts) { max($0, $1) }
        return merged
    }

    /// Whether the API's shape changed (a breaking drift change), not only its answers against the document.
    package var contractChanged: Bool { counts[.breakingChange] != nil }

    /// `3 breaking changes, 22 answers break the document`; nil when nothing failed.
    package var phrase: String? {
        let parts = counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { $0.key.phrase($0.value) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
