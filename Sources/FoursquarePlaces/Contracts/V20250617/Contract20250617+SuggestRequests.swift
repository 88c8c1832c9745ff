import Foundation

// Suggestions: an app's users propose corrections and new places, then follow them up. Each write takes
// `dry_run`, which the API defaults to true; these types default it to true as well, so a suggestion is only
// applied when the caller writes `dryRun: false`.

extension Contract20250617 {
    /// Why a place should be removed (`reason` on `suggest/remove`).
    public enum RemovalReason: String, Sendable, Hashable, CaseIterable, Codable, QueryEnum {
        /// `CLOSED`: the place has closed; `DOESNT_EXIST`: it never existed; `INAPPROPRIATE`: it should not be listed.
        case closed = "CLOSED", doesntExist = "DOESNT_EXIST", inappropriate = "INAPPROPRIATE"
        /// `NOT_CLOSED`: a closure was wrong; `OTHER`: explain in `comment`; `PRIVATE`: a private residence.
        case notClosed = "NOT_CLOSED", other = "OTHER", `private` = "PRIVATE"
    }

    /// `POST /places/{fsq_place_id}/suggest/edit`: propose new values for a place's fields.
    public struct PlaceSuggestEditRequest: PlaceScopedRequest, DryRunnableRequest, Hashable {
        public typealias Response = SuggestedEdits
        public static var endpointID: EndpointID { .placeSuggestEdit }
        public var placeID: String
        public var dryRun: Bool?
        /// The corrected latitude (`latitude`), in degrees; give it with `longitude`.
        public var latitude: Double?
        /// The corrected longitude (`longitude`), in degrees; give it with `latitude`.
        public var longitude: Double?
        /// The menu's URL (`menu`).
        public var menu: String?
        /// The place's Facebook page URL (`facebook_url`).
        public var facebookURL: String?
        /// The Foursquare id of the place this one is inside, e.g. a mall (`parent_id`).
        public var parentID: String?
        /// Whether the place is private, such as a home (`is_private_place`).
        public var isPrivatePlace: Bool?
        /// Opening hours in the API's text form.
        public var hours: String?
        /// The place's corrected name (`name`).
        public var name: String?
        public var description: String?
        /// The place's phone number (`tel`).
        public var tel: String?
        /// The place's Instagram handle (`instagram`).
        public var instagram: String?
        /// The place's Twitter handle (`twitter`).
        public var twitter: String?
        /// The place's website URL (`website`).
        public var website: String?
        /// The street address (`address`).
        public var address: String?
        /// The city or town (`locality`).
        public var locality: String?
        /// The state, province or region (`region`).
        public var region: String?
        /// The postal code (`postcode`).
        public var postcode: String?
        /// The two-letter country code (`country_code`).
        public var countryCode: String?
        /// Attributes to add to the place (`add_attributes`).
        public var addAttributes: [String]?
        /// Attributes to remove from the place (`remove_attributes`).
        public var removeAttributes: [String]?
        /// Category ids to add to the place (`add_fsq_category_ids`).
        public var addCategoryIDs: [String]?
        /// Category ids to remove from the place (`remove_fsq_category_ids`).
        public var removeCategoryIDs: [String]?
        /// The category id to make the place's primary one (`primary_fsq_category_id`).
        public var primaryCategoryID: String?
        /// Chain ids to add to the place (`add_fsq_chain_ids`).
        public var addChainIDs: [String]?
        /// Chain ids to remove from the place (`remove_fsq_chain_ids`).
        public var removeChainIDs: [String]?
        /// The chain id to make the place's primary one (`primary_fsq_chain_id`).
        public var primaryChainID: String?
        /// Fields to clear.
        public var unsetFields: [String]?

        /// A suggested edit of `placeID`; a dry run unless `dryRun` is false.
        public init(
            placeID: String, dryRun: Bool? = true, latitude: Double? = nil, longitude: Double? = nil, menu: String? = nil,
            facebookURL: String? = nil, parentID: String? = nil, isPrivatePlace: Bool? = nil, hours: String? = nil,
            name: String? = nil, description: String? = nil, tel: String? = nil, instagram: String? = nil,
            twitter: String? = nil, website: String? = nil, address: String? = nil, locality: String? = nil,
            region: String? = nil, postcode: String? = nil, countryCode: String? = nil, addAttributes: [String]? = nil,
            removeAttributes: [String]? = nil, addCategoryIDs: [String]? = nil, removeCategoryIDs: [String]? = nil,
            primaryCategoryID: String? = nil, addChainIDs: [String]? = nil, removeChainIDs: [String]? = nil,
            primaryChainID: String? = nil, unsetFields: [String]? = nil
        ) {
            self.placeID = placeID
            self.dryRun = dryRun
            self.latitude = latitude
            self.longitude = longitude
            self.menu = menu
            self.facebookURL = facebookURL
            self.parentID = parentID
            self.isPrivatePlace = isPrivatePlace
            self.hours = hours
            self.name = name
            self.description = description
            self.tel = tel
            self.instagram = instagram
            self.twitter = twitter
            self.website = website
            self.address = address
            self.locality = locality
            self.region = region
            self.postcode = postcode
            self.countryCode = countryCode
            self.addAttributes = addAttributes
            self.removeAttributes = removeAttributes
            self.addCategoryIDs = addCategoryIDs
            self.removeCategoryIDs = removeCategoryIDs
            self.primaryCategoryID = primaryCategoryID
            self.addChainIDs = addChainIDs
            self.removeChainIDs = removeChainIDs
            self.primaryChainID = primaryChainID
            self.unsetFields = unsetFields
        }

        /// The rules of each parameter, and a coordinate given whole.
        public func validate() throws(FoursquareError) {
            try validateParameters()
            try Contract20250617.validatePoint(latitude: latitude, longitude: longitude)
        }
    }

    /// `POST /places/{fsq_place_id}/suggest/flag`: report that some of a place's fields are wrong.
    public struct PlaceFlagRequest: PlaceScopedRequest, DryRunnableRequest, Hashable {
        public typealias Response = SuggestedEdits
        public static var endpointID: EndpointID { .placeFlag }
        public var placeID: String
        public var dryRun: Bool?
        /// The fields that are wrong (required).
        public var fields: [String]
        /// A note for the reviewers (`comment`).
        public var comment: String?

        /// A flag on `fields` of `placeID`; a dry run unless `dryRun` is false.
        public init(placeID: String, fields: [String], comment: String? = nil, dryRun: Bool? = true) {
            self.placeID = placeID
            self.dryRun = dryRun
            self.fields = fields
            self.comment = comment
        }
    }

    /// `POST /places/{fsq_place_id}/suggest/remove`: propose removing a place.
    public struct PlaceSuggestRemoveRequest: PlaceScopedRequest, DryRunnableRequest, Hashable {
        public typealias Response = SuggestedEdits
        public static var endpointID: EndpointID { .placeSuggestRemove }
        public var placeID: String
        public var dryRun: Bool?
        /// Why the place should go (`reason`, required).
        public var reason: RemovalReason
        /// A note for the reviewers (`comment`); expected when `reason` is `other`.
        public var comment: String?

        /// A removal of `placeID` for `reason`; a dry run unless `dryRun` is false.
        public init(placeID: String, reason: RemovalReason, comment: String? = nil, dryRun: Bool? = true) {
            self.placeID = placeID
            self.dryRun = dryRun
            self.reason = reason
            self.comment = comment
        }
    }

    /// `POST /places/{fsq_place_id}/suggest/merge`: propose that places are duplicates of this one.
    public struct SuggestMergeRequest: PlaceScopedRequest, DryRunnableRequest, Hashable {
        public typealias Response = SuggestedEdits
        public static var endpointID: EndpointID { .suggestMerge }
        public var placeID: String
        public var dryRun: Bool?
        /// The duplicates (required).
        public var duplicatePlaceIDs: [String]

        /// A merge of `duplicatePlaceIDs` into `placeID`; a dry run unless `dryRun` is false.
        public init(placeID: String, duplicatePlaceIDs: [String], dryRun: Bool? = true) {
            self.placeID = placeID
            self.dryRun = dryRun
            self.duplicatePlaceIDs = duplicatePlaceIDs
        }
    }

    /// `POST /places/suggest/place`: propose a place Foursquare does not have.
    public struct PlacesSuggestPlaceRequest: DryRunnableRequest, Hashable {
        public typealias Response = PlaceSuggestion
        public static var endpointID: EndpointID { .placesSuggestPlace }
        /// The new place's name (`name`, required, not empty).
        public var name: String
        public var dryRun: Bool?
        /// The new place's category ids (`categories`).
        public var categoryIDs: [String]?
        /// The street address (`address`).
        public var address: String?
        /// The city or town (`locality`).
        public var locality: String?
        /// The state, province or region (`region`).
        public var region: String?
        /// The postal code (`postcode`).
        public var postcode: String?
        /// The two-letter country code (`country_code`).
        public var countryCode: String?
        /// The place's latitude (`latitude`), in degrees; give it with `longitude`.
        public var latitude: Double?
        /// The place's longitude (`longitude`), in degrees; give it with `latitude`.
        public var longitude: Double?
        /// The chain ids the place belongs to (`chains`).
        public var chainIDs: [String]?
        /// The Foursquare id of the place this one is inside, e.g. a mall (`parent_id`).
        public var parentID: String?
        /// Whether the place is private, such as a home (`is_private_place`).
        public var isPrivatePlace: Bool?
        /// The place's phone number (`tel`).
        public var tel: String?
        /// The place's website URL (`website`).
        public var website: String?
        /// The place's contact email address (`email`).
        public var email: String?
        /// The place's Facebook page URL (`facebook_url`).
        public var facebookURL: String?
        /// The place's Instagram handle (`instagram`).
        public var instagram: String?
        /// The place's Twitter handle (`twitter`).
        public var twitter: String?
        /// Opening hours in the API's text form (`hours`).
        public var hours: String?
        /// The place's attributes (`attributes`).
        public var attributes: [String]?

        /// A new place named `name`; a dry run unless `dryRun` is false.
        public init(
            name: String, dryRun: Bool? = true, categoryIDs: [String]? = nil, address: String? = nil,
            locality: String? = nil, region: String? = nil, postcode: String? = nil, countryCode: String? = nil,
            latitude: Double? = nil, longitude: Double? = nil, chainIDs: [String]? = nil, parentID: String? = nil,
            isPrivatePlace: Bool? = nil, tel: String? = nil, website: String? = nil, email: String? = nil,
            facebookURL: String? = nil, instagram: String? = nil, twitter: String? = nil, hours: String? = nil,
            attributes: [String]? = nil
        ) {
            self.name = name
            self.dryRun = dryRun
            self.categoryIDs = categoryIDs
            self.address = address
            self.locality = locality
            self.region = region
            self.postcode = postcode
            self.countryCode = countryCode
            self.latitude = latitude
            self.longitude = longitude
            self.chainIDs = chainIDs
            self.parentID = parentID
            self.isPrivatePlace = isPrivatePlace
            self.tel = tel
            self.website = website
            self.email = email
            self.facebookURL = facebookURL
            self.instagram = instagram
            self.twitter = twitter
            self.hours = hours
            self.attributes = attributes
        }

        /// The rules of each parameter, and a coordinate given whole.
        public func validate() throws(FoursquareError) {
            try validateParameters()
            try Contract20250617.validatePoint(latitude: latitude, longitude: longitude)
        }
    }

    /// `GET /places/suggest/status`: where the caller's suggestions stand.
    public struct PlaceSuggestStatusRequest: EndpointRequest, Hashable {
        public typealias Response = SuggestedEdits
        public static var endpointID: EndpointID { .placeSuggestStatus }
        /// The suggestions to look up (`suggested_edit_ids`); nil returns the caller's latest.
        public var suggestedEditIDs: [String]?
        /// 0...50, as the document says for this operation.
        public var limit: Int?

        /// The status of `suggestedEditIDs`, or of the caller's latest suggestions.
        public init(suggestedEditIDs: [String]? = nil, limit: Int? = nil) {
            self.suggestedEditIDs = suggestedEditIDs
            self.limit = limit
        }
    }

    /// `GET /places/suggest/review`: places near an area with open problems ("woes") to review.
    public struct PlaceTopVenueWoesRequest: EndpointRequest, Hashable {
        public typealias Response = ReviewVenues
        public static var endpointID: EndpointID { .placeTopVenueWoes }
        /// A named locality to review around, e.g. "Chicago, IL" (`near`).
        public var near: String?
        /// The north-east corner of the box to review (`ne`); give it with `sw`.
        public var ne: Coordinate?
        /// The south-west corner of the box to review (`sw`); give it with `ne`.
        public var sw: Coordinate?

        /// Places near a named locality, or inside the box from `sw` to `ne`.
        public init(near: String? = nil, ne: Coordinate? = nil, sw: Coordinate? = nil) {
            self.near = near
            self.ne = ne
            self.sw = sw
        }

        /// The rules of each parameter; `ne` and `sw` together or not at all.
        public func validate() throws(FoursquareError) {
            try validateParameters()
            if (ne == nil) != (sw == nil) { throw .invalidInput(ne == nil ? "ne" : "sw", "ne and sw must be given together") }
        }
    }

    /// Checks a suggestion's point: both coordinates or neither, each within range.
    static func validatePoint(latitude: Double?, longitude: Double?) throws(FoursquareError) {
        switch (latitude, longitude) {
        case (nil, nil): return
        case let (latitude?, longitude?):
            guard latitude.isFinite, (-90...90).contains(latitude) else {
                throw .invalidInput("latitude", "\(latitude) is outside -90...90")
            }
            guard longitude.isFinite, (-180...180).contains(longitude) else {
                throw .invalidInput("longitude", "\(longitude) is outside -180...180")
            }
        case (nil, _): throw .invalidInput("latitude", "is required with longitude")
        case (_, nil): throw .invalidInput("longitude", "is required with latitude")
        }
    }
}

// 2025-06-17's suggestion requests belong to 2025-06-17.
extension Contract20250617.PlaceSuggestEditRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlaceFlagRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlaceSuggestRemoveRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.SuggestMergeRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlacesSuggestPlaceRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlaceSuggestStatusRequest: ContractRequest { public typealias APIContract = Contract20250617 }
extension Contract20250617.PlaceTopVenueWoesRequest: ContractRequest { public typealias APIContract = Contract20250617 }
