import ArgumentParser
import Foundation

/// A better "Did you mean" for an unknown option. ArgumentParser suggests by edit distance alone, so
/// `--plan-file` got `--ca-file`; a user who typed a word of a real option (`plan`) means that option.
package enum OptionSuggestion {
    /// `message` with its suggestion replaced by the option of `verb` sharing most words with the unknown one;
    /// unchanged when no option shares a word (a typo, which ArgumentParser's spelling suggestion serves).
    package static func corrected(_ message: String, verb: (any ParsableCommand.Type)?) -> String {
        guard let verb,
              let match = message.firstMatch(of: /Unknown option '--([a-z0-9-]+)'\.(?: Did you mean '--([a-z0-9-]+)'\?)?/) else { return message }
        let unknown = String(match.1)
        let known = options(of: verb)
        let words = Set(unknown.split(separator: "-").map(String.init))
        let sharing = known.filter { !words.isDisjoint(with: $0.split(separator: "-").map(String.init)) }
        // The option whose words the unknown one most shares, the shortest first ("plan" before "place-id").
        let best = sharing.max { lhs, rhs in
            let l = words.intersection(lhs.split(separator: "-").map(String.init)).count
            let r = words.intersection(rhs.split(separator: "-").map(String.init)).count
            return l != r ? l < r : lhs.count > rhs.count
        }
        // Sharing no word with any option, a typo: ArgumentParser's nearest spelling stands.
        guard let best else { return message }
        let hint = " Did you mean '--\(best)'?"
        return message.replacingCharacters(in: match.range, with: "Unknown option '--\(unknown)'.\(hint)")
    }

    /// The long options a verb's help lists.
    package static func options(of verb: any ParsableCommand.Type) -> [String] {
        var seen = Set<String>()
        return verb.helpMessage(columns: 10_000).matches(of: /--([a-z][a-z0-9-]*)/).map { String($0.1) }
            .filter { seen.insert($0).inserted && $0 != "help" }
    }

    /// The verb `arguments` name (`record` in `fsq-contract record --plan-file x`), if any.
    package static func verb(in arguments: [String]) -> (any ParsableCommand.Type)? {
        guard arguments.count > 1 else { return nil }
        return FSQContract.configuration.subcommands.first { $0.configuration.commandName == arguments[1] }
    }
}
