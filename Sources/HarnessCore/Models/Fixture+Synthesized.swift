import FixtureFormat

extension Fixture {
    /// The `recorded.source` of a fixture `fsq-contract fixtures synthesize` wrote from a document.
    package static let synthesizedSource = "synthesized"

    /// Written from a document, not recorded from a server: replay runs it for coverage; the live verbs (live runs,
    /// drift, record, nightly) leave it out, since there is no recording of the API to compare.
    package var isSynthesized: Bool { recorded.source == Self.synthesizedSource }
}
