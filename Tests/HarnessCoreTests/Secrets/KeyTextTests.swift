import HarnessCore
import Testing

/// What a key read from `FSQ_API_KEY` gets: trimmed with a warning, or refused naming the character, never shown.
@Suite struct KeyTextTests {
    static let key = "SENTINEL-keytext-0123456789"

    @Test(arguments: [
        (key + "\n", "a line break (\\n) after it"),
        (key + "\r\n", "a carriage return (\\r), a line break (\\n) after it"),
        (" " + key, "a space before the key"),
        ("  " + key + "\t", "2 × space before the key and a tab after it"),
    ])
    func whitespaceAroundTheKeyIsTrimmedWithAWarningThatDoesNotShowIt(value: String, said: String) {
        guard case let .usable(secret, warning?) = KeyText.check(value) else {
            Issue.record("\(value.debugDescription) should be usable with a warning, got \(KeyText.check(value))")
            return
        }
        #expect(secret == Self.key)
        #expect(warning.contains(said), "\(warning)")
        #expect(!warning.contains(Self.key) && !warning.contains("\n"))
    }

    @Test func aCleanKeyIsUsedAsIsWithoutAWarning() {
        #expect(KeyText.check(Self.key) == .usable(Self.key, trimmed: nil))
    }

    @Test(arguments: [
        ("SENTINEL-key\twith-tab-inside", "a tab at character 13 of 28"),
        ("SENTINEL-key with-space-inside", "a space at character 13"),
        ("\"SENTINEL-key-in-quotes-1234\"", "a double quote at character 1"),
        ("SENTINEL-key\\with-backslash", "a backslash at character 13"),
        ("SENTINEL-key'single-quote-12", "a single quote"),
        ("SENTINEL-key\u{1B}with-escape-12", "a control character (U+001B)"),
        ("SENTINEL-kéy-non-ascii-123456", "a non-ASCII character (U+00E9)"),
        ("SENTINEL-key\nsecond-line-1234", "a line break (\\n) at character 13"),
    ])
    func aCharacterInsideTheKeyIsRefusedNamingItButNotTheKey(value: String, said: String) {
        guard case let .refused(problem) = KeyText.check(value) else {
            Issue.record("\(value.debugDescription) must be refused")
            return
        }
        #expect(problem.hasPrefix("FSQ_API_KEY has "), "\(problem)")
        #expect(problem.contains(said), "\(problem)")
        #expect(!problem.contains("SENTINEL") && !problem.contains("\n"), "\(problem)")
    }

    @Test func onlyWhitespaceIsRefused() {
        guard case let .refused(problem) = KeyText.check(" \n") else { Issue.record("whitespace is no key"); return }
        #expect(problem == "FSQ_API_KEY holds only whitespace or control characters (a space, a line break (\\n)); set the real key")
    }

    @Test func liveKeyTrimsRefusesAndWarnsOnce() throws {
        let environment = ["FSQ_API_KEY": Self.key + "\n"]
        #expect(try LiveKey.resolve(environment: environment)?.secret == Self.key)
        #expect(LiveKey.notice(environment: environment)?.hasPrefix("warning: FSQ_API_KEY had a line break") == true)
        #expect(LiveKey.notice(environment: ["FSQ_API_KEY": Self.key]) == nil)
        #expect(throws: LiveKey.Missing.self) { try LiveKey.resolve(environment: ["FSQ_API_KEY": "SENTINEL-key\twith-tab-inside"]) }
    }
}
