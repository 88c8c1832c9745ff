import Foundation
import FoursquarePlaces
import HarnessCore

extension DocumentCheck {
    /// A live answer (run --live, drift) against the document; no answer at all is the error the other live
    /// checks report. Text from the server passes through `key.redact`.
    package func liveResult(fixture: Fixture, auth: AuthStyle, exchange: LiveExchange, key: APIKey) -> CaseResult {
        let endpoint = fixture.endpoint.rawValue
        guard let request = exchange.request, let response = exchange.response else {
            let message: String
            if case let .failed(error) = exchange.outcome { message = key.redact(error.description) } else { message = "no response" }
            return CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: auth, check: .liveOpenapi,
                              verdict: .error(message: message, detail: message))
        }
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
        let sent = DocumentExchange(contract: fixture.contract, method: request.method,
                                    path: components?.percentEncodedPath ?? request.url.path, query: query,
                                    status: response.status, headers: response.headers.lowercasedDictionary, body: exchange.body)
        // A violation quotes the value it is about: a credential the answer carries is taken out with the key.
        let secrets = AnswerSecrets(body: exchange.body)
        return result(for: sent, endpoint: endpoint, fixture: fixture.relativePath, auth: auth, check: .liveOpenapi,
                      redact: { secrets.text(key.redact($0)) })
            ?? CaseResult(endpoint: endpoint, fixture: fixture.relativePath, auth: auth, check: .liveOpenapi,
                          verdict: .skip(reason: "no OpenAPI document for contract \(fixture.contract)"))
    }
}
