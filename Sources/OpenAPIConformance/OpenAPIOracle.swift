import FoursquarePlaces
import HarnessCore

/// The compiled documents of a run, one per contract: the `DocumentOracle` the strategies ask.
struct OpenAPIOracle: DocumentOracle, DocumentCoverage {
    let documents: [ContractID: CompiledDocument]

    func covers(contract: ContractID) -> Bool { documents[contract] != nil }

    func violations(of exchange: DocumentExchange) -> [DocumentViolation] {
        documents[exchange.contract]?.violations(of: exchange) ?? []
    }

    func documentedOperations() -> [(contract: ContractID, method: String, path: String, statuses: [String])] {
        documents.keys.sorted().flatMap { contract in
            documents[contract]!.operations.map { (contract, $0.method, $0.pathTemplate, $0.responses.map(\.status)) }
        }
    }

    func documentedResponse(contract: ContractID, method: String, path: String, status: Int) -> (operation: String, status: String?)? {
        guard let document = documents[contract], let operation = document.operation(method: method, path: path) else { return nil }
        return (operation.label, document.response(for: status, in: operation)?.status)
    }
}
