import Foundation

/// A latitude/longitude pair sent as `lat,lng` in `ll`, `ne` and `sw`.
public struct Coordinate: Sendable, Hashable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `lat,lng`; throws `invalidInput` naming `parameter` when malformed or out of range.
    public init(parsing text: String, parameter: String = "ll") throws(FoursquareError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else {
            throw .invalidInput(parameter, "'\(text)' is not 'latitude,longitude'")
        }
        self.init(latitude: latitude, longitude: longitude)
        try validate(parameter: parameter)
    }

    /// Throws unless the latitude is within ±90 and the longitude within ±180.
    public func validate(parameter: String = "ll") throws(FoursquareError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else {
            throw .invalidInput(parameter, "latitude \(latitude) is outside -90...90")
        }
        guard longitude.isFinite, (-180...180).contains(longitude) else {
            throw .invalidInput(parameter, "longitude \(longitude) is outside -180...180")
        }
    }

    /// `lat,lng` in plain decimal notation, never with an exponent.
    public var queryValue: String { "\(Self.format(latitude)),\(Self.format(longitude))" }

    public var description: String { queryValue }

    static func format(_ value: Double) -> String {
        let text = "\(value)"
        guard text.contains("e") || text.contains("E") else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        var fixed = String(format: "%.7f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed == "-0" ? "0" : fixed
    }
}
