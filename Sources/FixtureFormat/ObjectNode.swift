import Foundation

extension FixtureLoader {
    package static func jsonErrorReason(_ error: any Error) -> String {
        let nsError = error as NSError
        let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? nsError.localizedDescription
        return detail.replacingOccurrences(of: "\n", with: " ")
    }
}

/// JSON paths as the harness prints them.
package enum ObjectNode {
    /// `$.a.b`, or `$.a["odd key"]` for a key that is not a plain identifier.
    package static func childPath(_ path: String, _ key: String) -> String {
        key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? "\(path).\(key)" : "\(path)[\"\(key)\"]"
    }
}
