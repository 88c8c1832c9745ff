import Foundation
import FixtureFormat
import FoursquarePlaces
import HarnessCore

/// Synthetic fixtures written from a contract's document, so that every documented member, status and header form
/// is exercised by some case (`ContractCoverage`). For each documented operation with a fixture to take the
/// request from:
/// - two answers holding every documented member the client reads (departures left out), with values distinct
///   across the members of each object, so a member read from another's key, or two swapped, goes red; the two
///   answers flip the booleans, so two flags swapped show in one of them;
/// - `Retry-After` in both RFC 9110 forms on 429 and on 503, and a status no document lists (409), which must map
///   to `unexpectedStatus`;
/// - each documented or mission status no other fixture of the operation answers with;
/// - for an operation the API pages, a 200 whose `Link` names the next page, when no other answer of it does.
/// Every error body carries `message` and `error_detail`, each distinct, and both must reach `FoursquareError`.
package enum FixtureSynthesis {
    /// The status no document lists that every operation is tried with.
    package static let undocumentedStatus = 409
    /// The file name prefix of every synthetic fixture: `synthesize` owns these files and rewrites them.
    package static let prefix = "synthetic-"
    /// An HTTP-date far enough ahead that a replay always sees a delay, and one in the past (no delay).
    static let laterDate = "Fri, 31 Dec 2100 23:59:59 GMT"

    /// One file to write, relative to the fixtures folder.
    package struct File: Sendable, Equatable {
        package let path: String
        package let contents: String
    }

    /// A problem that leaves an operation without synthetic fixtures, one line naming what to do.
    package struct Skipped: Sendable, Equatable, CustomStringConvertible {
        package let operation: String
        package let reason: String
        package var description: String { "\(operation): \(reason)" }
    }

    /// Whether the documents describe `contract`, so that its synthetic fixtures are this module's to write.
    package static func describes(_ contract: ContractID) -> Bool {
        DocumentedOperation.all.contains { $0.contract == contract.rawValue }
    }

    /// The synthetic fixtures of every documented operation of `contracts` (nil: every contract with fixtures in the
    /// folder). `fixtures` are the folder's fixtures as loaded; synthetic ones are ignored as templates and gaps.
    package static func files(fixtures: [Fixture], root: URL, contracts: Set<ContractID>?) -> (files: [File], skipped: [Skipped]) {
        let authored = fixtures.filter { !$0.isSynthesized && !($0.relativePath as NSString).lastPathComponent.hasPrefix(prefix) }
        let present = Set(authored.map(\.contract))
        var files: [File] = []
        var skipped: [Skipped] = []
        for operation in DocumentedOperation.all {
            let contract = ContractID(operation.contract)
            guard contracts?.contains(contract) ?? present.contains(contract) else { continue }
            let own = authored.filter { $0.contract == contract && $0.endpoint.rawValue == operation.endpoint }
            guard let template = own.first(where: { (200...299).contains($0.response.status) && $0.expectedError == nil })
                    ?? own.first(where: { $0.expectedError != .invalidInput }) else {
                skipped.append(Skipped(operation: "\(contract) \(operation.endpoint)",
                                       reason: "no fixture to take the request from; record or write one first"))
                continue
            }
            guard let raw = try? Data(contentsOf: root.appendingPathComponent(template.relativePath)),
                  let object = try? JSONSerialization.jsonObject(with: raw) as? [String: Any],
                  let request = object["request"] else {
                skipped.append(Skipped(operation: "\(contract) \(operation.endpoint)",
                                       reason: "\(template.relativePath) cannot be read again as JSON"))
                continue
            }
            let folder = (template.relativePath as NSString).deletingLastPathComponent
            let covered = Set(own.filter { $0.expectedError != .invalidInput }.map(\.response.status))
            files += filesFor(operation, request: request, folder: folder, covered: covered)
            // A paged operation none of whose answers links a next page (the one that did was left out when a new
            // version's document contradicted it): a synthetic answer does.
            let linksNext = own.contains { fixture in
                (200...299).contains(fixture.response.status)
                    && fixture.response.headers.contains { $0.key.lowercased() == "link" && $0.value.lowercased().contains("rel=\"next\"") }
            }
            if PagedOperation.pages(contract: operation.contract, endpoint: operation.endpoint), !linksNext,
               let page = nextPageFile(operation, request: request, folder: folder) {
                files.append(page)
            }
        }
        return (files, skipped)
    }

    /// A 200 whose `Link` names the next page: the request's own path and query with a `cursor` added, on the base URL
    /// the contract's documents give. Nil when the documents give none or the request has no path.
    static func nextPageFile(_ operation: DocumentedOperation, request: Any, folder: String) -> File? {
        guard let request = request as? [String: Any], let path = request["path"] as? String,
              let base = DocumentedFacts.servers(ContractID(operation.contract)).first else { return nil }
        var query = (request["query"] as? [String: Any] ?? [:]).mapValues { "\($0)" }
        query["cursor"] = "synthetic-next-page"
        var components = URLComponents()
        components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        let target = base.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + path + "?" + (components.percentEncodedQuery ?? "")
        var values = Values(variant: 3)
        let body = values.node(ValueConformance.MemberTree.of(operation), path: "$", operation: operation) ?? [String: Any]()
        return file(operation, name: "200-next-page", folder: folder, request: request,
                    description: "A page whose Link names the next one (rel=\"next\"), written from \(operation.source)",
                    status: 200, headers: ["link": "<\(target)>; rel=\"next\""], body: body, expect: nil)
    }

    /// One synthetic fixture: the template's request, a JSON answer, and the record of where it came from.
    static func file(_ operation: DocumentedOperation, name: String, folder: String, request: Any, description: String,
                     status: Int, headers: [String: String], body: Any, expect: [String: Any]?) -> File {
        var fixture: [String: Any] = [
            "endpoint": operation.endpoint,
            "description": description,
            "request": request,
            "response": ["status": status, "headers": headers.merging(["content-type": "application/json"]) { a, _ in a }, "body": body],
            "recorded": ["source": Fixture.synthesizedSource, "values": "synthetic",
                         "tool_version": "fsq-contract fixtures synthesize, from \(operation.source)"],
        ]
        if operation.contract != "seed" { fixture["contract"] = operation.contract }
        if let expect { fixture["expect"] = expect }
        return File(path: (folder as NSString).appendingPathComponent("\(prefix)\(name).json"), contents: render(fixture))
    }

    static func filesFor(_ operation: DocumentedOperation, request: Any, folder: String, covered: Set<Int>) -> [File] {
        var files: [File] = []
        func add(_ name: String, description: String, status: Int, headers: [String: String], body: Any, expect: [String: Any]?) {
            files.append(file(operation, name: name, folder: folder, request: request, description: description,
                              status: status, headers: headers, body: body, expect: expect))
        }
        let tree = ValueConformance.MemberTree.of(operation)
        for variant in 0..<2 {
            var values = Values(variant: variant)
            let body = values.node(tree, path: "$", operation: operation) ?? [String: Any]()
            add("200-every-member-\(variant == 0 ? "a" : "b")",
                description: "Every documented member of the answer with a value distinct from its neighbours' (booleans "
                    + (variant == 0 ? "alternating" : "flipped") + "), written from \(operation.source)",
                status: 200, headers: [:], body: body, expect: nil)
        }
        var errors = Values(variant: 2)
        let required = Set(operation.statuses + ContractCoverage.missionStatuses).filter { !(200...299).contains($0) }
        for status in required.sorted() where !covered.contains(status) || status == 429 || status == 503 {
            var headers: [String: String] = [:]
            var expect: [String: Any] = ["error": errorCode(status).rawValue]
            if status == 429 || status == 503 {
                let seconds = 30 + status % 7
                headers["retry-after"] = String(seconds)
                expect["retry_after"] = seconds
            }
            add("\(status)\(status == 429 || status == 503 ? "-retry-after-seconds" : "")",
                description: "HTTP \(status) with both error body members\(headers.isEmpty ? "" : " and Retry-After in seconds")",
                status: status, headers: headers, body: errors.errorBody(status), expect: expect)
        }
        for status in [429, 503] {
            add("\(status)-retry-after-date", description: "HTTP \(status) with Retry-After as an HTTP-date (RFC 9110 §10.2.3)",
                status: status, headers: ["retry-after": laterDate], body: errors.errorBody(status),
                expect: ["error": errorCode(status).rawValue])
        }
        add("\(undocumentedStatus)-undocumented", description: "HTTP \(undocumentedStatus), a status no document lists: unexpectedStatus",
            status: undocumentedStatus, headers: [:], body: errors.errorBody(undocumentedStatus),
            expect: ["error": errorCode(undocumentedStatus).rawValue])
        return files
    }

    /// The members of a synthetic fixture's answer that `operation`'s document does not have: a synthetic file is the
    /// document's, so one is a hand edit or an older document's, and the file must be written again.
    static func undocumented(body: Data, operation: DocumentedOperation) -> [String] {
        guard let root = JSONValue.parse(body) else { return [] }
        var found: [String] = []
        AnswerMembers.walk(root) { member, _ in
            guard operation.members.contains(member) else {
                found.append(member)
                return false
            }
            // A free-form map's entries are named by the API, not the document.
            return operation.kinds[member] != "object map"
        }
        return found
    }

    /// The typed error a status maps to, by the mission's table: 400/401/403/404/429, 5xx, anything else unexpected.
    static func errorCode(_ status: Int) -> FoursquareError.Code {
        switch status {
        case 400: return .badRequest
        case 401: return .unauthorized
        case 403: return .forbidden
        case 404: return .notFound
        case 429: return .rateLimited
        case 500...599: return .serverError
        default: return .unexpectedStatus
        }
    }

    /// Pretty, sorted JSON with a final newline, as the shipped fixtures are written.
    static func render(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        // Foundation writes `"key" : value`; the shipped fixtures (and the tools that rewrite them, new-contract.sh
        // among them) write `"key": value`. No synthetic value holds `" : `.
        return (String(data: data, encoding: .utf8) ?? "{}").replacingOccurrences(of: "\" : ", with: "\": ") + "\n"
    }

    /// Values written from the member kinds, each string and number distinct across the whole answer.
    struct Values {
        let variant: Int
        var counter = 0

        init(variant: Int) { self.variant = variant }

        mutating func next() -> Int {
            counter += 1
            return counter + variant * 1000
        }

        mutating func errorBody(_ status: Int) -> [String: Any] {
            let n = next()
            return ["message": "Synthetic message \(n) for HTTP \(status)", "error_detail": "Synthetic detail \(n) for HTTP \(status)"]
        }

        /// The value at `path`: an object of its members, an array of one element, or a scalar of its kind; nil when
        /// the document gives no form to write (an object whose members it never lists, a value of any type).
        mutating func node(_ node: ValueConformance.MemberTree, path: String, operation: DocumentedOperation) -> Any? {
            let kind = operation.kinds[path] ?? (node.elements != nil ? "array" : node.members.isEmpty ? (path == "$" ? "object" : "any") : "object")
            if kind.hasPrefix("array") || (path == "$" && node.elements != nil) {
                if let elements = node.elements {
                    return self.node(elements, path: path + "[*]", operation: operation).map { [$0] }
                }
                guard kind.hasPrefix("array of ") else { return nil }
                return [scalar(String(kind.dropFirst("array of ".count)), name: name(of: path), flag: 0)]
            }
            if kind == "any" || (kind.hasPrefix("object") && node.members.isEmpty) { return loose(kind, path: path, operation: operation) }
            if !node.members.isEmpty || kind.hasPrefix("object") {
                var object: [String: Any] = [:]
                var flags = 0
                for key in node.members.keys.sorted() {
                    let child = path + (path.hasSuffix("]") || path == "$" ? "." : ".") + key
                    let member = node.members[key]!
                    if member.members.isEmpty, member.elements == nil, let childKind = operation.kinds[child],
                       childKind.hasPrefix("boolean") || (childKind == "any" && LooseMember.expected(
                           member: key, parent: name(of: path), contract: operation.contract)?.names.contains("boolean") == true) {
                        object[key] = scalar("boolean", name: key, flag: flags)
                        flags += 1
                    } else if Redactor.secretFields.contains(key) {
                        object[key] = Redactor.marker
                    } else {
                        object[key] = self.node(member, path: child, operation: operation)
                    }
                }
                return object
            }
            return scalar(kind, name: name(of: path), flag: 0)
        }

        /// A value for a member the document leaves untyped (`{}`) or whose members it never lists. Where `{}` cuts a
        /// recursion (a tip's photo's `tip.photo`), the scalars of a member of the same name the document does
        /// describe, the nearest enclosing one first, as the API repeats the schema there; a free-form map is empty;
        /// any other untyped member a distinct string. An object whose members the document never lists is
        /// left out, as before. The client holds such a member as its model or as `RawJSON`.
        mutating func loose(_ kind: String, path: String, operation: DocumentedOperation) -> Any? {
            let name = name(of: path)
            // The member's form: where this operation describes a member of the same name, the nearest enclosing one
            // first; else where another operation of the contract does.
            let here = ValueConformance.MemberTree.of(operation)
            let described = Self.described(name, in: here, operation: operation, except: path)
            let form = described.filter { path.hasPrefix($0) }.max { $0.count < $1.count } ?? described.min { $0.count < $1.count }
            let elsewhere = form == nil && DocumentedOperation.all.contains { other in
                other.contract == operation.contract && other.endpoint != operation.endpoint
                    && !Self.described(name, in: ValueConformance.MemberTree.of(other), operation: other, except: "").isEmpty
            }
            if let form {
                var object: [String: Any] = [:]
                // Only members the document lists here too.
                for (key, member) in here.node(at: form)!.members.sorted(by: { $0.key < $1.key })
                where member.members.isEmpty && member.elements == nil && operation.members.contains(path + "." + key) {
                    guard let childKind = operation.kinds[form + "." + key], childKind != "any", !childKind.hasPrefix("array"),
                          !childKind.hasPrefix("object") else { continue }
                    object[key] = scalar(childKind, name: key, flag: 0)
                }
                return object
            }
            if elsewhere { return [String: Any]() }
            switch kind {
            case "object map": return [String: Any]()  // its entries' names and forms are the API's
            case "any": return "\(name) \(next())"
            default: return nil
            }
        }

        /// The paths of `tree` that describe an object member called `name` with members of its own.
        static func described(_ name: String, in tree: ValueConformance.MemberTree, operation: DocumentedOperation, except: String) -> [String] {
            tree.paths.filter { candidate in
                candidate != except && !candidate.hasSuffix("]") && candidate.split(separator: ".").last.map(String.init) == name
                    && operation.kinds[candidate] == "object" && tree.node(at: candidate)?.members.isEmpty == false
            }
        }

        func name(of path: String) -> String {
            String(path.split(separator: ".").last ?? "value").replacingOccurrences(of: "[*]", with: "")
        }

        /// A scalar of `kind` (`string`, `integer`, `number`, `boolean`, with ` enum a|b` or a format).
        mutating func scalar(_ kind: String, name: String, flag: Int) -> Any {
            let parts = kind.split(separator: " ", maxSplits: 2).map(String.init)
            let type = parts.first ?? "string"
            if parts.count == 3, parts[1] == "enum" {
                let options = parts[2].split(separator: "|").map(String.init)
                let pick = options[(next() + flag) % max(1, options.count)]
                switch type {
                case "integer": return Int(pick) ?? 0
                case "number": return Double(pick) ?? 0
                case "boolean": return pick == "true"
                default: return pick
                }
            }
            let format = parts.count > 1 ? parts[1] : ""
            switch type {
            case "boolean":
                // Alternating in one answer, shifted in the other: any two flags differ in at least one of them.
                return variant == 0 ? flag % 2 == 0 : (flag / 2) % 2 == 0
            case "integer": return 100 + next()
            case "number": return Double(next()) + 0.25
            default:
                let n = next()
                switch format {
                case "date-time": return String(format: "2024-%02d-%02dT%02d:%02d:00.000Z", 1 + n % 12, 1 + n % 28, n % 24, n % 60)
                case "date": return String(format: "2024-%02d-%02d", 1 + n % 12, 1 + n % 28)
                case "uri", "url": return "https://example.com/\(name)/\(n)"
                default:
                    // An id reads as one (24 hex digits, as Foursquare's place ids), so tools that keep ids keep it.
                    if name == "id" || name.hasSuffix("_id") { return String(format: "5a%022llx", UInt64(n) &* 0x9E37_79B9) }
                    return "\(name) \(n)"
                }
            }
        }
    }
}
