import Foundation
import FoursquarePlaces

/// One answer as the provider's document sees it: the request sent and the response that came back.
package struct DocumentExchange: Sendable {
    package var contract: ContractID
    package var method: String
    /// Percent-encoded, as sent.
    package var path: String
    /// Decoded names and values.
    package var query: [String: String]
    package var status: Int
    /// Lower-case names.
    package var headers: [String: String]
    package var body: Data

    package init(contract: ContractID, method: String, path: String, query: [String: String], status: Int,
                headers: [String: String], body: Data) {
        self.contract = contract
        self.method = method
        self.path = path
        self.query = query
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A fixture's recorded request and answer.
    package init(fixture: Fixture) {
        self.init(contract: fixture.contract, method: fixture.request.method, path: fixture.request.path,
                  query: fixture.request.query, status: fixture.response.status, headers: fixture.response.headers,
                  body: fixture.response.body.data)
    }
}

/// One way an answer departs from the document, by JSON path, with the document's JSON pointer.
package struct DocumentViolation: Sendable, Hashable {
    /// `$.results[0].unresolved_flags: expected array (document: Place.unresolved_flags), found string "closed"`.
    package var message: String
    /// Where the rule is in the document: `#/paths/~1places~1search/get/...`.
    package var pointer: String
    /// Demoted to a warning by an override.
    package var isWarning: Bool

    package init(message: String, pointer: String, isWarning: Bool = false) {
        self.message = message
        self.pointer = pointer
        self.isWarning = isWarning
    }

    package var line: String { "\(message) (\(pointer))" }
}

/// The provider's own document as a third oracle beside the Swift model and the recording (`--openapi`).
///
/// The harness core does not parse documents (that needs OpenAPIKit and Yams); with the OpenAPI trait,
/// `fsq-contract`'s main passes a `DocumentOracleLoader` that builds one.
package protocol DocumentOracle: Sendable {
    /// Whether a document applies to answers of `contract`.
    func covers(contract: ContractID) -> Bool
    /// Every violation of the exchange, in document order; empty when it keeps the document.
    func violations(of exchange: DocumentExchange) -> [DocumentViolation]
}

/// The `--openapi` settings a run carries: the oracle and whether its violations only warn.
package struct DocumentCheck: Sendable {
    package let oracle: any DocumentOracle
    /// `--openapi-warn`: violations are counted warnings in system-out, not failures.
    package let warnOnly: Bool

    package init(oracle: any DocumentOracle, warnOnly: Bool) {
        self.oracle = oracle
        self.warnOnly = warnOnly
    }

    /// How a case that breaks the document begins.
    static let breaks = "breaks the OpenAPI document: "

    /// The testcase for one exchange, or nil when no document covers its contract.
    package func result(
        for exchange: DocumentExchange, endpoint: String, fixture: String, auth: AuthStyle?, check: CheckName,
        redact: (String) -> String = { $0 }
    ) -> CaseResult? {
        guard oracle.covers(contract: exchange.contract) else { return nil }
        let violations = oracle.violations(of: exchange)
        let failures = warnOnly ? [] : violations.filter { !$0.isWarning }
        let warnings = violations.filter { warnOnly || $0.isWarning }
        let notes = warnings.isEmpty ? nil
            : "OpenAPI warnings (\(warnings.count)):\n" + warnings.map { redact($0.line) }.joined(separator: "\n")
        var result = CaseResult(endpoint: endpoint, fixture: fixture, auth: auth, check: check, verdict: .pass, notes: notes)
        result.warnings = warnings.count
        if !failures.isEmpty {
            let first = redact(failures[0].message)
            let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
            result.verdict = .fail(message: "\(Self.breaks)\(first)\(more)",
                                   detail: failures.map { redact($0.line) }.joined(separator: "\n"))
            // Worded as a single violation's case was, so a baseline entry written before keeps matching it.
            result.findings = failures.map { Self.breaks + redact($0.message) }
        }
        return result
    }
}

/// A contract and a file, from `--openapi [CONTRACT=]FILE` or `--openapi-overrides [CONTRACT=]FILE`; or the
/// document the binary carries (`--openapi` with no file).
package struct DocumentArgument: Sendable, Hashable {
    /// Nil: the document's `info.version` says which contract it describes (bundled: every dated contract's).
    package var contract: ContractID?
    package var path: String
    /// The package's own document (`docs/openapi/`, embedded in the binary) instead of a file.
    package var bundled = false

    package init(contract: ContractID?, path: String) {
        self.contract = contract
        self.path = path
    }

    /// The document the binary carries for `contract`, or for every dated contract when nil.
    package static func bundled(_ contract: ContractID?) -> DocumentArgument {
        var argument = DocumentArgument(contract: contract, path: bundledValue)
        argument.bundled = true
        return argument
    }

    /// What `--openapi` stands for when given no file.
    package static let bundledValue = "bundled"

    /// `2025-06-17=docs/openapi.json` or `docs/openapi.json`; a known contract before `=` is the contract.
    /// `bundled` (what `--openapi` alone gives) and `2025-06-17=bundled` are the documents the binary carries.
    package init(parsing text: String) {
        if let equals = text.firstIndex(of: "="), Contract.known.contains(ContractID(String(text[..<equals]))) {
            self.init(contract: ContractID(String(text[..<equals])), path: String(text[text.index(after: equals)...]))
        } else {
            self.init(contract: nil, path: text)
        }
        bundled = path == Self.bundledValue
    }
}

/// What loading the documents gave: the oracle and the lines to print (documents read, overrides applied).
package struct LoadedDocuments: Sendable {
    package let oracle: any DocumentOracle & DocumentCoverage
    package let notices: [String]

    package init(oracle: any DocumentOracle & DocumentCoverage, notices: [String]) {
        self.oracle = oracle
        self.notices = notices
    }
}

/// The operations and statuses a document describes, for `list --openapi`.
package protocol DocumentCoverage: Sendable {
    /// Per contract: each documented operation (`GET /places/search`) with its documented statuses.
    func documentedOperations() -> [(contract: ContractID, method: String, path: String, statuses: [String])]
    /// The documented operation (`GET /places/search`) and response (`200`, `4XX`, `default`) a request and
    /// status fall under, nil when the document has no such operation or status.
    func documentedResponse(contract: ContractID, method: String, path: String, status: Int) -> (operation: String, status: String?)?
}

/// Builds the oracle from `--openapi` and `--openapi-overrides`; main passes one when it links a document parser.
package protocol DocumentOracleLoader: Sendable {
    /// Throws a one-line description naming the file when a document or override cannot be used.
    func load(documents: [DocumentArgument], overrides: [DocumentArgument]) throws -> LoadedDocuments
}
