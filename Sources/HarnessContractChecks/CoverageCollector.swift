import Foundation
import FoursquarePlaces
import HarnessCore

/// Gathers, as a run's fixtures go through, what their cases exercised; `summary` then sets it against what the
/// documents describe. Thread-safe: replay's workers record at once.
package final class CoverageCollector: Sendable {
    private struct State {
        var slots: [ContractCoverage.Operation: Set<ContractCoverage.Slot>] = [:]
        /// The documented members seen with a value, as `ValueConformance.MemberTree` indices: a flag per member,
        /// so an answer costs its members' indices, not their paths.
        var members: [ContractCoverage.Operation: [Bool]] = [:]
        var contracts: Set<String> = []
    }

    private let state = Locked(State())

    package init() {}

    /// Notes what one fixture's cases exercised; `members` are the member indices the value check reported.
    package func record(fixture: Fixture, results: [CaseResult], members: [Int], hasNextLink: Bool) {
        let slots = ContractCoverage.exercised(fixture: fixture, results: results, hasNextLink: hasNextLink)
        let operation = ContractCoverage.Operation(contract: fixture.contract.rawValue, endpoint: fixture.endpoint.rawValue)
        state.withLock { state in
            state.contracts.insert(operation.contract)
            state.slots[operation, default: []].formUnion(slots)
            if let highest = members.max() {
                // Taken out and put back, so the flags are written in place rather than copied per member.
                var flags = state.members.removeValue(forKey: operation) ?? []
                if flags.count <= highest { flags.append(contentsOf: repeatElement(false, count: highest + 1 - flags.count)) }
                for index in members { flags[index] = true }
                state.members[operation] = flags
            }
        }
    }

    /// Coverage of every documented operation of the contracts whose fixtures the run went through.
    package var summary: CoverageSummary {
        let (seen, members, contracts) = state.withLock { ($0.slots, $0.members, $0.contracts) }
        var operations: [CoverageSummary.OperationCoverage] = []
        for documented in DocumentedOperation.all where contracts.contains(documented.contract) {
            let operation = ContractCoverage.Operation(contract: documented.contract, endpoint: documented.endpoint)
            let (expected, departed) = ContractCoverage.expected(documented)
            let paths = ValueConformance.MemberTree.of(documented).paths
            let flags = members[operation] ?? []
            let seenMembers = flags.indices.filter { flags[$0] && $0 < paths.count }.map { ContractCoverage.Slot.member(paths[$0]) }
            let exercised = expected.intersection((seen[operation] ?? []).union(seenMembers))
            operations.append(.init(operation: operation, expected: expected, exercised: exercised, departed: departed))
        }
        return CoverageSummary(operations: operations.sorted { $0.operation < $1.operation })
    }
}

/// A run's coverage: per documented operation, what was expected, what was exercised, and the departures.
package struct CoverageSummary: Sendable {
    package struct OperationCoverage: Sendable {
        package let operation: ContractCoverage.Operation
        package let expected: Set<ContractCoverage.Slot>
        package let exercised: Set<ContractCoverage.Slot>
        /// Documented members the client does not read on purpose, each with its reason: covered, listed apart.
        package let departed: [String: String]

        /// What no case exercised, in order.
        package var missing: [ContractCoverage.Slot] { expected.subtracting(exercised).sorted() }

        /// `exercised of expected` for one kind.
        package func count(_ kind: ContractCoverage.Kind) -> (exercised: Int, expected: Int) {
            (exercised.filter { $0.kind == kind }.count, expected.filter { $0.kind == kind }.count)
        }

        /// "members: $.a, $.b; statuses: 409": what is missing, by kind.
        package var missingLine: String {
            ContractCoverage.Kind.allCases.compactMap { kind -> String? in
                let slots = missing.filter { $0.kind == kind }
                return slots.isEmpty ? nil : "\(kind.rawValue): " + slots.map(\.description).joined(separator: ", ")
            }.joined(separator: "; ")
        }
    }

    package let operations: [OperationCoverage]

    /// The contracts it covers, in order.
    package var contracts: [String] { Array(Set(operations.map(\.operation.contract))).sorted() }

    /// Totals of one kind over `contract`'s operations, or over all of them.
    package func count(_ kind: ContractCoverage.Kind, contract: String? = nil) -> (exercised: Int, expected: Int) {
        operations.filter { contract == nil || $0.operation.contract == contract }.reduce((0, 0)) { total, operation in
            let count = operation.count(kind)
            return (total.0 + count.exercised, total.1 + count.expected)
        }
    }

    /// Exercised slots as a share of expected ones, in percent, for `contract` or over all.
    package func percent(contract: String? = nil) -> Double {
        let counts = ContractCoverage.Kind.allCases.map { count($0, contract: contract) }
        let expected = counts.reduce(0) { $0 + $1.expected }
        guard expected > 0 else { return 100 }
        return Double(counts.reduce(0) { $0 + $1.exercised }) * 100 / Double(expected)
    }

    /// `members A of B, statuses C of D, header forms E of F`.
    package func counts(contract: String? = nil) -> String {
        ContractCoverage.Kind.allCases.map { kind in
            let count = count(kind, contract: contract)
            return "\(kind.rawValue) \(count.exercised) of \(count.expected)"
        }.joined(separator: ", ")
    }

    /// Departed members over every operation.
    package var departedCount: Int { operations.reduce(0) { $0 + $1.departed.count } }

    /// The terminal's line: the totals, each contract's when there are several, and the departures.
    package var line: String {
        var text = "coverage: \(counts())"
        if contracts.count > 1 {
            text += " (" + contracts.map { contract in
                percent(contract: contract) >= 100 ? "\(contract): full" : "\(contract): \(counts(contract: contract))"
            }.joined(separator: "; ") + ")"
        }
        if departedCount > 0 { text += "; \(departedCount) documented members departed, listed apart in the report" }
        return text
    }
}
