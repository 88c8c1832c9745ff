/// How the value check names a model's properties: by the documents' convention, the snake_case of the Swift
/// property's name (`formattedAddress` is `formatted_address`, `facebookID` is `facebook_id`), except where a
/// contract's member goes by another name in the models. Each exception is data with its reason; nothing here
/// reads the client's `CodingKeys`. An exception names the version that introduced it (`since`) and holds for every
/// later version of the line until one drops it (`droppedIn`; `DocumentLine`).
struct ValueNaming: Sendable {
    /// A member the models hold under a name that is not its snake_case.
    struct Exception: Sendable {
        /// The version that introduced the exception.
        let since: String
        /// The first version whose models hold the member by its snake_case again, when one does.
        var droppedIn: String? = nil
        /// The model type the exception is for (its name without module and enclosing types); nil for every type.
        var owner: String? = nil
        /// The member's name in the answer.
        let member: String
        /// The model's property.
        let property: String
        let reason: String

        /// The versions the exception applies to.
        var versions: DocumentLine { DocumentLine(since: since, droppedIn: droppedIn) }
    }

    static let exceptions: [Exception] = [
        Exception(since: "seed", member: "fsq_id", property: "id",
                  reason: "the seed documents' models map fsq_id to Identifiable's id (000-003: case id = \"fsq_id\")"),
        Exception(since: "2025-06-17", member: "fsq_place_id", property: "id", reason: "a place is Identifiable by its id"),
        Exception(since: "2025-06-17", member: "fsq_category_id", property: "id", reason: "a category is Identifiable by its id"),
        Exception(since: "2025-06-17", member: "fsq_chain_id", property: "id", reason: "a chain is Identifiable by its id"),
        Exception(since: "2025-06-17", member: "fsq_tip_id", property: "id", reason: "a tip is Identifiable by its id"),
        Exception(since: "2025-06-17", owner: "Photo", member: "fsq_photo_id", property: "id",
                  reason: "a photo is Identifiable by its id, which a place's photos key fsq_photo_id"),
        Exception(since: "2025-06-17", owner: "Icon", member: "fsq_photo_id", property: "id",
                  reason: "the document gives icons the photo schema, keyed fsq_photo_id in places; Icon.id holds it"),
        Exception(since: "2025-06-17", owner: "SuggestedEdit", member: "fsq_place_id", property: "placeID",
                  reason: "a suggestion's own id is its id; fsq_place_id is the place it is about"),
        Exception(since: "2025-06-17", owner: "Venue", member: "fsq_place_id", property: "placeID",
                  reason: "a venue to review names its place; it is not Identifiable"),
        Exception(since: "2025-06-17", member: "created_fsq_place_id", property: "createdPlaceID",
                  reason: "Swift names drop the fsq_ prefix of an id"),
        Exception(since: "2025-06-17", member: "matched_fsq_place_id", property: "matchedPlaceID",
                  reason: "Swift names drop the fsq_ prefix of an id"),
        Exception(since: "2025-06-17", member: "matched_fsq_place", property: "matchedPlace",
                  reason: "Swift names drop the fsq_ prefix: the place a suggestion matched"),
        Exception(since: "2025-06-17", owner: "MatchedPlace", member: "fsq_place_id", property: "placeID",
                  reason: "a matched place names the place; it is not Identifiable"),
    ]

    private static let byContract: [String: [String: [Exception]]] = Dictionary(uniqueKeysWithValues: DocumentLine.contracts.map { contract in
        (contract, Dictionary(grouping: exceptions.filter { $0.versions.covers(contract) },
                              by: \.member))
    })

    /// The exceptions of `contract` (its own and those it inherits along the line), by member name.
    static func exceptions(for contract: String) -> [String: [Exception]] { byContract[contract] ?? [:] }

    /// The property name (snake_cased, for lookup) a member is held under in a model named `owner`, among the
    /// member's exceptions: one scoped to `owner` first, then one for every type.
    static func propertyKey(member: String, among candidates: [Exception], owner: String) -> String {
        if let scoped = candidates.first(where: { $0.owner == owner }) { return snakeCase(scoped.property) }
        return candidates.first { $0.owner == nil }.map { snakeCase($0.property) } ?? member
    }

    /// `formattedAddress` → `formatted_address`; a run of capitals is one word (`facebookID` → `facebook_id`,
    /// `placemakerURL` → `placemaker_url`, `URLPrefix` → `url_prefix`).
    static func snakeCase(_ name: String) -> String {
        let characters = Array(name)
        var out = ""
        out.reserveCapacity(characters.count + 4)
        for (index, character) in characters.enumerated() {
            if character.isUppercase {
                let previous = index > 0 ? characters[index - 1] : nil
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = previous.map { $0.isLowercase || $0.isNumber } ?? false
                    || (previous?.isUppercase == true && next?.isLowercase == true)
                if startsWord, !out.isEmpty, out.last != "_" { out.append("_") }
                out += character.lowercased()
            } else {
                out.append(character)
            }
        }
        return out
    }
}
