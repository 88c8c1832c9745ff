import Foundation

// Version 2025-06-17: its id, its contract value and its type. Its models, requests, endpoint ids, registry entries
// and client methods are generated from its document (Contract20250617+Models.swift, +Operations.swift).

extension ContractID {
    /// Foursquare's Places API version 2025-06-17.
    public static let v20250617: ContractID = "2025-06-17"
}

/// Foursquare's Places API version 2025-06-17; its models and requests are nested here.
public enum Contract20250617: Contract20250617Operations {
    public static var contract: Contract { .v20250617 }
}

extension Contract {
    /// Version 2025-06-17: bearer only, with `X-Places-Api-Version: 2025-06-17`.
    public static let v20250617 = Contract(
        id: .v20250617, baseURL: URL(string: "https://places-api.foursquare.com")!, authStyles: [.bearer],
        apiVersion: "2025-06-17", endpoints: Contract20250617.entries20250617(.v20250617, spec: "openapi 20250617"))
}

// 2025-06-17 follows the seed contract in the line of versions (`Contract.all`).
extension SeedContract { package typealias Successor = Contract20250617 }
extension Contract20250617: ContractLineage {}
