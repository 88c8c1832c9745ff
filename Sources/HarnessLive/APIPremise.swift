import Foundation
import FoursquarePlaces
import HarnessCore

/// What a live run must see before any answer can judge the contract: that it is talking to the API. Its answers
/// are the API's JSON (a captive portal's page, on any status, is not), a key no server accepts is refused, and
/// the version the run asks for is served. One answer that shows otherwise ends the run: exit 3 with one line
/// (`CallHealth.premiseFailed`), no verdict, no baseline, no fixture written.
///
/// A 5xx page is left to `CallHealth`'s gateway rule: one such page is a blip a retry recovers from.
package struct APIPremise: Sendable, Equatable {
    /// Which premise an answer broke.
    package enum Kind: Sendable, Equatable {
        /// A page or a body that is not JSON: something other than the API answered.
        case notTheAPI
        /// A key no server accepts was not refused.
        case wrongKeyAccepted
        /// The version the run asks for was refused: two such answers are the night's cause, while no answer
        /// shows the version served (one refusal may be a call's own trouble).
        case versionRefused
    }

    /// Which premise.
    package var kind: Kind
    /// The one line: what was asked, what came back, and why it is not the API.
    package var line: String
    /// What to do, for the line beside the cause.
    package var hint: String?

    /// The longest title or message quoted, so the run's last line stays within 200 characters.
    static let maxQuoted = 64

    /// The premise `answer` breaks, if any.
    /// - Parameters:
    ///   - wrongKey: the request carried a key no server accepts (`LiveProvocation.rejectedKey`).
    ///   - expected: the status the call's fixture recorded: a 400 it asks for says nothing of the version.
    package static func broken(method: String, path: String, status: Int, contentType: String?, body: Data, wrongKey: Bool,
                               expected: Int?, versionSent: String?, scrubber: KeyScrubber?) -> APIPremise? {
        // Place ids masked: the line names the operation, and reads the same for every place.
        let masked = path.replacingOccurrences(of: #"[0-9a-f]{24}"#, with: "{id}", options: .regularExpression)
        return judge(asked: "\(method) \(masked)", status: status, contentType: contentType, body: body, wrongKey: wrongKey,
                     expected: expected, versionSent: versionSent, scrubber: scrubber)
    }

    private static func judge(asked: String, status: Int, contentType: String?, body: Data, wrongKey: Bool,
                              expected: Int?, versionSent: String?, scrubber: KeyScrubber?) -> APIPremise? {
        if status < 500, !body.isEmpty, (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) == nil {
            return notJSON(asked: asked, status: status, contentType: contentType, body: body, scrubber: scrubber)
        }
        if wrongKey, (200...299).contains(status) {
            return APIPremise(kind: .wrongKeyAccepted, line: "a wrong key was not refused: \(asked) answered \(status) to a key no server accepts",
                              hint: "hint: a mock or a proxy answers in the API's place; check --base-url and the network, then run again")
        }
        if let versionSent, [400, 406, 410, 412, 422].contains(status), status != expected {
            let message = ServerMessage(body: body, contentType: contentType, scrubber: scrubber)
            if let text = message.text, text.lowercased().contains("version") {
                return APIPremise(kind: .versionRefused, line: "the API refused version \(versionSent): \(status) \(quote(text))",
                                  hint: "hint: the API no longer serves \(versionSent): grade its current document with fsq-contract spec-diff, "
                                      + "then add that version with scripts/new-contract.sh (guide: AddingAVersion)")
            }
        }
        return nil
    }

    private static func notJSON(asked: String, status: Int, contentType: String?, body: Data, scrubber: KeyScrubber?) -> APIPremise {
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let shown = type.isEmpty ? "no content type" : type
        let hint = "hint: a captive portal, a proxy or a wrong --base-url answers in the API's place; fix the network, then run again"
        guard let page = page(body) else {
            return APIPremise(kind: .notTheAPI, line: "not the API: \(asked) answered \(status) \(shown), a body that is not JSON", hint: hint)
        }
        let title = page.isEmpty ? "with no title" : "titled \(quote(scrubber?.text(page) ?? page))"
        let line = type.contains("json") ? "not the API: \(asked) answered \(status) \(shown), but the body is an HTML page \(title)"
            : "not the API: \(asked) answered \(status) \(shown), a page \(title)"
        return APIPremise(kind: .notTheAPI, line: line, hint: hint)
    }

    /// The page's title ("" when it has none), or nil when the body is no HTML page.
    static func page(_ body: Data) -> String? {
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        guard text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("<") || text.range(of: "<html", options: .caseInsensitive) != nil
        else { return nil }
        guard let open = text.range(of: "<title", options: .caseInsensitive),
              let close = text.range(of: ">", range: open.upperBound..<text.endIndex),
              let end = text.range(of: "</title", options: .caseInsensitive, range: close.upperBound..<text.endIndex) else { return "" }
        let title = text[close.upperBound..<end.lowerBound]
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
        return title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `"…"`, on one line, cut to `maxQuoted` characters.
    static func quote(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return "\"" + (line.count > maxQuoted ? String(line.prefix(maxQuoted - 1)) + "…" : line) + "\""
    }
}
