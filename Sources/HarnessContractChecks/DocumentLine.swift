/// The versions a harness table's entry applies to. The harness's tables (`ValueDeparture`, `ValueNaming`,
/// `PagedOperation`) name the version that introduced an entry, never every version it holds for: an entry applies
/// to that version and to every later version of the line, the OpenAPI documents oldest first
/// (`DocumentedOperation.openAPIVersions`, written by `scripts/contract-data.py`), so a version whose document is
/// added later takes the entries with no edit here. A later version drops an entry by naming itself as `droppedIn`
/// (its document fixed what the entry departs from); to change one, drop it there and add the new entry `since`
/// that version. The seed contract is no part of the line: its entries are its own.
struct DocumentLine: Sendable, Hashable {
    /// The version that introduced the entry (`"seed"`, or a version's date).
    let since: String
    /// The first version the entry no longer applies to, when a later version dropped it.
    var droppedIn: String? = nil

    /// Whether the entry applies to `contract`, along `line` (oldest first).
    func covers(_ contract: String, line: [String] = DocumentedOperation.openAPIVersions) -> Bool {
        if contract == since { return droppedIn != since }
        guard since != "seed", contract != "seed",
              let start = line.firstIndex(of: since), let position = line.firstIndex(of: contract), position > start
        else { return false }
        guard let droppedIn else { return true }
        // A version of the line, by its place; otherwise by its date (a version's name is yyyy-mm-dd).
        if let end = line.firstIndex(of: droppedIn) { return position < end }
        return contract < droppedIn
    }

    /// Every contract a table is read for: the seed contract, then the line.
    static var contracts: [String] { ["seed"] + DocumentedOperation.openAPIVersions }
}
