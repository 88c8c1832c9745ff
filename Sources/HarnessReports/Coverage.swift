import FoursquarePlaces
import HarnessCore

/// Fixture counts per contract, endpoint and status class, with the gaps against the statuses every endpoint
/// must cover: what `fsq-contract list` prints.
package struct Coverage: Sendable {
    /// The statuses the harness expects every endpoint of every contract to cover.
    package static let requiredStatuses = ["2xx"] + MissionStatuses.all.map(String.init)

    /// One row of the matrix.
    package struct Row: Hashable, Sendable {
        package var contract: ContractID
        package var endpoint: EndpointID

        package init(contract: ContractID, endpoint: EndpointID) {
            self.contract = contract
            self.endpoint = endpoint
        }
    }

    /// Fixtures per required status class (`2xx`, `400`, …).
    package private(set) var counts: [Row: [String: Int]] = [:]
    /// Statuses outside the required ones (a 409, say).
    package private(set) var otherStatuses: [Row: Set<Int>] = [:]
    /// Fixtures per contract.
    package private(set) var fixtures: [ContractID: Int] = [:]
    /// Files that did not load.
    package private(set) var broken = 0

    package init(_ loaded: [LoadedFixture]) {
        for item in loaded {
            guard case let .fixture(fixture) = item else { broken += 1; continue }
            let row = Row(contract: fixture.contract, endpoint: fixture.endpoint)
            fixtures[fixture.contract, default: 0] += 1
            let status = fixture.response.status
            let column = (200...299).contains(status) ? "2xx" : String(status)
            if Self.requiredStatuses.contains(column) {
                counts[row, default: [:]][column, default: 0] += 1
            } else {
                otherStatuses[row, default: []].insert(status)
            }
        }
    }

    /// The required statuses `row` has no fixture for.
    package func gaps(_ row: Row) -> [String] {
        Self.requiredStatuses.filter { counts[row]?[$0] == nil }
    }

    /// Gaps over every endpoint of every contract that has fixtures (a contract with none is not counted).
    package var totalGaps: Int {
        Contract.all.filter { fixtures[$0.id] != nil }.reduce(0) { total, contract in
            total + contract.endpoints.reduce(0) { $0 + gaps(Row(contract: contract.id, endpoint: $1.id)).count }
        }
    }
}

extension Coverage {
    /// One covered cell: a contract's endpoint has at least one fixture of this status (`2xx`, `403`, `409`).
    package struct Cell: Hashable, Sendable, CustomStringConvertible {
        package var contract: ContractID
        package var endpoint: String
        package var status: String

        package var description: String { "\(contract) \(endpoint) \(status)" }
    }

    /// Every cell with at least one fixture.
    package var cells: Set<Cell> {
        var result: Set<Cell> = []
        for (row, columns) in counts {
            for (column, count) in columns where count > 0 {
                result.insert(Cell(contract: row.contract, endpoint: row.endpoint.rawValue, status: column))
            }
        }
        for (row, statuses) in otherStatuses {
            for status in statuses { result.insert(Cell(contract: row.contract, endpoint: row.endpoint.rawValue, status: String(status))) }
        }
        return result
    }

    /// The cells this coverage has and `after` lost, sorted (what a recording must never do silently).
    package func lost(in after: Coverage) -> [Cell] {
        cells.subtracting(after.cells).sorted { ($0.contract, $0.endpoint, $0.status) < ($1.contract, $1.endpoint, $1.status) }
    }
}
