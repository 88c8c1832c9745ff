import FixtureFormat
import Foundation
import FoursquarePlaces
import HarnessCore
import HarnessLive
import HarnessDrift
import HarnessReplay

/// Replaces the place data in a 2xx answer with synthetic values of the same JSON type and form, keeping ids,
/// closed sets, meaningful numbers and the structure (array lengths, absent fields, nulls) as recorded.
///
/// Deterministic: each value's generator is seeded by the id of the nearest object that has one (else the
/// request's path and query) and the field's path below it, never by the value, so the same answer recorded twice
/// gives the same file and a re-recording changes only what moved. Error bodies are the API's own words and are
/// kept. See the guide's "What recording keeps" for the list and the reasons.
package struct Synthesis: Sendable {
    /// Strings kept wherever they appear, also inside a longer string (a link holding a place id): the ids the
    /// request names (its path segments and id parameters) and those the answer holds under an id field.
    let protected: [String]
    let requestSeed: String

    /// A synthesis for answers to `request`.
    package init(request: RecordedRequest) {
        var named: Set<String> = []
        for segment in request.path.split(separator: "/") {
            let decoded = String(segment).removingPercentEncoding ?? String(segment)
            if decoded.count >= 6 { named.insert(decoded) }
        }
        for (name, value) in request.query where SynthesisFields.ids.contains(name) || name.hasSuffix("_id") || name.hasSuffix("_ids") {
            for part in value.split(separator: ",") where !part.isEmpty { named.insert(String(part)) }
        }
        protected = named.sorted { ($0.count, $0) > ($1.count, $1) }
        requestSeed = request.method + " " + request.path + "?" + request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }

    /// The body's bytes with every place-data value replaced; the bytes as they were when the body is not JSON.
    package func body(_ data: Data) -> Data {
        synthesized(data) ?? data
    }

    /// The body's bytes with every place-data value replaced; nil when the body is not JSON, so nothing was.
    package func synthesized(_ data: Data) -> Data? {
        guard let value = try? JSONSpan.parse(data) else { return nil }
        return synthesize(value).jsonData
    }

    /// The JSON tree with every place-data value replaced.
    func synthesize(_ value: JSONValue) -> JSONValue {
        // The redactor's marker stays readable wherever it replaced the key.
        var ids = Set(protected + [Redactor.marker])
        Self.collectIDs(value, into: &ids)
        let walker = Walker(protected: ids.sorted { ($0.count, $0) > ($1.count, $1) })
        return walker.walk(value, field: nil, owner: requestSeed, path: "$")
    }

    static func collectIDs(_ value: JSONValue, into ids: inout Set<String>) {
        switch value {
        case let .object(members):
            for member in members {
                if SynthesisFields.ids.contains(member.key) {
                    switch member.value {
                    case let .string(id) where id.count >= 4: ids.insert(id)
                    case let .array(elements):
                        for case let .string(id) in elements where id.count >= 4 { ids.insert(id) }
                    default: collectIDs(member.value, into: &ids)
                    }
                } else {
                    collectIDs(member.value, into: &ids)
                }
            }
        case let .array(elements): elements.forEach { collectIDs($0, into: &ids) }
        default: break
        }
    }

    struct Walker {
        let protected: [String]

        func walk(_ value: JSONValue, field: String?, owner: String, path: String) -> JSONValue {
            if let field, SynthesisFields.keptReason(field) != nil { return value }
            switch value {
            case let .object(members):
                // The object's own id seeds everything below it, chosen by name, never by member order (a server
                // may send the members in any order).
                var owner = owner, base = path
                for name in SynthesisFields.ownIDs {
                    if case let .string(id)? = members.first(where: { $0.key == name })?.value { owner = id; base = "$"; break }
                }
                return .object(members.map { member in
                    (key: member.key, value: walk(member.value, field: member.key, owner: owner, path: base + "." + member.key))
                })
            case let .array(elements):
                return .array(elements.enumerated().map { index, element in
                    walk(element, field: field, owner: owner, path: path + "[\(index)]")
                })
            case let .string(text):
                var rng = SplitMix64(seed: Self.seed(owner + "|" + path))
                return .string(protecting(text, rng: &rng))
            case let .number(text):
                guard let field, let range = SynthesisFields.placeNumbers[field] else { return value }
                var rng = SplitMix64(seed: Self.seed(owner + "|" + path))
                return .number(SynthesisText.number(text, field: field, range: range, rng: &rng))
            case .bool, .null, .captured:
                return value
            }
        }

        /// `text` synthesized, with every protected id inside it kept as it is.
        func protecting(_ text: String, rng: inout SplitMix64) -> String {
            guard let id = protected.first(where: { text.contains($0) }) else { return SynthesisText.string(text, rng: &rng) }
            if text == id { return text }
            let pieces = text.components(separatedBy: id)
            return pieces.map { $0.isEmpty ? $0 : protecting($0, rng: &rng) }.joined(separator: id)
        }

        /// FNV-1a over the UTF-8 bytes: stable across runs and platforms, unlike `Hasher`.
        static func seed(_ text: String) -> UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
            return hash
        }
    }
}

extension Synthesis {
    /// `fixture` with its 2xx JSON body synthesized and `recorded.values` set to `synthetic`; fails, naming the file,
    /// when a 2xx body cannot be synthesized (not JSON) or when the synthetic body would be rejected (naming the JSON
    /// path) by a model that accepts the recorded one. Error bodies and empty bodies hold no place data: kept as is.
    package static func apply(to fixture: Fixture) -> Result<Fixture, RecordError> {
        var result = fixture
        guard (200...299).contains(fixture.response.status) else {
            result.recorded.values = .synthetic
            return .success(result)
        }
        let data: Data
        switch fixture.response.body {
        case .empty:
            result.recorded.values = .synthetic
            return .success(result)
        case let .json(bytes): data = bytes
        // Labelling the server's bytes synthetic would let them pass the audit: refuse instead.
        case .raw: return .failure(unsynthesizable(fixture, "is not JSON (body_base64)"))
        }
        guard let synthetic = Synthesis(request: fixture.request).synthesized(data) else {
            return .failure(unsynthesizable(fixture, "does not parse as JSON"))
        }
        if ModelReads.decodeFailure(endpoint: fixture.endpoint, contract: fixture.contract, body: data) == nil,
           let failure = ModelReads.decodeFailure(endpoint: fixture.endpoint, contract: fixture.contract, body: synthetic) {
            return .failure(RecordError(file: fixture.relativePath,
                                        reason: "not written: the synthetic body would not decode at \(failure.path) (a synthesis bug; record with --keep-values to keep the answer as it is)"))
        }
        result.response.body = .json(synthetic)
        result.recorded.values = .synthetic
        return .success(result)
    }

    static func unsynthesizable(_ fixture: Fixture, _ problem: String) -> RecordError {
        RecordError(file: fixture.relativePath,
                    reason: "not written: the HTTP \(fixture.response.status) body \(problem), so its place data cannot be replaced by synthetic values (record with --keep-values to keep the answer as it is)")
    }
}
