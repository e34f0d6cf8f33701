import Foundation

extension Duration {
    /// The duration in seconds, for poll() arithmetic and messages.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// "3 s", "1.5 s", "250 ms": how a message says how long we waited.
    var spoken: String {
        let value = seconds
        if value < 1 { return "\(Int((value * 1000).rounded())) ms" }
        if abs(value - value.rounded()) < 0.05 { return "\(Int(value.rounded())) s" }
        return String(format: "%.1f s", value)
    }
}

/// A window or other XID as messages and `xwininfo -id` write it.
func hexID(_ id: UInt) -> String { "0x" + String(id, radix: 16) }
