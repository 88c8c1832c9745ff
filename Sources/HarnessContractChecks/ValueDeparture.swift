/// A documented member the models do not carry, on purpose: the value check passes it over and says why.
/// Each entry is a decision about the contract, not a way to quiet a model that drops a field (add the field).
/// An entry names the version that introduced it (`since`) and holds for every later version of the line until
/// one drops it (`droppedIn`; `DocumentLine`), so a new version's document takes these with no edit here.
struct ValueDeparture: Sendable {
    let versions: DocumentLine
    /// The member's path with `[*]` for array elements, as `DocumentedOperation.members` writes it; `**.name`
    /// is the member `name` wherever it appears, and `**.owner.name` the member `name` of any `owner`.
    let member: String
    let reason: String

    init(since: String, droppedIn: String? = nil, member: String, reason: String) {
        versions = DocumentLine(since: since, droppedIn: droppedIn)
        self.member = member
        self.reason = reason
    }

    /// The members FoursquarePlaces' DocumentDepartures article lists as not modelled, each with the reason given
    /// there: only where the document is wrong about what the API sends.
    static let all: [ValueDeparture] = [
        ValueDeparture(since: "2025-06-17", member: "**.plugins.traversable_again",
                       reason: "a stray Scala collection property the document's generator put on the plugins object (the "
                           + "overrides drop it); no answer carries it, and Place.plugins holds the object as sent"),
    ]

    /// The entries that apply to `contract`: its own and those it inherits along the line.
    static func applying(to contract: String) -> [ValueDeparture] { all.filter { $0.versions.covers(contract) } }

    /// Exact departures by contract.
    static let exact: [String: Set<String>] = Dictionary(uniqueKeysWithValues: DocumentLine.contracts.map { contract in
        (contract, Set(applying(to: contract).filter { !$0.member.hasPrefix("**.") }.map(\.member)))
    })
    /// Departures anywhere in an answer by contract: each a run of member names (`["icon", "width"]`) that a
    /// member's path ends with.
    static let anywhere: [String: Set<[String]>] = Dictionary(uniqueKeysWithValues: DocumentLine.contracts.map { contract in
        (contract, Set(applying(to: contract).filter { $0.member.hasPrefix("**.") }
            .map { $0.member.dropFirst(3).split(separator: ".").map(String.init) }))
    })

    /// The reason of the exact departure `member` of `contract`: the entry of the latest version that gives one.
    static func reason(member: String, contract: String) -> String {
        all.last { $0.versions.covers(contract) && $0.member == member }?.reason ?? "a declared departure"
    }

    /// The reason of the departure anywhere whose member names end a path with `suffix`.
    static func reason(suffix: [String], contract: String) -> String {
        reason(member: "**." + suffix.joined(separator: "."), contract: contract)
    }

    /// An answer whose documented `{"wrapper": [...]}` may come as the bare array: its elements are read as
    /// the wrapper's, so the same documented members are checked in either shape.
    struct BareArray: Sendable {
        /// The versions it applies to (`DocumentLine`): the seed contract's entries are its own.
        let versions: DocumentLine
        let endpoint: String
        let wrapper: String
        let reason: String
    }

    static let bareArrays: [BareArray] = [
        BareArray(versions: DocumentLine(since: "seed"), endpoint: "place-tips", wrapper: "results",
                  reason: "000 shows {\"results\": [...]}; answers seen from the API are bare arrays (SeedContractChoices)"),
        BareArray(versions: DocumentLine(since: "seed"), endpoint: "place-photos", wrapper: "results",
                  reason: "000 shows {\"results\": [...]}; answers seen from the API are bare arrays (SeedContractChoices)"),
    ]

    /// The wrapper a bare-array answer of `endpoint` in `contract` stands for, when declared.
    static func bareArrayWrapper(endpoint: String, contract: String) -> String? {
        bareArrays.last { $0.versions.covers(contract) && $0.endpoint == endpoint }?.wrapper
    }
}
