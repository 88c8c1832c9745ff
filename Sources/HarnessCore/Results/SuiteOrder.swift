import FoursquarePlaces

/// The order of a report's suites: the catalog's endpoints first, then any other suite by name.
package enum SuiteOrder {
    /// Endpoint ids in catalog order, then any other suite names (broken files outside endpoint folders).
    package static func of<Names: Sequence<String>>(_ names: Names) -> [String] {
        let present = Set(names)
        let known = EndpointID.all.map(\.rawValue).filter(present.contains)
        return known + present.subtracting(known).sorted()
    }

    /// The suite order of results already in memory.
    package static func of(_ results: [CaseResult]) -> [String] { of(results.map(\.endpoint)) }
}
