extension TestOutcome {
    var isFailure: Bool { if case .failure = self { true } else { false } }
    var isError: Bool { if case .error = self { true } else { false } }
    var isSkipped: Bool { if case .skipped = self { true } else { false } }
}
