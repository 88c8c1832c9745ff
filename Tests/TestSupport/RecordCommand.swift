import Foundation

extension Products {
    /// `fsq-contract record --base-url <baseURL> --fixtures <folder> <extra…>` with `key` as `FSQ_API_KEY` and `CI=false`
    /// (the value a CI runner's own variable is replaced by), plus `environment`.
    public static func record(
        _ folder: URL, _ baseURL: String, _ extra: [String] = [], key: String, environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) async throws -> CommandResult {
        var variables = ["FSQ_API_KEY": key, "CI": "false"]
        for (name, value) in environment { variables[name] = value }
        return try await run(["record", "--base-url", baseURL, "--fixtures", folder.path] + extra,
                             environment: variables, currentDirectory: currentDirectory)
    }
}
