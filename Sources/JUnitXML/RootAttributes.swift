/// Which totals the `<testsuites>` root carries; the public schemas disagree on this.
public enum RootAttributes: Sendable, Hashable {
    /// `name tests failures errors skipped time` (the default).
    case totals
    /// Like `totals` without `skipped`: the Jenkins xUnit XSD declares no `skipped` on the root.
    case jenkinsXUnit
    /// A bare `<testsuites>`: the Ant (windyroad) XSD declares no root attributes at all.
    case none
}
