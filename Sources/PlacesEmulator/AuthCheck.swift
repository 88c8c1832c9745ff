import Foundation
import FoursquarePlaces
import HarnessCore

/// The emulator's auth rules, as the API enforces them: a missing or wrong key (`--key`, and always `RejectedKey`) gets 401, the bearer style
/// without `X-Places-Api-Version` gets 400, and `--auth` refuses the other style with 401.
struct AuthCheck: Sendable {
    let required: EmulatorAuth
    let requiredKey: String?

    /// The request's auth style (`apiKey`, `bearer` or `none`) and, when it fails, the answer.
    struct Outcome {
        var style: String
        var failure: EmulatorResponse?
    }

    /// The style a request uses, without judging it.
    static func style(of request: EmulatorRequest) -> String {
        PresentedAuth.read(authorization: request.header("authorization"))?.style.rawValue ?? "none"
    }

    func check(_ request: EmulatorRequest) -> Outcome {
        guard let presented = PresentedAuth.read(authorization: request.header("authorization")) else {
            return Outcome(style: "none", failure: .apiError(
                401, "Invalid request token.",
                "The Authorization header is missing. Send \(Self.styleHint(required)).", style: "none"))
        }
        let isBearer = presented.style == .bearer
        let style = presented.style.rawValue
        let key = presented.key
        if required == .apiKey, isBearer {
            return Outcome(style: style, failure: .apiError(
                401, "This server requires the apiKey auth style: Authorization: <key>, without a Bearer scheme.",
                "The request used the bearer style; the emulator runs with --auth apiKey.", style: style))
        }
        if required == .bearer, !isBearer {
            return Outcome(style: style, failure: .apiError(
                401, "This server requires the bearer auth style: Authorization: Bearer <key> and X-Places-Api-Version.",
                "The request used the apiKey style; the emulator runs with --auth bearer.", style: style))
        }
        if isBearer, UTF8Text.trimmed(request.header("x-places-api-version") ?? "").isEmpty {
            return Outcome(style: style, failure: .apiError(
                400, "Missing X-Places-Api-Version header.",
                "The Bearer auth style requires the X-Places-Api-Version header, e.g. X-Places-Api-Version: 2025-06-17.",
                style: style))
        }
        // Without --key any key is taken, but the harness's rejected one: the API refuses a key it does not know.
        if key.isEmpty || key == RejectedKey.key.secret || (requiredKey.map { $0 != key } ?? false) {
            return Outcome(style: style, failure: .apiError(
                401, "Invalid request token.",
                "The API key in the Authorization header is missing, malformed, revoked or expired.", style: style))
        }
        return Outcome(style: style, failure: nil)
    }

    private static func styleHint(_ auth: EmulatorAuth) -> String {
        switch auth {
        case .apiKey: return "Authorization: <key>"
        case .bearer: return "Authorization: Bearer <key> with X-Places-Api-Version"
        case .any: return "Authorization: <key>, or Authorization: Bearer <key> with X-Places-Api-Version"
        }
    }
}
