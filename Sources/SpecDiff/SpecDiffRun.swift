import HarnessCore
import FixtureFormat
import Foundation
import FoursquarePlaces
import JUnitXML
import OpenAPIConformance

/// `fsq-contract spec-diff OLD NEW`: both documents read as `--openapi` reads them, the declared departures
/// (overrides) applied to both, the changes graded for the contract's registry and models.
struct SpecDiffRun: Sendable {
    var old: SpecDocument
    var new: SpecDocument
    var contract: ContractID
    var changes: [SpecChange]
    /// Overrides that matched nothing in a document (the provider fixed a flaw, or moved it).
    var notices: [String]
    /// Every operation either document describes, by label, with the registry's id when the client calls it: the
    /// JUnit report's cases.
    var operations: [(label: String, endpoint: String?)]

    var failing: [SpecChange] { changes.filter(\.fails) }

    /// The changes as a reader counts them: one per change, with every place the document makes it.
    var groups: [SpecChangeGroup] { SpecChangeGroup.grouping(changes) }

    /// Distinct changes of `grade` (a change repeated at many places counts once).
    func count(_ grade: SpecChange.Grade) -> Int { groups.filter { $0.grade == grade }.count }

    static func make(_ request: SpecDiffRequest) throws(DocumentLoadError) -> SpecDiffRun {
        let oldTree = try tree(request.old)
        let newTree = try tree(request.new)
        let contractID: ContractID
        if let given = request.contract {
            contractID = given
        } else if let found = try? OpenAPIDocumentLoader.contract(of: oldTree, argument: DocumentArgument(contract: nil, path: request.old)) {
            contractID = found
        } else {
            let dated = Contract.known.filter { $0 != .seed }.map(\.rawValue)
            throw DocumentLoadError("\(request.old): its info.version names no known contract; say which to grade for: --contract \(dated.last ?? "2025-06-17")")
        }
        guard let contract = Contract.named(contractID) else {
            throw DocumentLoadError("--contract \(contractID): not a known contract (\(Contract.knownList))")
        }
        let given = try request.overrides.map { (path) throws(DocumentLoadError) in try DocumentOverrides(path: path) }
        var notices: [String] = []
        func patched(_ tree: JSONValue, path: String) -> SpecDocument {
            var tree = tree
            if let overrides = given ?? ShippedOverrides.forDocument(tree, contract: contractID) {
                notices += overrides.documentFixesOnly.apply(to: &tree).unmatched.map { "\(path): \($0)" }
            }
            return SpecDocument(tree: tree, source: path)
        }
        let old = patched(oldTree, path: request.old)
        let new = patched(newTree, path: request.new)
        // With none of them in the old document every difference is "not called": an empty, green diff of nothing.
        guard contract.endpoints.contains(where: { old.operations[SpecDocument.key(method: $0.method, path: $0.pathTemplate)] != nil }) else {
            throw DocumentLoadError("\(request.old) holds none of the \(contract.endpoints.count) operations the client calls for \(contractID); check --contract")
        }
        var changes = SpecDiff.compare(old: old, new: new, contract: contract)
        if let path = request.baseline {
            guard FileManager.default.fileExists(atPath: path) else {
                throw DocumentLoadError("--baseline \(path): no such file; fix the path")
            }
            let baseline: Baseline
            do {
                baseline = try Baseline.load(URL(fileURLWithPath: path))
            } catch {
                throw DocumentLoadError("--baseline \(error)")
            }
            let today = Baseline.day()
            for index in changes.indices where changes[index].grade == .breaking {
                if let entry = baseline.entry(fingerprint(changes[index], contract: contractID)), !entry.isExpired(today: today) {
                    changes[index].known = entry.reason
                }
            }
        }
        var operations: [String: (label: String, endpoint: String?)] = [:]
        for document in [new, old] {
            for (key, operation) in document.operations where operations[key] == nil {
                let endpoint = contract.endpoints.first { SpecDocument.key(method: $0.method, path: $0.pathTemplate) == key }
                operations[key] = (operation.label, endpoint?.id.rawValue)
            }
        }
        return SpecDiffRun(old: old, new: new, contract: contractID, changes: changes, notices: notices,
                           operations: operations.values.sorted { $0.label < $1.label })
    }

    /// The baseline's fingerprint of a change: contract/endpoint, the check, the pointer and the kind.
    static func fingerprint(_ change: SpecChange, contract: ContractID) -> String {
        Baseline.fingerprint(contract: contract, endpoint: change.endpoint ?? change.operation.replacingOccurrences(of: " ", with: ""),
                             check: "spec-diff", path: change.pointer, kind: change.kind)
    }

    /// The document's tree, checked by OpenAPIKit as `--openapi` checks it (a file that is not an OpenAPI 3.x
    /// document is refused here, naming it).
    static func tree(_ path: String) throws(DocumentLoadError) -> JSONValue {
        let tree = try DocumentFile.tree(at: path)
        _ = try OpenAPIDocumentLoader.decode(OpenAPIDocumentLoader.skeleton(tree), path: path)
        return tree
    }
}

/// The differ `fsq-contract`'s main passes with the OpenAPI trait: runs the comparison, prints the summary and writes the outputs asked for.
package struct SpecDiffTool: SpecDiffing {
    /// The differ; stateless.
    package init() {}

    /// Compares, prints the summary, writes `--markdown`, `--json` and `--report`; 1 when a change fails the run.
    package func run(_ request: SpecDiffRequest) throws -> Int32 {
        let run = try SpecDiffRun.make(request)
        run.notices.forEach { print("note: \($0)") }
        print(SpecDiffOutput.summary(run), terminator: "")
        do {
            if let path = request.markdown {
                try AtomicFile.write(Data(SpecDiffOutput.markdown(run).utf8), to: URL(fileURLWithPath: path))
            }
            if let path = request.json {
                try AtomicFile.write(SpecDiffOutput.json(run), to: URL(fileURLWithPath: path))
            }
        } catch {
            throw DocumentLoadError("cannot write an output file: \(DocumentFile.oneLine(error))")
        }
        if let path = request.report {
            do {
                // A bare root, as `run` writes by default: every public JUnit schema takes it.
                try writeReport(SpecDiffOutput.junit(run), to: path, options: ReportWriterOptions(rootAttributes: .none))
            } catch {
                throw DocumentLoadError("--report \(path): cannot write it (\(DocumentFile.oneLine(error)))")
            }
        }
        return run.failing.isEmpty ? 0 : 1
    }
}
