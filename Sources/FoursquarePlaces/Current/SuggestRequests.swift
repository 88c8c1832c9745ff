import Foundation

// Suggestions: an app's users propose corrections and new places, then follow them up. Each write takes
// `dry_run`, which the API defaults to true; these types default it to true as well, so a suggestion is only
// applied when the caller writes `dryRun: false`.

extension Contract20250617 {
    /// Why a place should be removed (`reason` on `suggest/remove`).
    public enum RemovalReason: String, Sendable, Hashable, CaseIterable, Codable, QueryEnum {
        case closed = "CLOSED", doesntExist = "DOESNT_EXIST", inappropriate = "INAPPROPRIATE"
        case notClosed = "NOT_CLOSED", other = "OTHER", `private` = "PRIVATE"
    }

    /// `POST /places/{fsq_place_id}/suggest/edit`: propose new values for a place's fields.
    public struct SuggestEditRequest: PlaceScopedRequest, DryRunnableRequest, Hashable {
        public typealias Response = SuggestedEdits
        public static var endpoint: Endpoint { Endpoint.Current.suggestEdit }
        public var placeID: String
        public var dryRun: Bool?
        public var latitude: Double?
        public var longitude: Double?
        public var menu: String?
        public var facebookURL: String?
        public var parentID: String?
        public var isPrivatePlace: Bool?
        /// Opening hours in the API's text form.
        public var hours: String?
        public var name: String?
        public var description: String?
        public var tel: String?
        public var instagram: String?
        public var twitter: String?
        public var website: String?
        public var address: String?
        public var locality: String?
        public var region: String?
        public var postcode: String?
        public var countryCode: String?
        public var addAttributes: [String]?
        public var removeAttributes: [String]?
        public var addCategoryIDs: [String]?
        public var removeCategoryIDs: [String]?
        public var primaryCategoryID: String?
        public var addChainIDs: [String]?
        public var removeChainIDs: [String]?
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
    public struct SuggestFlagRequest: PlaceScopedRequest, DryRunnableRequest, Hashable {
        public typealias Response = SuggestedEdits
        public static var endpoint: Endpoint { Endpoint.Current.suggestFlag }
        public var placeID: String
        public var dryRun: Bool?
        /// The fields that are wrong (required).
        public var fields: [String]
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
    public struct SuggestRemoveRequest: PlaceScopedRequest, DryRunnableRequest, Hashable {
        public typealias Response = SuggestedEdits
        public static var endpoint: Endpoint { Endpoint.Current.suggestRemove }
        public var placeID: String
        public var dryRun: Bool?
        public var reason: RemovalReason
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
        public static var endpoint: Endpoint { Endpoint.Current.suggestMerge }
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
    public struct SuggestPlaceRequest: DryRunnableRequest, Hashable {
        public typealias Response = PlaceSuggestion
        public static var endpoint: Endpoint { Endpoint.Current.suggestPlace }
        public var name: String
        public var dryRun: Bool?
        public var categoryIDs: [String]?
        public var address: String?
        public var locality: String?
        public var region: String?
        public var postcode: String?
        public var countryCode: String?
        public var latitude: Double?
        public var longitude: Double?
        public var chainIDs: [String]?
        public var parentID: String?
        public var isPrivatePlace: Bool?
        public var tel: String?
        public var website: String?
        public var email: String?
        public var facebookURL: String?
        public var instagram: String?
        public var twitter: String?
        public var hours: String?
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
    public struct SuggestStatusRequest: EndpointRequest, Hashable {
        public typealias Response = SuggestedEdits
        public static var endpoint: Endpoint { Endpoint.Current.suggestStatus }
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
    public struct SuggestReviewRequest: EndpointRequest, Hashable {
        public typealias Response = ReviewVenues
        public static var endpoint: Endpoint { Endpoint.Current.suggestReview }
        public var near: String?
        public var ne: Coordinate?
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
