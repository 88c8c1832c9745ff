import Foundation

/// The server a live verb calls, as `--base-url` and the project file's `baseURL` give it.
package enum BaseURL {
    /// `text` as a server live verbs can call: an http or https URL with a host; nil otherwise.
    package static func parse(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false else { return nil }
        return url
    }
}
