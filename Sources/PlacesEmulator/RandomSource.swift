import HarnessCore
import NIOConcurrencyHelpers

/// SplitMix64 behind a lock, shared by every request: the fault draws depend only on the seed and the request
/// order.
final class RandomSource: Sendable {
    private let state: NIOLockedValueBox<UInt64>

    init(seed: UInt64) { state = NIOLockedValueBox(seed) }

    /// `count` doubles in 0..<1, drawn together so concurrent requests never interleave their draws.
    func nextDoubles(_ count: Int) -> [Double] {
        state.withLockedValue { state in
            (0..<count).map { _ in Double(Self.next(&state) >> 11) * 0x1.0p-53 }
        }
    }

    private static func next(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
