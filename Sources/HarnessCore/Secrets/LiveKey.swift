import FoursquarePlaces

/// What a live verb does when `FSQ_API_KEY` is missing: fail (the default), or skip as asked.
package enum IfNoKey: String, Sendable, CaseIterable {
    case fail, skip

    /// The environment variable that can ask for skipping, for CI jobs that cannot pass a flag per fork.
    package static let environmentName = "FSQ_IF_NO_KEY"
}

/// Resolves the key for live calls, so run, record and drift treat a missing key the same way.
package enum LiveKey {
    package static let environmentName = "FSQ_API_KEY"

    /// Why no key could be used: one line naming `FSQ_API_KEY`.
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    /// The key, or nil when it is missing and skipping was asked for (`--if-no-key skip`, or
    /// `FSQ_IF_NO_KEY=skip`); a missing key otherwise throws. `skipFlag` is the flag the message suggests for
    /// skipping, nil for a verb that cannot skip (`record`), so no message names a flag the verb lacks.
    package static func resolve(environment: [String: String], ifNoKey: IfNoKey? = nil,
                               skipFlag: String? = "--if-no-key skip") throws(Missing) -> APIKey? {
        if let value = environment[environmentName], !value.isEmpty {
            let key: APIKey
            switch KeyText.check(value, variable: environmentName) {
            case let .usable(secret, _): key = APIKey(secret)
            case let .refused(problem): throw Missing(description: problem)
            }
            // A key too short to redact without rewriting other text is refused (KeyScrubber).
            if let problem = KeyScrubber.problem(with: key, variable: environmentName) {
                throw Missing(description: problem)
            }
            return key
        }
        let choice: IfNoKey
        if let ifNoKey { choice = ifNoKey } else { choice = try policy(environment) }
        guard choice == .skip else {
            guard let skipFlag else {
                throw Missing(description: "\(environmentName) is not set; record calls the server with a key, so set it")
            }
            throw Missing(description: "\(environmentName) is not set; live calls need a key "
                          + "(set it, or pass \(skipFlag) to report the live cases as skipped)")
        }
        return nil
    }

    /// The warning to print once a live verb runs with a key it trimmed (a pasted secret's trailing newline), or
    /// nil. Printed once the live stack is known to be there, so a run that cannot call does not print it.
    package static func notice(environment: [String: String]) -> String? {
        guard let value = environment[environmentName], case let .usable(_, trimmed?) = KeyText.check(value, variable: environmentName)
        else { return nil }
        return trimmed
    }

    static func policy(_ environment: [String: String]) throws(Missing) -> IfNoKey {
        guard let raw = environment[IfNoKey.environmentName], !raw.isEmpty else { return .fail }
        guard let choice = IfNoKey(rawValue: raw) else {
            throw Missing(description: "\(IfNoKey.environmentName)='\(raw)' is not one of fail, skip")
        }
        return choice
    }

    /// The loud line a run prints when it skips for want of a key.
    package static let skippingNotice = "WARNING: \(environmentName) is not set and skipping was asked for: "
        + "no live call is made; every live case is reported as skipped"
}
