import HarnessCore
import FixtureFormat
import Foundation
import FoursquarePlaces
import Synchronization

/// `serve --generate`: answers made on request from the documents (with their shipped overrides), one seeded
/// generator per operation, so the same seed and the same request sequence give the same answers.
package final class DocumentAnswers: GeneratedAnswers {
    private let documents: [ContractID: CompiledDocument]
    private let seed: UInt64
    private let generators = Mutex<[String: AnswerGenerator]>([:])

    /// Reads and compiles the documents; throws a one-line description naming the file.
    package init(documents: [DocumentArgument], seed: UInt64) throws {
        let loaded = try OpenAPIDocumentLoader().load(documents: documents, overrides: [])
        // The loader of this module always builds this oracle.
        self.documents = (loaded.oracle as! OpenAPIOracle).documents
        self.seed = seed
    }

    /// The contracts the documents describe.
    package var contracts: [ContractID] { documents.keys.sorted() }

    package func answer(contract: ContractID, method: String, path: String) -> (status: Int, body: Data)? {
        guard let document = documents[contract], let operation = document.operation(method: method, path: path) else { return nil }
        for response in operation.responses {
            guard let status = Int(response.status), (200...299).contains(status),
                  let schema = CompiledDocument.entry(for: "application/json", in: response.content)?.schema else { continue }
            let key = "\(contract) \(operation.label) \(response.status)"
            let validator = InstanceValidator(table: document.schemas)
            return generators.withLock { generators in
                var generator = generators[key] ?? AnswerGenerator(table: document.schemas, seed: DocumentFuzzer.seed(seed, operation.label, response.status))
                defer { generators[key] = generator }
                // An answer the document does not allow is never served; the generator rarely needs a second try.
                for _ in 0..<20 {
                    let answer = generator.answer(for: schema)
                    if validator.isValid(answer, against: schema) { return (status, answer.jsonData) }
                }
                return nil
            }
        }
        return nil
    }
}
