import Foundation

extension Duration {
    /// The duration in seconds, for date arithmetic and messages.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// "3 s", "1.5 s", "250 ms": how a message says how long we waited.
    public var spoken: String {
        let value = seconds
        if value < 1 { return "\(Int((value * 1000).rounded())) ms" }
        if abs(value - value.rounded()) < 0.05 { return "\(Int(value.rounded())) s" }
        return String(format: "%.1f s", value)
    }

    /// Whole milliseconds for `poll`'s timeout: at least 1 (0 would not wait), at most Int32's.
    public var pollMilliseconds: Int32 {
        Int32(clamping: max(1, components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000))
    }
}
