import Foundation

extension FixtureLoader {
    package static func jsonErrorReason(_ error: any Error) -> String {
        let nsError = error as NSError
        let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        return detail.replacingOccurrences(of: "\n", with: " ")
    }
}

/// How an untyped JSON value (from `JSONSerialization`) is named in messages and drift's shapes.
///
/// Plans and the drift config decode through Decodable types (`ConfigFile`); only these helpers remain of the
/// untyped front end they used to share.
package enum Node {
    package static func kind(of value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is String: return "string"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        case let number as NSNumber: return isBool(number) ? "boolean" : "number"
        default: return "\(type(of: value))"
        }
    }

    package static func isBool(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }
}

/// JSON paths as the harness prints them.
package enum ObjectNode {
    /// `$.a.b`, or `$.a["odd key"]` for a key that is not a plain identifier.
    package static func childPath(_ path: String, _ key: String) -> String {
        key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? "\(path).\(key)" : "\(path)[\"\(key)\"]"
    }
}
