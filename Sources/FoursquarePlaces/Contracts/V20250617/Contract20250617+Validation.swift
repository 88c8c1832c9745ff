import Foundation

// The checks across a request's parameters, which 2025-06-17's document states only in prose. The generated requests
// (Contract20250617+Operations.swift) check each parameter's own rule and then call these (the "checks" of
// overrides-20250617.json's "requests" section).

extension PlaceSearchRequest {
    func validateAcrossParameters() throws(FoursquareError) {
        try location?.validate()
        if let minPrice, let maxPrice, minPrice > maxPrice {
            throw .invalidInput("min_price", "\(minPrice) is above max_price \(maxPrice)")
        }
        if openNow == true, openAt != nil { throw .invalidInput("open_at", "cannot be combined with open_now") }
        if excludeAllChains == true, chainIDs != nil || excludeChainIDs != nil {
            throw .invalidInput("exclude_all_chains", "cannot be combined with fsq_chain_ids or exclude_fsq_chain_ids")
        }
    }
}

extension Contract20250617.PlaceSuggestEditRequest {
    func validateAcrossParameters() throws(FoursquareError) {
        try Contract20250617.validatePoint(latitude: latitude, longitude: longitude)
    }
}

extension Contract20250617.PlacesSuggestPlaceRequest {
    func validateAcrossParameters() throws(FoursquareError) {
        try Contract20250617.validatePoint(latitude: latitude, longitude: longitude)
    }
}

extension Contract20250617.PlaceTopVenueWoesRequest {
    func validateAcrossParameters() throws(FoursquareError) {
        if (ne == nil) != (sw == nil) { throw .invalidInput(ne == nil ? "ne" : "sw", "ne and sw must be given together") }
    }
}

extension Contract20250617 {
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
