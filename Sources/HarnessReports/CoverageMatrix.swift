import Foundation
import FoursquarePlaces
import HarnessCore

/// Operations against statuses, one table per contract and auth style, counting the run's testcases: what the HTML
/// report draws. Every case lands in exactly one cell or in `unplaced`, so the sums equal the JUnit report's.
package struct CoverageMatrix: Sendable {
    /// Outcome counts of one cell, with the reasons its cases were skipped (why a status was not provoked).
    package struct Counts: Sendable, Hashable {
        /// Cases per outcome.
        package var passed = 0, failed = 0, errors = 0, skipped = 0
        /// The first distinct reasons the cell's cases were skipped (at most 3).
        package var skipReasons: [String] = []

        /// Every case in the cell.
        package var total: Int { passed + failed + errors + skipped }

        /// An empty cell.
        package init() {}

        mutating func add(_ c: HumanReport.Case) {
            switch c.outcome {
            case .passed: passed += 1
            case .failed: failed += 1
            case .error: errors += 1
            case .skipped:
                skipped += 1
                if skipReasons.count < 3, !skipReasons.contains(c.message) { skipReasons.append(c.message) }
            }
        }
    }

    /// One contract under one auth style (`any` for checks run once per fixture, whatever the style).
    package struct Table: Sendable {
        /// The contract id.
        package var contract: String
        /// The auth style, or `any`.
        package var auth: String
        /// Every endpoint of the contract, in the registry's order, then any other seen.
        package var rows: [String]
        /// The required statuses, then any other seen.
        package var columns: [String]
        /// `cells[row][column]`; a missing cell is not covered.
        package var cells: [String: [String: Counts]]

        /// The cell at `row`, `column`; nil when not covered.
        package func counts(_ row: String, _ column: String) -> Counts? { cells[row]?[column] }

        /// The table's cases, summed.
        package var total: Counts {
            var sum = Counts()
            for row in cells.values {
                for c in row.values {
                    sum.passed += c.passed; sum.failed += c.failed; sum.errors += c.errors; sum.skipped += c.skipped
                }
            }
            return sum
        }
    }

    /// The label of cases run once per fixture, outside any auth style.
    package static let anyAuth = "any"

    /// One table per contract and auth style, in `Contract.known` and style order.
    package var tables: [Table]
    /// Cases with no fixture behind them (a file that did not load, a crash): counted, in no cell.
    package var unplaced: Counts

    /// The matrix of `report`'s cases.
    package init(_ report: HumanReport) {
        var cells: [String: [String: [String: [String: Counts]]]] = [:]  // contract → auth → row → column
        var unplaced = Counts()
        for c in report.cases {
            guard let facts = report.facts[c.fixture] else { unplaced.add(c); continue }
            let auth = c.auth?.rawValue ?? Self.anyAuth
            cells[facts.contract.rawValue, default: [:]][auth, default: [:]][facts.endpoint, default: [:]][facts.column, default: Counts()].add(c)
        }
        let known = Contract.known.map(\.rawValue)
        let contracts = known.filter { cells[$0] != nil } + cells.keys.filter { !known.contains($0) }.sorted()
        let authOrder = AuthStyle.allCases.map(\.rawValue) + [Self.anyAuth]
        var tables: [Table] = []
        for contract in contracts {
            let registry = ContractID(rawValue: contract).contract?.endpoints.map(\.id.rawValue) ?? []
            let byAuth = cells[contract] ?? [:]
            for auth in authOrder.filter({ byAuth[$0] != nil }) {
                let table = byAuth[auth]!
                let rows = registry + table.keys.filter { !registry.contains($0) }.sorted()
                let seen = Set(table.values.flatMap(\.keys))
                let columns = Coverage.requiredStatuses + seen.subtracting(Coverage.requiredStatuses).sorted()
                tables.append(Table(contract: contract, auth: auth, rows: rows, columns: columns, cells: table))
            }
        }
        self.tables = tables
        self.unplaced = unplaced
    }

    /// Every case counted: the tables' and the unplaced.
    package var total: Int { tables.reduce(unplaced.total) { $0 + $1.total.total } }
}
