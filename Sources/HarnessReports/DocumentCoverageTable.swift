import Foundation
import FoursquarePlaces
import HarnessCore

/// `list --openapi`: per documented operation and status, how many fixtures cover it, and the documented
/// operations the registry does not know (how a user learns the provider added an endpoint).
package enum DocumentCoverageTable {
    package static func render(_ coverage: any DocumentCoverage, fixtures: [Fixture]) -> String {
        // Sorted here too, whatever order the oracle keeps: the same input prints the same table, run after run.
        let operations = coverage.documentedOperations().sorted { ($0.contract, $0.path, $0.method) < ($1.contract, $1.path, $1.method) }
        let documentedContracts = Set(operations.map(\.contract))
        var counts: [String: [String: Int]] = [:]  // "contract GET /path" → status → fixtures
        var undocumented: [String] = []
        for fixture in fixtures {
            guard let found = coverage.documentedResponse(contract: fixture.contract, method: fixture.request.method,
                                                          path: fixture.request.path, status: fixture.response.status) else {
                if documentedContracts.contains(fixture.contract) {
                    undocumented.append("\(fixture.relativePath) (\(fixture.request.method) \(fixture.request.path))")
                }
                continue
            }
            let status = found.status ?? "\(fixture.response.status) (undocumented)"
            counts["\(fixture.contract) \(found.operation)", default: [:]][status, default: 0] += 1
        }
        var lines: [String] = []
        var unknown: [String] = []
        var contract: ContractID = ""
        for operation in operations {
            if operation.contract != contract {
                contract = operation.contract
                lines.append("OpenAPI coverage, contract \(contract) (fixtures per documented status; -- not covered):")
            }
            let label = "\(operation.method) \(operation.path)"
            let known = Contract.all.first { $0.id == operation.contract }?.endpoints
                .contains { $0.method == operation.method && $0.pathTemplate == operation.path } ?? false
            if !known { unknown.append("  \(label)") }
            let row = counts["\(operation.contract) \(label)"] ?? [:]
            let documented = operation.statuses.map { "\($0): \(row[$0].map(String.init) ?? "--")" }
            let extra = row.keys.filter { !operation.statuses.contains($0) }.sorted().map { "\($0): \(row[$0]!)" }
            lines.append("  \(label)\(known ? "" : " (not in the registry)")  " + (documented + extra).joined(separator: "  "))
        }
        if !unknown.isEmpty {
            lines.append("Documented operations the registry does not know (\(unknown.count)):")
            lines += unknown
        }
        if !undocumented.isEmpty {
            lines.append("Fixtures whose request no documented operation matches (\(undocumented.count)):")
            lines += undocumented.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}
