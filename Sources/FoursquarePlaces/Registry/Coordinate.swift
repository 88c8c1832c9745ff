import Foundation

/// A latitude/longitude pair sent as `lat,lng` in `ll`, `ne` and `sw`.
public struct Coordinate: Sendable, Hashable, CustomStringConvertible {
    /// Degrees north of the equator, -90...90.
    public var latitude: Double
    /// Degrees east of Greenwich, -180...180.
    public var longitude: Double

    /// A point at `latitude`, `longitude` in degrees; requests check the ranges before sending.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `lat,lng`; throws `invalidInput` naming `parameter` when malformed or out of range.
    public init(parsing text: String, parameter: String = "ll") throws(FoursquareError) {
        // One comma, numbers on both sides (spaces around them allowed). Scanned as bytes: replay parses every
        // fixture's coordinates once per auth style.
        let utf8 = text.utf8
        guard let comma = utf8.firstIndex(of: UInt8(ascii: ",")),
              !utf8[utf8.index(after: comma)...].contains(UInt8(ascii: ",")),
              let latitude = Self.number(text[..<comma]), let longitude = Self.number(text[text.index(after: comma)...]) else {
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

    /// A number with optional spaces or tabs around it.
    private static func number(_ text: Substring) -> Double? {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard text.utf8.contains(where: blank) else { return Double(text) }
        return Double(text.trimmingCharacters(in: .whitespaces))
    }

    static func format(_ value: Double) -> String {
        let text = "\(value)"
        guard text.utf8.contains(UInt8(ascii: "e")) || text.utf8.contains(UInt8(ascii: "E")) else {
            return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        }
        var fixed = String(format: "%.7f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed == "-0" ? "0" : fixed
    }
}
