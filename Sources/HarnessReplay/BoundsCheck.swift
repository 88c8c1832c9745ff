import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore

/// Every documented bound tried on both sides of each edge it states (`DocumentedBound.cases`): the client must
/// send a value inside the bound as it is, and refuse a value outside it, naming the parameter, before sending
/// anything. One `bound` testcase per value, in the report suite `bounds`.
package enum BoundsCheck {
    /// The report suite the cases go to.
    package static let suite = "bounds"

    /// An endpoint of a contract that a run covered: the bounds tried are those of the endpoints its fixtures called.
    package struct Covered: Sendable, Hashable {
        package let contract: ContractID
        package let endpoint: EndpointID

        package init(_ contract: ContractID, _ endpoint: EndpointID) {
            self.contract = contract
            self.endpoint = endpoint
        }
    }

    /// The cases of the bounds of the `covered` endpoints, in the table's order. Under `--filter`, only those of an
    /// endpoint the pattern names itself (`place-search`, `place-*`): a filter for some fixtures (`place-*/404*`) runs none.
    package static func results(
        covering covered: Set<Covered>, filter: FixtureFilter = FixtureFilter(nil), bounds: [DocumentedBound] = DocumentedBound.all
    ) async -> [CaseResult] {
        var results: [CaseResult] = []
        for bound in bounds where covered.contains(Covered(bound.contract, bound.endpoint))
            && filter.matches(endpoint: bound.endpoint.rawValue, path: bound.endpoint.rawValue) {
            for (value, inside) in bound.cases {
                results.append(await result(bound, value: value, inside: inside))
            }
        }
        return results
    }

    /// One value of one bound: sent as it is when `inside`, refused before sending otherwise.
    package static func result(_ bound: DocumentedBound, value: Int, inside: Bool) async -> CaseResult {
        let name = "\(bound.contract)/\(bound.endpoint.rawValue) \(bound.parameter)=\(value)"
        let start = ContinuousClock.now
        let verdict = await judge(bound, value: value, inside: inside)
        return CaseResult(endpoint: bound.endpoint.rawValue, fixture: name, auth: nil, check: .bound,
                          time: (ContinuousClock.now - start).seconds, verdict: verdict)
    }

    private static func judge(_ bound: DocumentedBound, value: Int, inside: Bool) async -> Verdict {
        let edge = "\(bound.endpoint.rawValue) \(bound.parameter)=\(value) is \(inside ? "inside" : "outside") the documented bound "
            + "\(bound.range) (\(bound.source))"
        guard let contract = Contract.named(bound.contract) else {
            return .error(message: "cannot judge \(edge): the client knows no contract \(bound.contract)", detail: edge)
        }
        var query = bound.with
        query[bound.parameter] = String(value)
        let path = bound.path.replacingOccurrences(of: #"\{[^}/]+\}"#, with: DocumentedBound.samplePathValue, options: .regularExpression)
        let plan: CallPlan
        do {
            plan = try CallPlan.make(endpoint: bound.endpoint, contract: bound.contract, path: path, query: query,
                                     file: "\(bound.source) \(bound.endpoint.rawValue)")
        } catch {
            // The client's registry cannot even hold the value (another parameter name, another path): what it did.
            return .fail(message: "\(edge); the client cannot make the request: \(error.reason)", detail: "\(edge)\n\(error)")
        }
        let transport = ReplayTransport(status: 200, headers: HTTPHeaders(), body: Data(), answers: false)
        let client = FoursquareClient(apiKey: ReplayStrategy.replayKey, contract: contract, transport: transport)
        let refusal = await plan.runValidated(with: client).refusal
        let sent = transport.requests
        if inside {
            guard let request = sent.first else {
                return .fail(message: "\(edge); the client refused it: \(refusal?.cause ?? "it sent nothing")", detail: edge)
            }
            let carried = request.queryParameters[bound.parameter]
            guard carried == String(value) else {
                return .fail(message: "\(edge); the client sent \(bound.parameter)=\(carried ?? "nothing")", detail: edge)
            }
            return .pass
        }
        if let request = sent.first {
            let carried = request.queryParameters[bound.parameter]
            return .fail(message: "\(edge); the client sent it (\(bound.parameter)=\(carried ?? "nothing")) instead of refusing it",
                         detail: "\(edge)\nexpected invalidInput for \(bound.parameter) and no request")
        }
        guard let refusal else {
            return .fail(message: "\(edge); the client neither sent it nor refused it", detail: edge)
        }
        guard refusal.parameter == bound.parameter else {
            return .fail(message: "\(edge); the client refused \(refusal.cause ?? "another parameter") instead", detail: edge)
        }
        return .pass
    }
}
