import Foundation

/// Chooses and applies faults: a forced one from `X-Emulator-Fault`, else one drawn from the seeded rules.
struct FaultInjector: Sendable {
    let rules: [FaultRule]
    let random: RandomSource

    init(rules: [FaultRule], seed: UInt64) {
        self.rules = rules
        self.random = RandomSource(seed: seed)
    }

    /// The fault a request names in `X-Emulator-Fault`: nil when it names none, `.failure` with the 400 answer
    /// when the name is unknown (checked before anything else, so a typo is never silently ignored).
    static func forced(_ request: EmulatorRequest) -> Result<FaultKind, FaultNameError>? {
        guard let name = request.header(PlacesEmulator.faultHeader) else { return nil }
        guard let kind = FaultKind(rawValue: name.trimmingCharacters(in: .whitespaces)) else { return .failure(FaultNameError(name: name)) }
        return .success(kind)
    }

    /// One draw per rule per request; the first rule that fires wins.
    func draw() -> FaultKind? {
        guard !rules.isEmpty else { return nil }
        let draws = random.nextDoubles(rules.count)
        for (rule, draw) in zip(rules, draws) where draw < rule.rate {
            return rule.kind
        }
        return nil
    }

    /// The whole answer for faults that replace the response (`rate-limit`, `server-error`, `unavailable`,
    /// `malformed`); nil for faults that alter the routed response.
    static func replacement(_ fault: FaultKind, style: String, withDetail: Bool) -> EmulatorResponse? {
        func detail(_ text: String) -> String? { withDetail ? text : nil }
        switch fault {
        case .rateLimit:
            var response = EmulatorResponse.apiError(
                429, "Rate limit exceeded.",
                detail("Injected by the emulator (fault rate-limit). Retry after the number of seconds in the Retry-After header."),
                style: style)
            response.headers["retry-after"] = "1"
            response.fault = .rateLimit
            return response
        case .serverError:
            var response = EmulatorResponse.apiError(500, "Internal server error.", detail("Injected by the emulator (fault server-error)."), style: style)
            response.fault = .serverError
            return response
        case .unavailable:
            var response = EmulatorResponse.apiError(503, "Service unavailable.", detail("Injected by the emulator (fault unavailable)."), style: style)
            response.fault = .unavailable
            return response
        case .malformed:
            return EmulatorResponse(status: 200, headers: ["content-type": "application/json; charset=utf-8"],
                                    body: malformedBody, fault: .malformed, authStyle: style)
        case .reset, .truncate, .slowBody:
            return nil
        }
    }

    /// Applies a fault that alters the routed response: `truncate` halves the body; `reset` and `slow-body` are
    /// delivered by the server.
    static func apply(_ fault: FaultKind?, to response: inout EmulatorResponse) {
        switch fault {
        case .truncate?:
            response.body = response.body.prefix(response.body.count / 2)
            response.fault = .truncate
            response.fixtureIndex = nil
        case .reset?, .slowBody?:
            response.fault = fault
            response.fixtureIndex = nil
        default:
            break
        }
    }

    static let malformedBody = Data(#"{"results":[{"fsq_id":"4b0588a0f964a520cfd722e3","name":"Emulated <malformed>",]"#.utf8)
}

/// An `X-Emulator-Fault` value that names no fault.
struct FaultNameError: Error {
    let name: String
}
