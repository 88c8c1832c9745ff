import Foundation
@testable import FoursquarePlaces
import Testing

/// A contract is named by one type, and which auth styles it takes is read from one place: the registry.
@Suite struct ContractIDTests {
    @Test func everyRegisteredContractAnswersItsOwnAuthStylesThroughItsID() {
        for contract in Contract.all {
            #expect(contract.id.authStyles == contract.authStyles, "\(contract.id)")
            #expect(Contract.named(contract.id) == contract)
        }
        #expect(ContractID.seed.authStyles == [.apiKey, .bearer])
        #expect(ContractID.v20250617.authStyles == [.bearer])
    }

    /// An unknown contract takes nothing: the harness cannot say how its server authenticates, so nothing is sent
    /// or replayed under a guessed style (every flag and the fixture loader refuse such a name first).
    @Test func anUnknownContractTakesNoStyle() {
        #expect(ContractID("2019-01-01").authStyles.isEmpty)
        #expect(Contract.named("2019-01-01") == nil)
    }

    /// Fixtures, project files and drift's JSON carry it as the plain string they always did.
    @Test func itReadsAndWritesAsAPlainString() throws {
        let data = try JSONEncoder().encode(["contract": ContractID.v20250617])
        #expect(String(decoding: data, as: UTF8.self) == #"{"contract":"2025-06-17"}"#)
        let decoded = try JSONDecoder().decode([String: ContractID].self, from: Data(#"{"contract":"seed"}"#.utf8))
        #expect(decoded["contract"] == .seed)
        #expect("\(ContractID.v20250617)" == "2025-06-17")
    }

    /// The registry's contracts and their ids agree, in the order `--contract` lists them.
    @Test func theKnownIDsAreTheRegistrysInOrder() {
        #expect(Contract.known == [.seed, .v20250617])
    }
}
