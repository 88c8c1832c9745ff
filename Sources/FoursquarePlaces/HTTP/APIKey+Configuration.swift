import Foundation

extension APIKey {
    /// The key an app ships in its configuration: an Info.plist entry whose value an xcconfig build setting fills
    /// (`FSQAPIKey = $(FSQ_API_KEY)`), read with `Bundle.object(forInfoDictionaryKey:)`. Nil when the entry is
    /// missing, empty, or still the unexpanded `$(…)` (the build setting was not defined).
    public init?(infoPlistKey: String = "FSQAPIKey", bundle: Bundle = .main) {
        guard let value = bundle.object(forInfoDictionaryKey: infoPlistKey) as? String else { return nil }
        let trimmed = value.trimmingCharacters(in: Self.pastedAround)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("$(") else { return nil }
        self.init(trimmed)
    }
}
