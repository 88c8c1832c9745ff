import Foundation
import FoursquarePlaces
@testable import HarnessContractChecks
import HarnessCore
@testable import HarnessReplay
import Testing

/// Each version's client against its own document: its registry serves only what the document describes, and its
/// models follow what the document changed from the version before.
@Suite struct VersionDocumentCheckTests {
    @Test("the shipped line: 2025-06-17's registry is its document's operations, its requests send every listed value, and the first version has no changes to judge")
    func theShippedVersionPasses() {
        let results = VersionDocumentCheck.results(contracts: [.seed, .v20250617])
        #expect(results.map(\.fixture) == ["2025-06-17/registry", "2025-06-17/enum values"])
        #expect(results.allSatisfy { $0.verdict == .pass })
    }

    @Test("a value the document lists that a typed request cannot send fails, naming the operation, parameter and value")
    func aNewEnumValueTheRequestCannotSendFails() {
        let endpoints = Contract.v20250617.endpoints
        let verdict = VersionDocumentCheck.enumValues(endpoints, contract: "2026-09-01", source: "openapi-20260901.json") { endpoint in
            endpoint == "place-suggest-remove" ? ["reason": ["CLOSED", "DUPLICATE"]] : DocumentedFacts.enums(.v20250617, endpoint)
        }
        guard case let .fail(message, _) = verdict else { Issue.record("not a failure: \(verdict)"); return }
        #expect(message.hasPrefix("2026-09-01's requests cannot send place-suggest-remove reason=DUPLICATE, which openapi-20260901.json lists"))
        #expect(VersionDocumentCheck.enumValues(endpoints, contract: "2025-06-17", source: "x") { DocumentedFacts.enums(.v20250617, $0) } == .pass)
        // The document lists them, so the check has something to judge.
        #expect(DocumentedFacts.enums(.v20250617, "place-suggest-remove")["reason"]?.contains("PRIVATE") == true)
    }

    static let served = Contract.v20250617.endpoints.filter { ["place-details", "place-flag"].contains($0.id.rawValue) }

    @Test("an operation the document no longer describes, still in the registry, fails naming it and the document")
    func aRemovedOperationLeftInTheRegistryFails() {
        let verdict = VersionDocumentCheck.registry(Self.served, contract: "2026-09-01", source: "openapi-20260901.json",
                                                    described: { $0 == "place-details" }, required: { _ in [] })
        guard case let .fail(message, _) = verdict else { Issue.record("not a failure: \(verdict)"); return }
        #expect(message.hasPrefix("2026-09-01's registry serves place-flag, which openapi-20260901.json does not describe"))
        #expect(VersionDocumentCheck.registry(Self.served, contract: "2026-09-01", source: "x", described: { _ in true },
                                              required: { DocumentedFacts.requiredQuery(.v20250617, $0) }) == .pass)
    }

    @Test("a query parameter the document requires that the request leaves optional fails, naming the operation and parameter")
    func aNewRequiredParameterTheRequestDoesNotRequireFails() {
        let verdict = VersionDocumentCheck.registry(Self.served, contract: "2026-09-01", source: "openapi-20260901.json", described: { _ in true },
                                                    required: { $0 == "place-details" ? ["months"] : DocumentedFacts.requiredQuery(.v20250617, $0) })
        guard case let .fail(message, _) = verdict else { Issue.record("not a failure: \(verdict)"); return }
        #expect(message.hasPrefix("2026-09-01's requests do not require place-details months, which openapi-20260901.json requires"))
        #expect(DocumentedFacts.requiredQuery(.v20250617, "place-flag") == ["fields"])  // the document's, read back
    }

    static let changes = DocumentChanges(previous: "2026-03-01", source: "openapi-20260901.json",
                                         removed: ["$.tel"], added: ["$.phone", "$.venues[*].accessibility", "$.a.b.c"])

    static func judge(_ reads: Set<String>) -> Verdict {
        VersionDocumentCheck.members(changes, reads: reads, model: "Contract20260901.Place", endpoint: "place-details", contract: "2026-09-01")
    }

    @Test("a model that still reads a removed member fails, naming the member, the document and the version before")
    func aModelThatReadsARemovedMemberFails() {
        guard case let .fail(message, _) = Self.judge(["$.tel", "$.phone", "$.venues", "$.venues[*].accessibility"]) else {
            Issue.record("not a failure"); return
        }
        #expect(message.hasPrefix("Contract20260901.Place reads $.tel, which openapi-20260901.json removed from place-details's answer (2026-03-01 had it)"))
    }

    @Test("a model with no property for an added member fails, even deep in a shared object's array")
    func aModelThatMissesAnAddedMemberFails() {
        guard case let .fail(message, _) = Self.judge(["$.phone", "$.venues"]) else { Issue.record("not a failure"); return }
        #expect(message.contains("has no property for $.venues[*].accessibility, which openapi-20260901.json added"))
    }

    @Test("an added member under an object the model is not read into cannot be judged: skipped, not passed")
    func anUnreachedAdditionIsNotAPass() {
        let verdict = Self.judge(["$.phone", "$.venues", "$.venues[*].accessibility"])
        guard case let .skip(reason) = verdict else { Issue.record("not a skip: \(verdict)"); return }
        #expect(reason.hasPrefix("cannot judge $.a.b.c"))
        #expect(Self.judge(["$.phone", "$.venues", "$.venues[*].accessibility", "$.a.b", "$.a.b.c"]) == .pass)
    }

    @Test("a member's parent: the object or array it sits in")
    func parentPaths() {
        #expect(VersionDocumentCheck.parentPath("$.venues[*].accessibility") == "$.venues")
        #expect(VersionDocumentCheck.parentPath("$.a.b") == "$.a")
        #expect(VersionDocumentCheck.parentPath("$.name") == "$")
        #expect(VersionDocumentCheck.parentPath("$[*].id") == "$")
    }
}
