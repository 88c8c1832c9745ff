import Foundation
import FoursquarePlaces

/// The calls a live run will make, counted before it makes any: per operation and in total. A dry run prints it;
/// `--max-calls` refuses a run that would go past it. Retries come on top, and the budget holds them too.
public struct CallCount: Sendable, Equatable {
    /// Calls per operation (`place-details (2025-06-17)`), in name order.
    public var perOperation: [String: Int] = [:]

    public init(perOperation: [String: Int] = [:]) { self.perOperation = perOperation }

    public var total: Int { perOperation.values.reduce(0, +) }

    mutating func add(_ endpoint: String, contract: ContractID, _ calls: Int = 1) {
        guard calls > 0 else { return }
        perOperation["\(endpoint) (\(contract))", default: 0] += calls
    }

    /// The calls live mode and drift make: each fixture once per style its contract accepts among `options`'
    /// styles, except an answer only the emulator gives when the server is not told which fixture to serve, and a
    /// write the policy does not send (`--allow-writes`).
    public static func live(_ fixtures: [LoadedFixture], options: LiveOptions) -> CallCount {
        var count = CallCount()
        for case let .fixture(fixture) in fixtures {
            if case .emulatorOnly = LiveProvocation.plan(for: fixture), !options.selectFixtureHeader { continue }
            if options.writes.refuses(fixture) { continue }
            count.add(fixture.endpoint.rawValue, contract: fixture.contract,
                      Contracts.styles(for: fixture, selected: options.authStyles).count)
        }
        return count
    }

    /// The calls record makes: each fixture the mode records once, and each plan entry with no file yet (an
    /// entry with no contract may be tried under each contract that has its endpoint, so it counts that many).
    public static func record(_ existing: [LoadedFixture], plan: [PlanEntry], mode: RecordMode, fixturesRoot: URL,
                              defaultContract: ContractID?, writes: WritePolicy = WritePolicy()) -> CallCount {
        var count = CallCount()
        if mode.records(exists: true) {
            for case let .fixture(fixture) in existing where !writes.refuses(fixture) {
                count.add(fixture.endpoint.rawValue, contract: fixture.contract)
            }
        }
        let known = Set(existing.map(\.relativePath))
        for entry in plan {
            if let contract = entry.contract ?? defaultContract {
                let path = entry.relativePath(contract: contract)
                guard !known.contains(path) else { continue }
                let exists = FileManager.default.fileExists(atPath: fixturesRoot.appendingPathComponent(path).path)
                if mode.records(exists: exists) { count.add(entry.endpoint.rawValue, contract: contract) }
            } else if mode.records(exists: false) {
                for contract in Contract.all where contract.endpoints.contains(where: { $0.id == entry.endpoint }) {
                    count.add(entry.endpoint.rawValue, contract: contract.id)
                }
            }
        }
        return count
    }

    /// The dry run's lines: one per operation, then the total.
    public func lines(verb: String) -> [String] {
        let width = perOperation.keys.map(\.count).max() ?? 0
        var lines = perOperation.keys.sorted().map { name in
            "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(perOperation[name]!)"
        }
        lines.insert("\(verb) would make \(plural(total, "call")) (retries not counted), and made none (--dry-run):", at: 0)
        return lines
    }

    /// Why a run that would make more calls than `maxCalls` is refused, or nil when it fits.
    public func refusal(maxCalls: Int, verb: String) -> String? {
        guard total > maxCalls else { return nil }
        let biggest = perOperation.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3)
            .map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return "--max-calls \(maxCalls): \(verb) would make \(total) calls (\(biggest)), more than the budget; no call was made. "
            + "Raise --max-calls (or the project file's maxCalls), or narrow the run with --filter or --contract"
    }
}
