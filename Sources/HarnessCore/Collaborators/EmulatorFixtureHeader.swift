
/// The request header that asks `fsq-emulator` for one fixture's answer: `X-Emulator-Fixture: <relative path>`.
package enum EmulatorFixtureHeader {
    package static let name = "X-Emulator-Fixture"
}
