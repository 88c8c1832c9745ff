import FoursquarePlaces

/// The files `ShippedFilesPlugin` embeds are found by their names: `<prefix><yyyymmdd>.json` is that date's contract's.
enum EmbeddedFiles {
    /// `files` named `<prefix><yyyymmdd>.json`, by the contract the name gives; other names are left out.
    static func byContract(_ files: [String: String], prefix: String) -> [ContractID: (text: String, name: String)] {
        Dictionary(uniqueKeysWithValues: files.compactMap { name, text in
            guard name.hasPrefix(prefix), let match = name.dropFirst(prefix.count).wholeMatch(of: /(\d{4})(\d{2})(\d{2})\.json/)
            else { return nil }
            return (ContractID("\(match.output.1)-\(match.output.2)-\(match.output.3)"), (text, name))
        })
    }
}
