import Foundation
import FoursquarePlaces
import HarnessCore

/// The value check's memory within one run: how often each answer shape of each operation and model type passed.
///
/// A model that reads a member from the wrong key, or not at all, does so for every answer of the same shape (the
/// same members, with values of the same JSON types; arrays by the shapes of their elements, not their length). Once
/// a shape has passed `checksPerShape` times, later answers of that shape are decoded and counted but their values
/// not compared again, and the run says how many. The expectation still comes from the answer and the document on
/// every answer that is compared; what this saves is comparing the same mapping ten thousand times.
package final class AnswerShapes: Sendable {
    /// How many answers of one shape are compared in full before the rest are only counted.
    package static let checksPerShape = 16

    struct Key: Hashable {
        let operation: ObjectIdentifier
        let model: ObjectIdentifier
        let shape: UInt64
    }

    struct Entry {
        var passes = 0
        var exercised: [Int] = []
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var notCompared = 0
    }

    private let state = Locked(State())

    package init() {}

    /// Answers whose values were not compared again, their shape having passed `checksPerShape` times.
    package var notCompared: Int { state.withLock { $0.notCompared } }

    /// The members exercised by an answer of a shape that has passed often enough; nil when it must be compared.
    func known(_ key: Key) -> [Int]? {
        state.withLock { state in
            guard let entry = state.entries[key], entry.passes >= Self.checksPerShape else { return nil }
            state.notCompared += 1
            return entry.exercised
        }
    }

    /// Notes that an answer of `key`'s shape passed, with the members it exercised.
    func passed(_ key: Key, exercised: [Int]) {
        state.withLock { state in
            state.entries[key, default: Entry()].passes += 1
            state.entries[key]?.exercised = exercised
        }
    }

    /// The line a run prints when some answers were not compared again; nil when every answer was.
    package var line: String? {
        let count = notCompared
        guard count > 0 else { return nil }
        return "values: \(count) answer(s) had a shape whose values had passed \(Self.checksPerShape) times; "
            + "they were decoded, not compared again"
    }
}

/// The shape of a JSON answer as one number, read from its bytes without building it: each object's member names
/// with the shapes of their values (in any order), each array as the set of its elements' shapes, each scalar as its
/// JSON type. Two answers that differ only in values, member order or array lengths have the same shape.
enum AnswerShape {
    /// The shape of `data`, or nil when it is not JSON this reader follows (the check then runs as usual).
    static func of(_ data: Data) -> UInt64? {
        data.withUnsafeBytes { raw -> UInt64? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var reader = Reader(bytes: base, end: raw.count)
            guard let shape = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.index == reader.end ? shape : nil
        }
    }

    private struct Reader {
        let bytes: UnsafePointer<UInt8>
        let end: Int
        var index = 0

        init(bytes: UnsafePointer<UInt8>, end: Int) {
            self.bytes = bytes
            self.end = end
        }

        static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
            var x = a &+ 0x9E37_79B9_7F4A_7C15 &+ (b &* 0xBF58_476D_1CE4_E5B9)
            x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
            x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
            return x ^ (x >> 31)
        }

        mutating func skipSpace() {
            while index < end, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        }

        /// A string's bytes hashed (keys), or skipped (values); the index ends after its closing quote.
        mutating func string(hashing: Bool) -> UInt64? {
            guard index < end, bytes[index] == 0x22 else { return nil }
            index += 1
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            while index < end {
                let byte = bytes[index]
                if byte == 0x22 { index += 1; return hash }
                if byte == 0x5C { index += 1 }
                if hashing, index < end { hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01B3 }
                index += 1
            }
            return nil
        }

        mutating func value(depth: Int) -> UInt64? {
            guard depth < 64 else { return nil }
            skipSpace()
            guard index < end else { return nil }
            switch bytes[index] {
            case 0x7B:  // {
                index += 1
                var sum: UInt64 = 0
                skipSpace()
                if index < end, bytes[index] == 0x7D { index += 1; return Self.mix(1, 0) }
                while true {
                    skipSpace()
                    guard let key = string(hashing: true) else { return nil }
                    skipSpace()
                    guard index < end, bytes[index] == 0x3A else { return nil }
                    index += 1
                    guard let member = value(depth: depth + 1) else { return nil }
                    sum = sum &+ Self.mix(key, member)
                    skipSpace()
                    guard index < end else { return nil }
                    if bytes[index] == 0x2C { index += 1; continue }
                    if bytes[index] == 0x7D { index += 1; return Self.mix(1, sum) }
                    return nil
                }
            case 0x5B:  // [
                index += 1
                var elements: [UInt64] = []
                skipSpace()
                if index < end, bytes[index] == 0x5D { index += 1; return Self.mix(2, 0) }
                while true {
                    guard let element = value(depth: depth + 1) else { return nil }
                    if !elements.contains(element) { elements.append(element) }
                    skipSpace()
                    guard index < end else { return nil }
                    if bytes[index] == 0x2C { index += 1; continue }
                    if bytes[index] == 0x5D {
                        index += 1
                        return Self.mix(2, elements.reduce(0) { $0 &+ Self.mix(3, $1) })
                    }
                    return nil
                }
            case 0x22:
                return string(hashing: false).map { _ in 4 }
            case 0x74, 0x66:  // true, false
                while index < end, bytes[index] >= 0x61, bytes[index] <= 0x7A { index += 1 }
                return 5
            case 0x6E:  // null
                index += 4
                return index <= end ? 6 : nil
            default:
                let start = index
                while index < end, (bytes[index] >= 0x30 && bytes[index] <= 0x39) || bytes[index] == 0x2D || bytes[index] == 0x2B
                        || bytes[index] == 0x2E || bytes[index] == 0x65 || bytes[index] == 0x45 { index += 1 }
                return index > start ? 7 : nil
            }
        }
    }
}
