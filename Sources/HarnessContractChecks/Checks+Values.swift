import Foundation
import FoursquarePlaces
import HarnessCore

extension Checks {
    /// The decoding check, then the values: every member of the answer that the contract's document defines must
    /// reach the decoded model with the same value (`ValueConformance`). `notes` says when the document describes
    /// no answer for the endpoint, so the values could not be judged.
    package static func decodingAndValues(fixture: Fixture, outcome: CallOutcome) -> (verdict: Verdict, notes: String?) {
        let decoded = decoding(fixture: fixture, outcome: outcome)
        guard case .pass = decoded, case let .decoded(value) = outcome else { return (decoded, nil) }
        guard let operation = DocumentedOperation.named(fixture.endpoint, contract: fixture.contract),
              !operation.members.isEmpty else {
            return (decoded, "values: not judged: the \(fixture.contract) documents describe no answer members for \(fixture.endpoint)")
        }
        let problems = ValueConformance.problems(body: fixture.response.body.data, decoded: value, operation: operation)
        guard let first = problems.first else { return (decoded, nil) }
        let model = (fixture.registryEntry ?? fixture.endpoint.endpoint).responseType
        var lines = problems.prefix(ValueConformance.listed).map { $0 }
        if problems.count > ValueConformance.listed { lines.append("… and \(problems.count - ValueConformance.listed) more") }
        return (.fail(message: first,
                      detail: "\(problems.count) documented member(s) of the answer did not reach \(model) "
                          + "(the document: \(operation.source)):\n" + lines.joined(separator: "\n")), nil)
    }
}
