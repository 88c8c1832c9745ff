import ArgumentParser
import HarnessJobs

/// The JUnit report's optional attributes, declared once for run and nightly's live checks.
package struct JUnitShapeFlags: ParsableArguments {
    /// The group before parsing (ArgumentParser fills it in).
    package init() {}

    @Flag(name: .long, help: "Add file= and line= to testcases (GitLab, CircleCI); the xUnit XSD rejects them.")
    package var junitFileAttributes = false

    @Flag(name: .long, help: "Put tests/failures/errors/time on <testsuites> (valid for Jenkins xUnit; the Ant schema rejects them).")
    package var junitRootTotals = false

    /// The attributes as the work takes them.
    package var resolved: JUnitShape { JUnitShape(fileAttributes: junitFileAttributes, rootTotals: junitRootTotals) }
}
