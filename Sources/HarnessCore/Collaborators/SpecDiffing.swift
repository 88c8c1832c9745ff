import Foundation
import FoursquarePlaces

/// What `fsq-contract spec-diff` was asked: two documents, the contract to grade against, and where to write.
package struct SpecDiffRequest: Sendable, Hashable {
    /// The document the client was built against (the one the project ships).
    package var old: String
    /// The provider's new document.
    package var new: String
    /// The contract whose registry and models grade the changes; nil: the old document's `info.version`.
    package var contract: ContractID?
    /// An overrides file applied to both documents instead of the shipped ones.
    package var overrides: String?
    /// The markdown changelog's path.
    package var markdown: String?
    /// The JUnit report's path (one case per operation).
    package var report: String?
    /// The JSON report's path.
    package var json: String?
    /// A baseline of known findings: a known breaking change is listed and does not fail.
    package var baseline: String?

    /// A request comparing `old` with `new`; every output is optional.
    package init(old: String, new: String, contract: ContractID? = nil, overrides: String? = nil, markdown: String? = nil,
                report: String? = nil, json: String? = nil, baseline: String? = nil) {
        self.old = old
        self.new = new
        self.contract = contract
        self.overrides = overrides
        self.markdown = markdown
        self.report = report
        self.json = json
        self.baseline = baseline
    }
}

/// Compares two OpenAPI documents for this client; main passes one with the OpenAPI trait.
package protocol SpecDiffing: Sendable {
    /// Prints the summary, writes the outputs and returns the exit status (1: a breaking change, 0: none).
    /// Throws a one-line description naming the file when a document, overrides file or baseline cannot be used.
    func run(_ request: SpecDiffRequest) throws -> Int32
}
