/// Deterministic pseudo-random numbers (SplitMix64) for fuzz rounds and generated texts, so a
/// failing input is made again from its seed.
public struct SplitMix: Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 to `bound` - 1 (0 when `bound` is under 1).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
