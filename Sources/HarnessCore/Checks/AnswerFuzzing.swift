import Foundation
import FoursquarePlaces

/// What `fuzz` asks for: answers generated from these documents (patched by these overrides), `count` per
/// operation and documented status, from `seed`.
package struct FuzzRequest: Sendable {
    package var documents: [DocumentArgument]
    package var overrides: [DocumentArgument]
    package var count: Int
    package var seed: UInt64

    package init(documents: [DocumentArgument], overrides: [DocumentArgument], count: Int, seed: UInt64) {
        self.documents = documents
        self.overrides = overrides
        self.count = count
        self.seed = seed
    }
}

/// One operation × documented status: how its generated answers fared in the client.
package struct FuzzCase: Sendable {
    package enum Verdict: Sendable {
        /// Every generated answer decoded.
        case passed
        /// At least one did not; the first failure, shrunk.
        case failed(FuzzFailure)
        /// The client has no endpoint for this operation, or the status has no JSON body to generate.
        case skipped(String)
        /// The generator could not produce an answer the document allows: nothing was decided.
        case error(String)
    }

    package var contract: ContractID
    /// `GET /places/search`.
    package var operation: String
    package var method: String
    package var pathTemplate: String
    /// As documented: `200`, `4XX`, `default`.
    package var status: String
    /// The status the answers were given with (`default` → 500).
    package var httpStatus: Int
    package var endpoint: EndpointID?
    /// The Swift type the answers decode into.
    package var model: String
    /// Answers generated, kept (the document allows them) and put through the client.
    package var answers: Int
    package var verdict: Verdict

    package init(contract: ContractID, operation: String, method: String, pathTemplate: String, status: String, httpStatus: Int,
                endpoint: EndpointID?, model: String, answers: Int, verdict: Verdict) {
        self.contract = contract
        self.operation = operation
        self.method = method
        self.pathTemplate = pathTemplate
        self.status = status
        self.httpStatus = httpStatus
        self.endpoint = endpoint
        self.model = model
        self.answers = answers
        self.verdict = verdict
    }
}

/// The first answer of a case the client could not read, shrunk to a minimal one that still fails the same way.
package struct FuzzFailure: Sendable {
    /// How many of the case's answers failed.
    package var failing: Int
    /// RFC 6901 pointer into the answer: `/results/0/fsq_place_id`.
    package var pointer: String
    /// The member the client could not read.
    package var field: String
    package var expected: String
    package var found: String
    /// The minimal failing answer, compact JSON.
    package var minimalAnswer: Data
    /// The answer's seed: `fuzz --seed` with it regenerates the same answer first.
    package var seed: UInt64

    package init(failing: Int, pointer: String, field: String, expected: String, found: String, minimalAnswer: Data, seed: UInt64) {
        self.failing = failing
        self.pointer = pointer
        self.field = field
        self.expected = expected
        self.found = found
        self.minimalAnswer = minimalAnswer
        self.seed = seed
    }
}

/// What a fuzz run gave: the lines to print (documents read, overrides applied) and a case per operation × status.
package struct FuzzRun: Sendable {
    package var notices: [String]
    package var cases: [FuzzCase]

    package init(notices: [String], cases: [FuzzCase]) {
        self.notices = notices
        self.cases = cases
    }
}

/// Generates answers from documents and decodes them through the client; main passes one with the OpenAPI trait.
package protocol AnswerFuzzing: Sendable {
    /// Throws a one-line description naming the file when a document or override cannot be used.
    func fuzz(_ request: FuzzRequest) throws -> FuzzRun
}

/// Answers generated on request, for `serve --generate`: the emulator answers a request with a body its
/// contract's document allows instead of a recorded one.
package protocol GeneratedAnswers: Sendable {
    /// A generated 2xx answer (status, JSON body) to `method path` (percent-encoded) in `contract`; nil when that
    /// contract's document has no such operation or no JSON success body for it.
    func answer(contract: ContractID, method: String, path: String) -> (status: Int, body: Data)?
}
