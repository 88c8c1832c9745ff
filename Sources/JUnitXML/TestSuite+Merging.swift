extension TestSuite {
    /// Folds a same-named suite's header into this one: the earliest timestamp, every distinct property,
    /// both outputs. Counts and times are summed by the writer.
    mutating func absorb(_ other: TestSuite) {
        if other.timestamp.secondsSince1970 < timestamp.secondsSince1970 { timestamp = other.timestamp }
        for p in other.properties where !properties.contains(p) { properties.append(p) }
        systemOut = Self.joined(systemOut, other.systemOut)
        systemErr = Self.joined(systemErr, other.systemErr)
    }

    private static func joined(_ a: String, _ b: String) -> String {
        if b.isEmpty { return a }
        if a.isEmpty { return b }
        return a.hasSuffix("\n") ? a + b : a + "\n" + b
    }
}
