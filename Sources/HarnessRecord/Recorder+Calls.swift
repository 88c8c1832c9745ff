import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// How `record` asks for a fixture's answer: one call only where the answer can rewrite the file.
///
/// Which statuses a request can provoke, and from what:
/// - a 2xx: the recorded request;
/// - a 400: the recorded request, whose input the server refuses (on a write, only input a rule of the contract
///   refuses: `expect.invalid_input`);
/// - a 401: the recorded request with the key the live checks are refused with (`LiveProvocation.rejectedKey`),
///   never the real one, which the server accepts (named the file, the emulator serves the file's 401 instead);
/// - a 404: the recorded request for its place id, on an operation that takes one.
///
/// A 403, a 429, a 5xx, a 404 on an operation with no place id and a 400 on a write with no input rule are given only
/// by the emulator, named the file by `X-Emulator-Fixture`: they are called only when the run sends that header
/// (`--fixture-header`, found to be the emulator) and the file exists. A write the policy does not send, and a
/// suggestion recorded as applied (sent live only as a dry run, whose answer is not its recording), are not called.
struct RecordCall: Sendable {
    /// The status the answer is judged against: the file's, or a plan entry's (nil: a 2xx).
    var expectedStatus: Int?
    /// The file named to the emulator, when the run sends the header and the file exists.
    var fixtureHeader: String?
    /// The key sent when it is not the real one (a 401's).
    var sending: APIKey?
}

extension Recorder {
    /// What `record` does for one item, before any call.
    enum Decision: Sendable {
        /// Call for `Target` as `call` says.
        case call(Target, call: RecordCall)
        /// No call: the reason, one line shared by every item skipped for it.
        case skip(String)
        /// No call: the item cannot be made a request (the reason names it).
        case fail(String)
    }

    /// The decision for `item`: the mode, the request, the write policy, then whether its status can be provoked.
    func decide(_ item: Item) -> Decision {
        let exists: Bool
        switch item {
        case .existing: exists = true
        case .planned: exists = FileManager.default.fileExists(atPath: fixturesRoot.appendingPathComponent(item.relativePath).path)
        }
        guard mode.records(exists: exists) else { return .skip(exists ? "has a fixture (mode \(mode); --mode all records it again)" : "record mode is \(mode)") }
        let target: Target
        switch self.target(for: item) {
        case let .success(planned): target = planned
        case let .failure(error): return .fail("not recorded: \(error)")
        }
        switch options.writes.decide(target.plan) {
        case let .refuse(reason): return .skip(reason)
        case let .send(sent) where target.plan.dryRun == false && sent.dryRun == true:
            return .skip("not called: a \(target.endpoint) fixture recorded as applied (dry_run=false) is sent live only as a dry run, "
                         + "whose answer is not its recording; --allow-writes \(target.endpoint) records it (a sandbox account)")
        case .send: break
        }
        let expectedStatus = target.existing?.response.status ?? target.expectedStatus
        var call = RecordCall(expectedStatus: expectedStatus)
        // Only a file that exists can be named to the emulator: a new one would get its "unknown fixture" error.
        if options.selectFixtureHeader, target.existing != nil { call.fixtureHeader = target.relativePath }
        switch provocation(target, expectedStatus: expectedStatus) {
        case .invalidKey:
            // Named the file, the emulator serves its 401 whatever the key; a wrong key would get its own refusal instead.
            if call.fixtureHeader == nil { call.sending = LiveProvocation.rejectedKey }
        case .emulatorOnly:
            guard call.fixtureHeader != nil else {
                return .skip(Self.unprovokable(target, status: expectedStatus ?? 200, planned: target.existing == nil))
            }
        case .asRecorded, .unknownPlace, .invalidInput:
            break
        }
        return .call(target, call: call)
    }

    /// How the answer is asked for: a file's as live mode provokes it, but a 404 for the id the file recorded (the
    /// file's request is what is written); a plan entry's from the status it expects.
    func provocation(_ target: Target, expectedStatus: Int?) -> LiveProvocation {
        if let fixture = target.existing {
            let provocation = LiveProvocation.plan(for: fixture)
            return provocation == .unknownPlace ? .asRecorded : provocation
        }
        switch expectedStatus ?? 200 {
        case 200...299, 400, 404: return .asRecorded
        case 401: return .invalidKey
        case let status: return .emulatorOnly(reason: "\(status) cannot be provoked")
        }
    }

    /// Why an answer no request provokes is not called for: one line per status (and kind of 404 or 400).
    static func unprovokable(_ target: Target, status: Int, planned: Bool) -> String {
        let what: String
        switch status {
        case 404: what = "a 404 on an operation that takes no place id"
        case 400: what = "a 400 on a write with no input rule behind it"
        default: what = "a \(status)"
        }
        return planned
            ? "not called: no request provokes \(what), and a plan entry has no file to name to the emulator"
            : "not called: no request provokes \(what); only the emulator gives it, named the file (X-Emulator-Fixture), "
                + "which this run does not send (--fixture-header never, or a server that is not the emulator)"
    }

    /// The calls `record` will make for `existing` and `plan`, from the same decisions the run takes: identical requests
    /// count once (`SharedCalls`), and each item skipped is counted under its reason. A plan entry with no contract
    /// counts once per contract it may be tried under.
    package func count(_ existing: [LoadedFixture], plan: [PlanEntry]) async -> CallCount {
        var count = CallCount()
        var seen: Set<String> = []
        for item in items(existing, plan: plan) {
            var tried = [item]
            if case let .planned(entry) = item, entry.contract == nil {
                tried = candidates(for: entry).map { contract in
                    var chosen = entry
                    chosen.contract = contract.id
                    return .planned(chosen)
                }
            }
            for item in tried {
                switch decide(item) {
                case let .skip(reason): count.skip(reason)
                case .fail: break
                case let .call(target, call):
                    guard case let .send(plan) = options.writes.decide(target.plan) else { continue }
                    if let identity = await SharedCalls.identity(of: plan, auth: target.auth, key: call.sending ?? key,
                                                                 baseURL: options.baseURL, apiVersion: options.apiVersion(for: plan.contract),
                                                                 fixtureHeader: call.fixtureHeader) {
                        guard seen.insert(identity).inserted else { count.shared += 1; continue }
                    }
                    count.add(target.endpoint.rawValue, contract: target.contract)
                }
            }
        }
        return count
    }

    /// The contracts a plan entry with no contract is tried under, the newest first.
    func candidates(for entry: PlanEntry) -> [Contract] {
        Contract.all.reversed().filter { contract in contract.endpoints.contains { $0.id == entry.endpoint } }
    }
}
