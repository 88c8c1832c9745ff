// Written by DocumentedBound.derive from openapi-20250617.json and the seed documents 000-004; do not edit.
// To write it again: FSQ_WRITE_DOCUMENTED_BOUNDS=1 swift test --traits Live,OpenAPI,Emulator --filter DocumentedBoundsTests
import FoursquarePlaces

extension DocumentedBound {
    /// Every integer bound the contracts' documents state, one line each.
    package static let all: [DocumentedBound] = [
        DocumentedBound(contract: "2025-06-17", endpoint: EndpointID("autocomplete"), path: "/autocomplete", parameter: "limit", minimum: 1, maximum: 50, with: ["query": "coffee"], source: "openapi-20250617.json"),
        DocumentedBound(contract: "2025-06-17", endpoint: EndpointID("geotagging-candidates"), path: "/geotagging/candidates", parameter: "limit", minimum: 1, maximum: 50, with: [:], source: "openapi-20250617.json"),
        DocumentedBound(contract: "2025-06-17", endpoint: EndpointID("offline-jobs-initialize"), path: "/offline-jobs/initialize", parameter: "durationSeconds", minimum: 900, maximum: 43200, with: [:], source: "openapi-20250617.json"),
        DocumentedBound(contract: "2025-06-17", endpoint: EndpointID("place-search"), path: "/places/search", parameter: "radius", minimum: 0, maximum: 100000, with: ["ll": "40.7484,-73.9857"], source: "openapi-20250617.json"),
        DocumentedBound(contract: "2025-06-17", endpoint: EndpointID("place-search"), path: "/places/search", parameter: "min_price", minimum: 1, maximum: 4, with: [:], source: "openapi-20250617.json"),
        DocumentedBound(contract: "2025-06-17", endpoint: EndpointID("place-search"), path: "/places/search", parameter: "max_price", minimum: 1, maximum: 4, with: [:], source: "openapi-20250617.json"),
        DocumentedBound(contract: "2025-06-17", endpoint: EndpointID("place-search"), path: "/places/search", parameter: "limit", minimum: 1, maximum: 50, with: [:], source: "openapi-20250617.json"),
        DocumentedBound(contract: "2025-06-17", endpoint: EndpointID("place-suggest-status"), path: "/places/suggest/status", parameter: "limit", minimum: 0, maximum: 50, with: [:], source: "openapi-20250617.json"),
        DocumentedBound(contract: "2025-06-17", endpoint: EndpointID("place-photos"), path: "/places/{fsq_place_id}/photos", parameter: "limit", minimum: nil, maximum: 50, with: [:], source: "openapi-20250617.json"),
        DocumentedBound(contract: "2025-06-17", endpoint: EndpointID("place-tips"), path: "/places/{fsq_place_id}/tips", parameter: "limit", minimum: 1, maximum: 50, with: [:], source: "openapi-20250617.json"),
        DocumentedBound(contract: "seed", endpoint: EndpointID("autocomplete"), path: "/autocomplete", parameter: "limit", minimum: nil, maximum: 50, with: ["query": "coffee"], source: "004_7c13d1489995e0ed.txt"),
    ]
}
