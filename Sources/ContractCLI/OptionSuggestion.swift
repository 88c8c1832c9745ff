import ArgumentParser
import HarnessJobs
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
        let words = unknown.split(separator: "-").map(String.init)
        // The option whose words the unknown one's words most match, whole or cut short (`call` of `calls`); the
        // shortest first ("plan" before "place-id").
        let scored = known.map { option in (option, score(words, option.split(separator: "-").map(String.init))) }.filter { $0.1 > 0 }
        let best = scored.max { lhs, rhs in lhs.1 != rhs.1 ? lhs.1 < rhs.1 : lhs.0.count > rhs.0.count }?.0
        // Sharing no word with any option, a typo: ArgumentParser's nearest spelling stands.
        guard let best else { return message }
        let hint = " Did you mean '--\(best)'?"
        return message.replacingCharacters(in: match.range, with: "Unknown option '--\(unknown)'.\(hint)")
    }

    /// How well `words` (an unknown option's) match an option's: two for a word equal to one of its words, one for
    /// a word that is the start of one, or one of them its start, of three letters or more.
    static func score(_ words: [String], _ option: [String]) -> Int {
        words.reduce(0) { total, word in
            if option.contains(word) { return total + 2 }
            let near = option.contains { known in
                min(known.count, word.count) >= 3 && (known.hasPrefix(word) || word.hasPrefix(known))
            }
            return total + (near ? 1 : 0)
        }
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
