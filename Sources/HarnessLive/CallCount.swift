import Foundation
import FoursquarePlaces
import HarnessCore

/// The calls a live run will make, counted before it makes any: per operation and in total. A dry run prints it;
/// `--max-calls` refuses a run that would go past it. Retries come on top, and the budget holds them too.
package struct CallCount: Sendable, Equatable {
    /// Calls per operation (`place-details (2025-06-17)`), in name order.
    package var perOperation: [String: Int] = [:]
    /// Fixture calls another fixture's identical request makes (live mode and drift).
    package var shared = 0
    /// Fixture calls not made: answers only the emulator gives, writes the policy does not send.
    package var skipped = 0
    /// Of `skipped`, how many for each reason, where the count gives reasons (record's).
    package var skippedFor: [String: Int] = [:]

    package init(perOperation: [String: Int] = [:]) { self.perOperation = perOperation }

    package var total: Int { perOperation.values.reduce(0, +) }

    /// Counts a call not made, under `reason`.
    package mutating func skip(_ reason: String) {
        skipped += 1
        skippedFor[reason, default: 0] += 1
    }

    package mutating func add(_ endpoint: String, contract: ContractID, _ calls: Int = 1) {
        guard calls > 0 else { return }
        perOperation["\(endpoint) (\(contract))", default: 0] += calls
    }

    /// The calls live mode and drift make: each fixture once per style its contract accepts among `options`'
    /// styles, except an answer only the emulator gives when the server is not told which fixture to serve, a
    /// write the policy does not send (`--allow-writes`), and a request another fixture already sends (one call
    /// per distinct request, as `SharedCalls` makes them). `skipped` and `shared` count the calls left out.
    package static func live(_ fixtures: [LoadedFixture], options: LiveOptions) async -> CallCount {
        var count = CallCount()
        var seen: Set<String> = []
        // The identity needs a key; a dry run may have none, and any key gives the same sharing.
        let key = options.key ?? APIKey("fsq-contract-dry-run-key-placeholder")
        for case let .fixture(fixture) in fixtures {
            let styles = Contracts.styles(for: fixture, selected: options.authStyles)
            let provocation = LiveProvocation.plan(for: fixture)
            if case .emulatorOnly = provocation, !options.selectFixtureHeader { count.skipped += styles.count; continue }
            guard let recorded = try? CallPlan.make(for: fixture), case let .send(plan) = options.writes.decide(provocation.plan(recorded, fixture: fixture)) else {
                count.skipped += styles.count
                continue
            }
            for style in styles {
                let header = options.selectFixtureHeader ? fixture.relativePath : nil
                if let identity = await SharedCalls.identity(of: plan, auth: style, key: provocation.key(key), baseURL: options.baseURL,
                                                             apiVersion: options.apiVersion(for: plan.contract),
                                                             fixtureHeader: header) {
                    guard seen.insert(identity).inserted else { count.shared += 1; continue }
                }
                count.add(fixture.endpoint.rawValue, contract: fixture.contract)
            }
        }
        return count
    }

    /// The dry run's lines: one per operation, then the total.
    package func lines(verb: String) -> [String] {
        let width = perOperation.keys.map(\.count).max() ?? 0
        var lines = perOperation.keys.sorted().map { name in
            "  " + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(perOperation[name]!)"
        }
        lines.insert("\(verb) would make \(plural(total, "call")) (retries not counted), and made none (--dry-run; an identifying call above, if any, sent no key and costs nothing):", at: 0)
        if !skippedFor.isEmpty {
            if shared > 0 { lines.append("  \(shared) shared (the same request as another fixture's)") }
            lines += Self.reasonLines(skippedFor)
        } else if shared > 0 || skipped > 0 {
            lines.append("  \(shared) shared (the same request as another fixture's), \(skipped) skipped (not callable on this server, or a write not allowed)")
        }
        return lines
    }

    /// `  skipped 24: <reason>`, one line per reason, the most frequent first: a dry run's and a run's summary.
    package static func reasonLines(_ reasons: [String: Int]) -> [String] {
        reasons.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "  skipped \($0.value): \($0.key)" }
    }

    /// Why a run that would make more calls than `maxCalls` is refused, or nil when it fits.
    package func refusal(maxCalls: Int, verb: String) -> String? {
        guard total > maxCalls else { return nil }
        let biggest = perOperation.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(3)
            .map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return "--max-calls \(maxCalls): \(verb) would make \(total) calls (\(biggest)), more than the budget; nothing was sent with the key (an identifying call above, if any, carried none). "
            + "Raise --max-calls (or the project file's maxCalls), or narrow the run with --filter or --contract"
    }
}
