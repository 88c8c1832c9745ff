import Foundation
import FoursquarePlaces
import Testing
import TestSupport

/// Every contract's models and requests live under the contract's name: an app that writes `Category` must say
/// which contract it means, so moving to the next API version adds a namespace and moves nothing.
@Suite("models under their contract")
struct ContractNamespaceTests {
    @Test func aBareModelNameDoesNotCompileAndAContractQualifiedOneDoes() async throws {
        let bare = try await AuthByContractTests.typecheck("let category: Category? = nil; _ = category")
        #expect(bare.status != 0)
        #expect(bare.stderr.contains("cannot find type 'Category' in scope"), "\(bare.stderr)")
        let qualified = try await AuthByContractTests.typecheck(
            "let a: Contract20250617.Category? = nil; let b: SeedContract.Category? = nil; _ = (a, b)")
        #expect(qualified.status == 0, "\(qualified.stderr)")
    }

    @Test func aBareSeedRequestNameDoesNotCompile() async throws {
        let bare = try await AuthByContractTests.typecheck("_ = PlaceSearchRequest(location: .near(\"Chicago\"))")
        #expect(bare.status != 0)
        let qualified = try await AuthByContractTests.typecheck("_ = SeedContract.PlaceSearchRequest(location: .near(\"Chicago\"))")
        #expect(qualified.status == 0, "\(qualified.stderr)")
    }
}
