import Foundation
import FoursquarePlaces
import HarnessCore

/// The commands that reproduce one failing case: `curl` with the key as `$FSQ_API_KEY` (the shell expands it, the
/// report never holds it), and the `fsq-contract` command that reruns just that fixture in that style.
package enum ReproduceCommand {
    /// What stands for the key in every command and header shown.
    package static let keyPlaceholder = "$FSQ_API_KEY"

    /// `curl -sS -X GET 'https://…/places/search?ll=…' -H "Authorization: Bearer $FSQ_API_KEY" -H '…'`.
    package static func curl(_ facts: HumanReport.FixtureFacts, auth: AuthStyle?, baseURL: String?, apiVersion: String) -> String {
        let contract = facts.contract.contract
        let base = baseURL ?? contract?.baseURL.absoluteString ?? "https://places-api.foursquare.com"
        var url = base.hasSuffix("/") ? String(base.dropLast()) : base
        url += facts.path
        if !facts.query.isEmpty {
            var components = URLComponents()
            components.queryItems = facts.query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
            url += "?" + (components.percentEncodedQuery ?? "")
        }
        var parts = ["curl -sS -i -X \(shellQuote(facts.method))", shellQuote(url)]
        for (name, value) in headers(auth: auth ?? contract?.authStyles.first ?? .apiKey, apiVersion: contract?.apiVersion ?? apiVersion) {
            let header = "\(name): \(value)"
            // Double quotes only where the key is, so the shell expands it; everything else is single-quoted.
            parts.append("-H " + (value.contains(keyPlaceholder) ? "\"\(header)\"" : shellQuote(header)))
        }
        return parts.joined(separator: " ")
    }

    /// The header set an auth style sends, the key as `$FSQ_API_KEY`, in a stable order.
    package static func headers(auth: AuthStyle, apiVersion: String) -> [(String, String)] {
        auth.headers(key: APIKey(keyPlaceholder), apiVersion: apiVersion).fields
            .map { ($0.name, $0.value) }
            .sorted { $0.0.lowercased() < $1.0.lowercased() }
    }

    /// `fsq-contract run --fixtures Fixtures --filter 'place-details/404.json' --auth bearer` (with the live flags
    /// for a live run; `drift` for a drift run).
    package static func rerun(mode: String, fixture: String, auth: AuthStyle?, fixturesFolder: String, baseURL: String?) -> String {
        var parts = ["fsq-contract", mode == "drift" ? "drift" : "run", "--fixtures", shellQuote(fixturesFolder),
                     "--filter", shellQuote(fixture)]
        if let auth { parts += ["--auth", auth.rawValue] }
        if mode == "live" { parts.append("--live") }
        if mode != "replay", let baseURL { parts += ["--base-url", shellQuote(baseURL)] }
        return parts.joined(separator: " ")
    }

    /// `text` as one shell word: bare when it is plainly safe, else single-quoted.
    package static func shellQuote(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./:=,@%+".contains($0)) }
        if safe, !text.isEmpty { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
