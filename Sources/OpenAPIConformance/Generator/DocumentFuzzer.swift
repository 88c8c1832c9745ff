import HarnessCore
import FixtureFormat
import Foundation
import FoursquarePlaces

/// `fuzz`: for every operation and documented status of each document, `count` answers the (patched) document
/// allows, each decoded through the client; the first failure of a case is shrunk to a minimal answer.
package struct DocumentFuzzer: AnswerFuzzing {
    package init() {}

    package func fuzz(_ request: FuzzRequest) throws -> FuzzRun {
        let loaded = try OpenAPIDocumentLoader().load(documents: request.documents, overrides: request.overrides)
        // The loader of this module always builds this oracle.
        let oracle = loaded.oracle as! OpenAPIOracle
        var cases: [FuzzCase] = []
        for contract in oracle.documents.keys.sorted() {
            cases += Self.cases(of: oracle.documents[contract]!, count: request.count, seed: request.seed)
        }
        return FuzzRun(notices: loaded.notices, cases: cases)
    }

    /// The status an answer of a documented response is given with: its own, its class's first, or 500 for
    /// `default`.
    static func httpStatus(_ documented: String) -> Int {
        if let status = Int(documented) { return status }
        if documented.count == 3, documented.uppercased().hasSuffix("XX"), let digit = Int(documented.prefix(1)) { return digit * 100 }
        return 500
    }

    static func cases(of document: CompiledDocument, count: Int, seed: UInt64) -> [FuzzCase] {
        let contract = Contract.named(document.contract)
        return document.operations.flatMap { operation in
            operation.responses.map { response in
                let endpoint = contract?.endpoints.first { $0.method == operation.method && $0.pathTemplate == operation.pathTemplate }
                return run(document: document, operation: operation, response: response, endpoint: endpoint,
                           count: count, seed: seed)
            }
        }
    }

    /// One case: generate, keep what the document allows, decode, shrink the first failure.
    static func run(document: CompiledDocument, operation: CompiledDocument.Operation, response: CompiledDocument.Response,
                    endpoint: Endpoint?, count: Int, seed: UInt64) -> FuzzCase {
        let status = httpStatus(response.status)
        var result = FuzzCase(contract: document.contract, operation: operation.label, method: operation.method,
                              pathTemplate: operation.pathTemplate, status: response.status, httpStatus: status,
                              endpoint: endpoint?.id, model: endpoint?.responseType ?? "none", answers: 0, verdict: .passed)
        guard let endpoint else {
            result.verdict = .skipped("the client has no endpoint for \(operation.label) in contract \(document.contract)")
            return result
        }
        let decoding = ClientDecoding(endpoint: endpoint, status: status)
        result.model = decoding.model
        guard let entry = CompiledDocument.entry(for: "application/json", in: response.content), let schema = entry.schema else {
            result.verdict = .skipped("\(operation.label) \(response.status) documents no JSON body to generate")
            return result
        }
        let validator = InstanceValidator(table: document.schemas)
        // Each case its own stream, so adding an operation to a document does not change the others' answers.
        let caseSeed = Self.seed(seed, operation.label, response.status)
        var generator = AnswerGenerator(table: document.schemas, seed: caseSeed)
        var first: (answer: JSONValue, failure: ClientDecoding.Failure)?
        var failing = 0, rejected = 0
        var cut: String?, cutRejected = 0
        // A cut answer can cost the whole value budget: fewer of them before the case gives up.
        while result.answers < count, rejected <= 10 * count, cutRejected <= count {
            let answer = generator.answer(for: schema)
            if let unmet = generator.unmet {
                result.verdict = .error("\(operation.label) \(response.status): \(unmet); nothing is decided")
                return result
            }
            guard validator.isValid(answer, against: schema) else {
                rejected += 1
                if let point = generator.cut {
                    cut = point
                    cutRejected += 1
                }
                continue
            }
            result.answers += 1
            if let failure = decoding.failure(of: answer) {
                failing += 1
                if first == nil { first = (answer, failure) }
            }
        }
        guard result.answers == count else {
            result.verdict = .error("the generator made \(result.answers) of \(count) answers the document allows for \(operation.label) \(response.status) (\(rejected) rejected\(cut.map { "; answers cut short at \($0): a required member or item there refers back to its own schema, so no answer ends" } ?? "")); nothing is decided")
            return result
        }
        guard let first else { return result }
        let shape = first.failure.shape
        let minimal = AnswerShrinker.shrink(first.answer, allowed: { validator.isValid($0, against: schema) },
                                            stillFails: { decoding.failure(of: $0)?.shape == shape })
        let failure = decoding.failure(of: minimal) ?? first.failure
        result.verdict = .failed(FuzzFailure(failing: failing, pointer: failure.pointer, field: failure.field,
                                             expected: failure.expected, found: failure.found,
                                             minimalAnswer: minimal.jsonData, seed: seed))
        return result
    }

    /// FNV-1a of the case's name, mixed with the run's seed.
    static func seed(_ seed: UInt64, _ operation: String, _ status: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (operation + " " + status).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        return hash ^ seed
    }
}
