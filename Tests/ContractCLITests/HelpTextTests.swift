import ArgumentParser
import Foundation
import Testing
@testable import ContractCLI

/// A flag several verbs take says the same thing in each verb's `--help`: it is declared once, in one group.
@Suite("fsq-contract's help texts")
struct HelpTextTests {
    /// The verbs that take the live flags (`--auth`, `--api-version`, `--if-no-key`, `--report`, the connection, limits
    /// and budget groups); other verbs' flags of the same name mean other things (`fuzz --report`, `spec-diff --seed`).
    static let verbs: [any ParsableCommand.Type] = [RunCommand.self, DriftCommand.self, NightlyCommand.self, RecordCommand.self]

    /// `--flag` → its help text, from a help page wide enough that a text is never wrapped (a long label puts it on
    /// the next line).
    static func flagTexts(_ verb: any ParsableCommand.Type) -> [String: String] {
        var texts: [String: String] = [:]
        var current: String?
        for line in FSQContract.helpMessage(for: verb, columns: 2000).split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.firstMatch(of: /^  (?:-\w, )?(--[\w-]+)(?: <[^>]+>)?(?: \.\.\.)?(?:\s+(.*))?$/) {
                current = String(match.1)
                texts[String(match.1)] = match.2.map(String.init) ?? ""
            } else if let flag = current, line.hasPrefix("    "), !line.trimmingCharacters(in: .whitespaces).isEmpty {
                texts[flag, default: ""] += (texts[flag]?.isEmpty == false ? " " : "") + line.trimmingCharacters(in: .whitespaces)
            } else {
                current = nil
            }
        }
        return texts
    }

    @Test func everyVerbSaysTheSameAboutTheSameFlag() {
        var seen: [String: (verb: String, text: String)] = [:]
        var shared = 0
        for verb in Self.verbs {
            let name = verb.configuration.commandName ?? "\(verb)"
            for (flag, text) in Self.flagTexts(verb) where flag != "--help" {
                guard let first = seen[flag] else { seen[flag] = (name, text); continue }
                shared += 1
                #expect(text == first.text, "\(flag): \(first.verb) says \"\(first.text)\", \(name) says \"\(text)\"")
            }
        }
        // Not vacuous: the live verbs share their connection, budget, auth and report flags.
        #expect(shared > 40, "\(shared)")
        for flag in ["--auth", "--api-version", "--if-no-key", "--report", "--junit-file-attributes", "--base-url", "--max-calls", "--max-body"] {
            #expect(seen[flag] != nil, "no verb takes \(flag)")
        }
    }
}
