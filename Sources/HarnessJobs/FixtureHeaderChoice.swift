import HarnessCore

/// When to send `X-Emulator-Fixture`.
package enum FixtureHeaderChoice: String, Sendable, CaseIterable {
    case auto, always, never
}
