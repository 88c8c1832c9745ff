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

    /// The line of contracts is the folders under Contracts/ (`Seed/`, then `V<yyyymmdd>/` by date; `Shared/` holds
    /// what several contracts declare once): a scaffolded folder joins it, and no list is kept by hand.
    @Test func theKnownIDsAreTheContractFoldersInOrder() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.contracts.path).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.contracts.appendingPathComponent(name).path, isDirectory: &isFolder)
                && isFolder.boolValue && name != "Shared"
        }
        let ids = try folders.map { folder throws -> ContractID in
            if folder == "Seed" { return .seed }
            let digits = folder.dropFirst()
            try #require(folder.hasPrefix("V") && digits.count == 8 && digits.allSatisfy(\.isNumber), "Contracts/\(folder): not Seed or V<yyyymmdd>")
            return ContractID("\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))")
        }
        #expect(ids.contains(.seed) && ids.contains(.v20250617), "\(folders)")
        #expect(Contract.known == [.seed] + ids.filter { $0 != .seed }.sorted(), "the folders: \(folders.sorted())")
    }

    static let contracts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/FoursquarePlaces/Contracts")
}
