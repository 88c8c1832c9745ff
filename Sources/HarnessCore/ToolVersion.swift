/// The version of fsq-contract, written into reports and recorded fixtures.
package enum ToolVersion {
    package static let current = "0.3.0"
}
