import Foundation
import FixtureFormat
import FoursquarePlaces
import HarnessCore

/// How far a run's cases reach into the contract: for each documented operation, which documented members,
/// statuses and header forms at least one case exercised. A check proves only what some case exercises, so
/// green means "right wherever the contract reaches" only with this beside it.
///
/// What must be exercised comes from the documents (`DocumentedOperation`), the mission's statuses and RFC 9110's
/// header forms, never from the client.
package enum ContractCoverage {
    /// The statuses every operation must be seen answering, whatever its document lists: the mission's
    /// 400/401/403/404/429 and 5xx (500 and 503, which carries `Retry-After`).
    package static let missionStatuses = MissionStatuses.all
    /// The status slot filled by any status outside the documented and mission ones (a 409, say): the client
    /// must map a status no document lists to `unexpectedStatus`.
    package static let undocumentedStatus = "undocumented 4xx"
    /// The error body's members, as every seed document's `FoursquareErrorResponse` gives them.
    package static let errorMembers = ["message", "error_detail"]

    /// One thing a case can exercise.
    package enum Slot: Hashable, Sendable, Comparable, CustomStringConvertible {
        case member(String)
        case status(String)
        case headerForm(String)

        package var description: String {
            switch self {
            case let .member(path): return path
            case let .status(status): return status
            case let .headerForm(form): return form
            }
        }

        var kind: Kind {
            switch self {
            case .member: return .members
            case .status: return .statuses
            case .headerForm: return .headerForms
            }
        }
    }

    /// The three counts the coverage line gives.
    package enum Kind: String, CaseIterable, Sendable {
        case members, statuses
        case headerForms = "header forms"
    }

    /// An operation, as the documents name it.
    package struct Operation: Hashable, Sendable, Comparable {
        package let contract: String
        package let endpoint: String

        package init(contract: String, endpoint: String) {
            self.contract = contract
            self.endpoint = endpoint
        }

        package static func < (a: Operation, b: Operation) -> Bool {
            (a.contract, a.endpoint) < (b.contract, b.endpoint)
        }
    }

    /// The header forms of a `Retry-After` on `status`: delta-seconds and an HTTP-date (RFC 9110 §10.2.3).
    static func retryAfterForm(_ value: String, status: Int) -> Slot? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) {
            return .headerForm("Retry-After seconds on \(status)")
        }
        if HTTPDate.parse(trimmed) != nil { return .headerForm("Retry-After HTTP-date on \(status)") }
        return nil
    }

    /// What `operation` must see exercised, and the members its departures cut off (each with its reason).
    static func expected(_ operation: DocumentedOperation) -> (slots: Set<Slot>, departed: [String: String]) {
        var slots: Set<Slot> = []
        let tree = ValueConformance.MemberTree.of(operation)
        for path in tree.paths.dropFirst() { slots.insert(.member(path)) }
        for member in errorMembers { slots.insert(.member(errorPath(member))) }
        for status in Set(operation.statuses + missionStatuses) { slots.insert(.status(String(status))) }
        slots.insert(.status(undocumentedStatus))
        for style in Contract.named(ContractID(operation.contract))?.authStyles ?? [] {
            slots.insert(.headerForm("request headers (\(style.rawValue))"))
        }
        for status in [429, 503] {
            slots.insert(.headerForm("Retry-After seconds on \(status)"))
            slots.insert(.headerForm("Retry-After HTTP-date on \(status)"))
        }
        if PagedOperation.pages(contract: operation.contract, endpoint: operation.endpoint) {
            slots.insert(.headerForm("Link with a next page"))
            slots.insert(.headerForm("Link without a next page"))
        }
        return (slots, tree.departed)
    }

    /// How an error body's member is named among an operation's members.
    package static func errorPath(_ member: String) -> String { "error body $.\(member)" }

    /// The slots one fixture's cases exercised: its status, its error body's members, its header forms and the auth
    /// styles its cases ran under (the 2xx members come from the value check, as `MemberTree` indices). A fixture
    /// whose input the client must refuse sends nothing, so its answer exercises nothing.
    package static func exercised(fixture: Fixture, results: [CaseResult], hasNextLink: Bool) -> Set<Slot> {
        var slots: Set<Slot> = []
        for result in results where result.check == .request {
            if let auth = result.auth { slots.insert(.headerForm("request headers (\(auth.rawValue))")) }
        }
        guard fixture.expectedError != .invalidInput else { return slots }
        let status = fixture.response.status
        let documented = DocumentedOperation.named(fixture.endpoint.rawValue, contract: fixture.contract)?.statuses ?? []
        if documented.contains(status) || missionStatuses.contains(status) {
            slots.insert(.status(String(status)))
        } else if (200...299).contains(status) {
            if let success = documented.first(where: { (200...299).contains($0) }) { slots.insert(.status(String(success))) }
        } else if !(500...599).contains(status) {
            // 5xx is a class the mission covers by 500 and 503; any other status no document lists fills this slot.
            slots.insert(.status(undocumentedStatus))
        }
        if !(200...299).contains(status) {
            if results.contains(where: { $0.check == .errorMapping }),
               case let .object(members)? = JSONValue.parse(fixture.response.body.data) {
                for (key, value) in members where errorMembers.contains(key) {
                    if case .string = value { slots.insert(.member(errorPath(key))) }
                }
            }
            if let retryAfter = fixture.response.headers["retry-after"], let form = retryAfterForm(retryAfter, status: status) {
                slots.insert(form)
            }
        } else if PagedOperation.pages(contract: fixture.contract.rawValue, endpoint: fixture.endpoint.rawValue) {
            slots.insert(.headerForm(hasNextLink ? "Link with a next page" : "Link without a next page"))
        }
        return slots
    }
}

/// The operations the API pages with a `Link: <…>; rel="next"` header. Neither document says so; Foursquare's
/// pagination guide and the recorded answers do, so the harness declares it here, apart from the client. Each entry
/// holds from the version that introduced it along the line (`DocumentLine`), so a later version's document takes
/// it with no edit here.
package enum PagedOperation {
    static let all: [(versions: DocumentLine, endpoints: Set<String>)] = [
        (DocumentLine(since: "2025-06-17"), ["place-search", "place-tips", "place-photos"]),
    ]

    package static func pages(contract: String, endpoint: String) -> Bool {
        all.contains { $0.versions.covers(contract) && $0.endpoints.contains(endpoint) }
    }
}

/// RFC 9110's preferred HTTP-date, IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), read without the client.
package enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The instant `text` names, or nil when it is not an IMF-fixdate.
    package static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), days.contains(String(parts[0].dropLast())), parts[5] == "GMT",
              let day = Int(parts[1]), parts[1].count == 2, let month = months.firstIndex(of: String(parts[2])),
              let year = Int(parts[3]), parts[3].count == 4 else { return nil }
        let clock = parts[4].split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
              hour < 24, minute < 60, second < 61 else { return nil }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "GMT")
        (components.year, components.month, components.day) = (year, month + 1, day)
        (components.hour, components.minute, components.second) = (hour, minute, second)
        return components.date
    }
}

/// What the documents say of a contract as a whole and of an operation's defaults, for checks outside this module.
package enum DocumentedFacts {
    /// The versions an OpenAPI document describes, oldest first: the line.
    package static var line: [String] { DocumentedOperation.openAPIVersions }

    /// The base URLs `contract`'s documents give (an OpenAPI document's `servers`, the seed documents' URLs).
    package static func servers(_ contract: ContractID) -> [String] {
        DocumentedOperation.servers[contract.rawValue] ?? []
    }

    /// The query parameters with a documented default, by name, as the document writes the value (`true`).
    package static func defaults(_ contract: ContractID, _ endpoint: String) -> [String: String] {
        var defaults: [String: String] = [:]
        for entry in DocumentedOperation.named(endpoint, contract: contract)?.defaults ?? [] {
            let parts = entry.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { defaults[String(parts[0])] = String(parts[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return defaults
    }

    /// The values each query parameter of an operation lists in the document, by parameter name.
    package static func enums(_ contract: ContractID, _ endpoint: String) -> [String: [String]] {
        DocumentedOperation.named(endpoint, contract: contract)?.enums ?? [:]
    }

    /// The query parameters the document requires of an operation.
    package static func requiredQuery(_ contract: ContractID, _ endpoint: String) -> Set<String> {
        DocumentedOperation.named(endpoint, contract: contract)?.requiredQuery ?? []
    }

    /// The document each contract's facts come from, for messages.
    package static func source(_ contract: ContractID) -> String {
        DocumentedOperation.all.first { $0.contract == contract.rawValue }.map { $0.contract == "seed" ? "the seed documents 000-004" : $0.source }
            ?? "no document"
    }
}
