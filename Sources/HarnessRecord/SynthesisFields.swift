import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// Which answer fields synthesis keeps as recorded, and why; every other string is place data and is replaced.
///
/// The names come from the models' coding keys and Foursquare's 2025-06-17 OpenAPI document
/// (`SynthesisFieldsTests` checks each against the models or the document). Deciding by field name, wherever the
/// field sits, is the assumption: the API uses each of these names for one meaning in every answer.
package enum SynthesisFields {
    /// Why a field is kept as recorded.
    package enum Reason: String, Sendable, CaseIterable {
        case id = "an id: Foursquare's usage guidelines let fsq_place_id and photo ids be stored without limit, and every id is an opaque reference checks and the emulator match on"
        case closedSet = "a value from a closed set the document or the client defines (an enum, a code list), not a place's own data"
        case meaningfulNumber = "a number that carries meaning for the checks (a count, a limit, an offset, a status), not a place attribute"
        case credential = "already replaced by the redactor (<redacted>); the final scan requires it"
        case apiText = "the API's own text about the call, not about a place"
    }

    /// Fields whose value is an id (strings and arrays of strings).
    package static let ids: Set<String> = [
        "fsq_place_id", "fsq_id", "fsq_photo_id", "fsq_tip_id", "fsq_category_id", "fsq_chain_id", "id", "parent_id",
        "created_fsq_place_id", "matched_fsq_place_id", "job_id",
    ]

    /// The id fields that name an object itself, most specific first: the one present seeds the object's values.
    static let ownIDs = ["fsq_tip_id", "fsq_photo_id", "id", "fsq_place_id", "fsq_id", "fsq_category_id", "fsq_chain_id", "job_id",
                         "created_fsq_place_id", "matched_fsq_place_id"]

    /// Fields whose values come from a closed set.
    package static let closedSets: Set<String> = [
        "cc", "country", "lang", "type", "status", "day", "classifications", "woe_types", "suggested_edit_type",
        "action", "timezone", "wifi", "attributes",
    ]

    /// The API's own words about the call (a write's acknowledgement).
    package static let apiText: Set<String> = ["response"]

    /// Numeric fields that are place data: replaced by a number in the same range, `(min, max)`.
    package static let placeNumbers: [String: ClosedRange<Double>] = [
        "latitude": -90...90, "longitude": -180...180, "rating": 0...10, "popularity": 0...1,
    ]

    /// Coordinates: rounded to two decimals (about a kilometre) and moved by one to five hundredths.
    package static let coordinates: Set<String> = ["latitude", "longitude"]

    /// Why `field` is kept as recorded, or nil when its strings are place data.
    package static func keptReason(_ field: String) -> Reason? {
        if ids.contains(field) { return .id }
        if closedSets.contains(field) { return .closedSet }
        if apiText.contains(field) { return .apiText }
        if Redactor.secretFields.contains(field) { return .credential }
        return nil
    }

    /// The table the guide prints: every kept field with its reason, numbers last.
    package static var keptTable: [(field: String, reason: Reason)] {
        let strings = (ids.union(closedSets).union(apiText).union(Redactor.secretFields)).sorted()
        return strings.compactMap { name in keptReason(name).map { (name, $0) } }
    }
}
