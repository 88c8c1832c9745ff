import Foundation
import HarnessCore

extension LiveOptions {
    /// `text` as a server live verbs can call (`--base-url`, the project file's `baseURL`): an http or https URL
    /// with a host; nil otherwise.
    package static func baseURL(parsing text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false else { return nil }
        return url
    }
}
