import Foundation

/// The X selections the clipboard works with (ICCCM §2.6.1): CLIPBOARD is what Ctrl+C / Ctrl+V use,
/// PRIMARY is the text last selected with the mouse (pasted with the middle button).
public enum SelectionName: String, Sendable, CaseIterable {
    case clipboard = "CLIPBOARD"
    case primary = "PRIMARY"

    /// How a message to the user names it.
    var spokenName: String {
        switch self {
        case .clipboard: "the clipboard"
        case .primary: "the primary selection"
        }
    }
}

/// An encoded image as the clipboard owner offered it (PNG, JPEG, ...): decoding is the caller's job.
public struct ClipboardImage: Sendable, Hashable {
    public var data: Data
    /// The target it was read as, e.g. `image/png`.
    public var mimeType: String

    public init(data: Data, mimeType: String) {
        self.data = data
        self.mimeType = mimeType
    }
}

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
