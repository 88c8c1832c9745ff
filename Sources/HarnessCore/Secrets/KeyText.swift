import Foundation
import FoursquarePlaces

/// What a key read from the environment may hold. A real key is printable ASCII without spaces, quotes or
/// backslashes; pasting a secret often adds a trailing newline or spaces. Those are trimmed with a warning that
/// does not show the key; anything else the key could not be sent with as is (a tab inside it, a quote, a
/// non-ASCII letter) is refused, naming the character and where it is, never the key.
package enum KeyText {
    package enum Verdict: Sendable, Equatable {
        /// The key to send, and the warning to print when whitespace around it was dropped.
        case usable(String, trimmed: String?)
        /// One line naming the problem (exit 2).
        case refused(String)
    }

    package static func check(_ value: String, variable: String = LiveKey.environmentName) -> Verdict {
        let scalars = Array(value.unicodeScalars)
        let ignorable = APIKey.pastedAround
        let start = scalars.firstIndex { !ignorable.contains($0) } ?? scalars.endIndex
        let end = (scalars.lastIndex { !ignorable.contains($0) }).map { $0 + 1 } ?? start
        guard start < end else {
            return .refused("\(variable) holds only whitespace or control characters (\(describe(scalars))); set the real key")
        }
        let secret = String(String.UnicodeScalarView(scalars[start..<end]))
        if let reason = APIKey(secret).unsendableReason {
            return .refused("\(variable) \(reason): set it again without it")
        }
        guard start > 0 || end < scalars.count else { return .usable(secret, trimmed: nil) }
        var parts: [String] = []
        if start > 0 { parts.append("\(describe(scalars[..<start])) before the key") }
        if end < scalars.count { parts.append("\(describe(scalars[end...])) after it") }
        return .usable(secret, trimmed: "warning: \(variable) had \(parts.joined(separator: " and ")); "
                       + "trimmed (the key is not shown). Set the secret without the whitespace to silence this.")
    }

    /// "a newline", "2 spaces", "a space, a tab": what surrounded the key, by kind.
    static func describe(_ scalars: some Collection<Unicode.Scalar>) -> String {
        var runs: [(String, Int)] = []
        for scalar in scalars {
            let kind = APIKey.characterName(scalar)
            if let last = runs.last, last.0 == kind { runs[runs.count - 1].1 += 1 } else { runs.append((kind, 1)) }
        }
        return runs.map { kind, count in
            count == 1 ? kind : "\(count) × \(kind.replacingOccurrences(of: "a ", with: "", options: .anchored))"
        }.joined(separator: ", ")
    }
}
