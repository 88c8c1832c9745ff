import FixtureFormat
import FoursquarePlaces

/// The request check's second reference: the headers the fixture recorded. A fixture was recorded under one auth
/// style; the style is read from the recorded names against `WireHeaders` (and from `Bearer <redacted>`, when
/// the recorder kept the scheme). Under that style the client must send every recorded name, volatile ones aside,
/// and present the key in the recorded form.
package enum RecordedHeaders {
    /// The style `fixture` was recorded under, when its headers say.
    static func style(of fixture: Fixture) -> AuthStyle? {
        if let auth = fixture.recorded.auth { return auth }
        let recorded = fixture.request.headers
        if let authorization = recorded["authorization"], authorization.hasPrefix("Bearer ") { return .bearer }
        let names = Set(recorded.keys.filter { !WireHeaders.isVolatile($0) })
        let matching = AuthStyle.allCases.filter { WireHeaders.names(for: $0) == names }
        return matching.count == 1 ? matching[0] : nil
    }

    /// One line per recorded header the client did not send under the recorded style, or a key presented in
    /// another form than the recorded one. Empty under any other style.
    package static func problems(fixture: Fixture, style: AuthStyle, sent: [String: String]) -> [String] {
        guard style == self.style(of: fixture) else { return [] }
        var problems: [String] = []
        for name in fixture.request.headers.keys.sorted() where !WireHeaders.isVolatile(name) && sent[name] == nil {
            problems.append("header \(name) (\(style)): the fixture recorded it and the contract requires it; not sent")
        }
        // The loader keeps `Bearer <redacted>` when a recording kept the scheme; a bare `<redacted>` says no form.
        let recordedForm = fixture.recorded.auth
            ?? (fixture.request.headers["authorization"]?.hasPrefix("Bearer ") == true ? .bearer : nil)
        if let recordedForm, let value = sent["authorization"], let sentForm = PresentedAuth.read(authorization: value)?.style,
           sentForm != recordedForm {
            problems.append(recordedForm == .bearer
                ? "header authorization (\(style)): the fixture recorded 'Bearer <redacted>'; sent the raw key"
                : "header authorization (\(style)): the fixture recorded the raw key '<redacted>'; sent 'Bearer <redacted>'")
        }
        return problems
    }
}
