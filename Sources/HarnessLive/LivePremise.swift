import Foundation
import FoursquarePlaces
import HarnessCore

/// The rule a provoked 400 rests on, and where that rule comes from (`Endpoint.RuleSource`, declared in the
/// registry). A server that accepts the request has not broken the contract when the rule is only assumed: the
/// premise did not hold. When the document states the rule, the server's acceptance is a finding about it: a
/// warning, or with `--strict` a failure.
struct LivePremise: Sendable, Hashable {
    /// The parameter whose rule refuses the request; nil when no declared rule does (only a recording's 400).
    var parameter: String?
    /// What the request sends that the rule refuses, as `name=value` pairs.
    var sent: String
    var source: Endpoint.RuleSource

    /// The premise of `fixture`'s provoked 400, or nil for a provocation that rests on no rule: a 2xx, a 401 with
    /// a rejected key, a 404 for an unknown place (a server accepting those still fails).
    static func of(_ fixture: Fixture, provocation: LiveProvocation) -> LivePremise? {
        guard fixture.response.status == 400, let entry = fixture.registryEntry else { return nil }
        let query = fixture.request.query.sorted { $0.key < $1.key }
        let items = query.map { (name: $0.key, value: $0.value) }
        switch provocation {
        case let .invalidInput(parameter):
            let refusing = entry.refusingRule(items)
            return LivePremise(parameter: parameter, sent: "\(parameter)=\(fixture.request.query[parameter] ?? "")",
                               source: refusing?.parameter == parameter ? refusing!.source : .assumption)
        case .asRecorded:
            if let refusing = entry.refusingRule(items) {
                return LivePremise(parameter: refusing.parameter,
                                   sent: "\(refusing.parameter)=\(fixture.request.query[refusing.parameter] ?? "(missing)")",
                                   source: refusing.source)
            }
            let sent = items.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            return LivePremise(parameter: nil, sent: sent.isEmpty ? "the recorded request" : sent, source: .assumption)
        case .invalidKey, .unknownPlace, .emulatorOnly:
            return nil
        }
    }

    /// The verdict of a case whose server accepted (2xx) what this premise says it refuses.
    func verdict(fixture: Fixture, status: Int, strict: Bool) -> Verdict {
        let accepted = "the server accepted \(sent) (HTTP \(status))"
        switch source {
        case .assumption:
            return .skip(reason: "\(Self.notHeld): \(accepted); the \(fixture.response.status) mapping was not exercised live "
                + "(the document states no rule refusing it: the client's own check or a recording's answer)")
        case .document:
            let finding = "\(Self.documentedRule): \(accepted), which the document refuses"
            if strict { return .fail(message: "\(finding) (--strict)", detail: "\(finding); the fixture expects HTTP \(fixture.response.status)") }
            return .skip(reason: "\(Self.warning): \(finding); the \(fixture.response.status) mapping was not exercised live (--strict fails this)")
        }
    }

    /// The words a skipped case's reason starts with, for the report and the terminal.
    static let notHeld = "premise not held"
    static let warning = "warning"
    static let documentedRule = "documented rule not kept"
}

/// The run's premises that did not hold and documented rules the server did not keep, for the terminal summary.
package final class LivePremises: Sendable {
    struct Entry: Sendable, Hashable {
        var fixture: String
        var contract: ContractID
        var source: Endpoint.RuleSource
        var text: String
    }

    private let entries = Locked<[Entry]>([])

    /// An empty collector.
    package init() {}

    func note(_ fixture: Fixture, premise: LivePremise, status: Int) {
        let entry = Entry(fixture: fixture.relativePath, contract: fixture.contract, source: premise.source,
                          text: "the server accepted \(premise.sent) (HTTP \(status))")
        entries.withLock { if !$0.contains(entry) { $0.append(entry) } }
    }

    /// Premises not held (assumed rules the server did not keep).
    package var premisesNotHeld: Int { entries.withLock { $0.filter { $0.source == .assumption }.count } }
    /// Documented rules the server did not keep (warnings, failures with `--strict`).
    package var documentedRulesNotKept: Int { entries.withLock { $0.filter { $0.source == .document }.count } }

    /// One line per fixture, premises first, each with what to do (`folder`: the fixtures folder); empty when every
    /// premise held.
    package func lines(strict: Bool, folder: String = "Fixtures") -> [String] {
        let all = entries.withLock { $0 }.sorted { $0.fixture < $1.fixture }
        guard !all.isEmpty else { return [] }
        var lines: [String] = []
        let premises = all.filter { $0.source == .assumption }
        if !premises.isEmpty {
            lines.append("\(LivePremise.notHeld) (not a failure): \(plural(premises.count, "fixture")) rest on a rule the document does not state")
            for entry in premises {
                lines.append("  \(entry.fixture): \(entry.text); re-record: fsq-contract record --mode all --accept-status-change "
                    + "--contract \(entry.contract) --filter '\(entry.fixture)', or retire: git rm \(folder)/\(entry.fixture)")
            }
        }
        let documented = all.filter { $0.source == .document }
        if !documented.isEmpty {
            lines.append("\(strict ? "failure" : LivePremise.warning) (\(LivePremise.documentedRule)\(strict ? ", --strict" : "; --strict fails it")): "
                + "\(plural(documented.count, "fixture")) provoked a 400 the document states and the server accepted")
            for entry in documented { lines.append("  \(entry.fixture): \(entry.text)") }
        }
        return lines
    }
}
