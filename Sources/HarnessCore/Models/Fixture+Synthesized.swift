import FixtureFormat

extension Fixture {
    /// The `recorded.source` of a fixture `fsq-contract fixtures synthesize` wrote from a document.
    package static let synthesizedSource = "synthesized"

    /// Written from a document, not recorded from a server: replay runs it for coverage; the live verbs (live runs,
    /// drift, record, nightly) leave it out, since there is no recording of the API to compare.
    package var isSynthesized: Bool { recorded.source == Self.synthesizedSource }

    /// The `recorded.source` of a real answer another team published in public code, copied with its request and
    /// scrubbed: the API's own answer, but not one this corpus's server (the emulator, a stand-in) or a live call can
    /// give again, since its place and request are theirs.
    package static let publishedSource = "published"

    /// Replay's only: synthesized, or published by someone else. The live verbs leave it out.
    package var isReplayOnly: Bool { isSynthesized || recorded.source == Self.publishedSource }
}
