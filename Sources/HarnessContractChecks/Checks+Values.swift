import Foundation
import FoursquarePlaces
import HarnessCore

extension Checks {
    /// The decoding check, then the values: every member of the answer that the contract's document defines must
    /// reach the decoded model with the same value (`ValueConformance`). `notes` says when the document describes
    /// no answer for the endpoint, so the values could not be judged. `members` are the documented members the
    /// answer holds with a value, which the value check compared (as `CoverageCollector` counts them): the run's
    /// coverage counts them.
    /// With `shapes`, an answer whose shape already passed `AnswerShapes.checksPerShape` times is decoded but its
    /// values are not compared again (the run counts it).
    package static func decodingAndValues(fixture: Fixture, outcome: CallOutcome, shapes: AnswerShapes? = nil)
        -> (verdict: Verdict, notes: String?, members: [Int]) {
        let decoded = decoding(fixture: fixture, outcome: outcome)
        guard case .pass = decoded, case let .decoded(value) = outcome else { return (decoded, nil, []) }
        guard let operation = DocumentedOperation.named(fixture.endpoint, contract: fixture.contract),
              !operation.members.isEmpty else {
            return (decoded, "values: not judged: the \(fixture.contract) documents describe no answer members for \(fixture.endpoint)", [])
        }
        if fixture.isSynthesized, (200...299).contains(fixture.response.status),
           let member = FixtureSynthesis.undocumented(body: fixture.response.body.data, operation: operation).first {
            let message = "\(fixture.relativePath): a synthetic fixture holds \(member), which \(operation.source) does not document; "
                + "write it again with `fsq-contract fixtures synthesize`"
            return (.error(message: message, detail: message), nil, [])
        }
        // A fixture copied from the version before that still carries what this version's document removed.
        if (200...299).contains(fixture.response.status),
           let changes = DocumentChanges.of(endpoint: fixture.endpoint.rawValue, contract: fixture.contract),
           let member = changes.removedMembers(in: fixture.response.body.data).first {
            let message = "\(fixture.relativePath): holds \(member), which \(changes.source) removed (\(changes.previous)'s document had it); "
                + "re-record the fixture, or rewrite it without the member"
            return (.error(message: message, detail: message), nil, [])
        }
        var key: AnswerShapes.Key?
        if let shapes, let shape = AnswerShape.of(fixture.response.body.data) {
            key = AnswerShapes.Key(operation: ObjectIdentifier(ValueConformance.MemberTree.of(operation)),
                                   model: ObjectIdentifier(type(of: value)), shape: shape)
            if let exercised = shapes.known(key!) { return (decoded, nil, exercised) }
        }
        let (problems, members) = ValueConformance.check(body: fixture.response.body.data, decoded: value, operation: operation)
        guard let first = problems.first else {
            if let shapes, let key { shapes.passed(key, exercised: members) }
            return (decoded, nil, members)
        }
        let model = (fixture.registryEntry ?? fixture.endpoint.endpoint).responseType
        var lines = problems.prefix(ValueConformance.listed).map { $0 }
        if problems.count > ValueConformance.listed { lines.append("… and \(problems.count - ValueConformance.listed) more") }
        return (.fail(message: first,
                      detail: "\(problems.count) documented member(s) of the answer did not reach \(model) "
                          + "(the document: \(operation.source)):\n" + lines.joined(separator: "\n")), nil, members)
    }
}
