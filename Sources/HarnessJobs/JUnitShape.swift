import FoursquarePlaces
import HarnessCore

/// The JUnit report's optional attributes.
package struct JUnitShape: Sendable {
    /// `file=` and `line=` on testcases.
    package var fileAttributes = false
    /// Totals on `<testsuites>`.
    package var rootTotals = false

    /// `--junit-file-attributes` and `--junit-root-totals`.
    package init(fileAttributes: Bool = false, rootTotals: Bool = false) {
        self.fileAttributes = fileAttributes
        self.rootTotals = rootTotals
    }
}
