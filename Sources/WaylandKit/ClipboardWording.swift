import Foundation

/// How the clipboard's messages and choices are worded, kept the same as X11Kit's clipboard
/// (`ClipboardReader`): a user reads the same sentence whichever display server copied. One
/// adapter may not import another, so the few lines are repeated here; change both together.
enum ClipboardWording {
    /// Image types in the order we prefer them; any other `image/*` comes after these.
    static let preferredImageTypes = ["image/png", "image/jpeg", "image/bmp", "image/tiff",
                                      "image/x-portable-anymap", "image/x-portable-pixmap", "image/gif", "image/webp"]

    /// The offered type to read an image as, nil when none is an image.
    static func bestImageType(in types: [String]) -> String? {
        let lowered = types.map { $0.lowercased() }
        for wanted in preferredImageTypes {
            if let index = lowered.firstIndex(of: wanted) { return types[index] }
        }
        return types.first { $0.lowercased().hasPrefix("image/") }
    }

    /// A few of the offered types for a message, without the X11 meta targets an owner bridged
    /// from X (Xwayland) may still list.
    static func summary(of types: [String]) -> String {
        let meta: Set<String> = ["TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS", "DELETE", "INSERT_SELECTION", "INSERT_PROPERTY"]
        let shown = types.filter { !meta.contains($0) }
        if shown.isEmpty { return "nothing but \(types.isEmpty ? "no formats" : types.joined(separator: ", "))" }
        return shown.prefix(6).joined(separator: ", ") + (shown.count > 6 ? ", …" : "")
    }

    /// "12 bytes", "1.5 KB", "2.0 MB".
    static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20 { return String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10 { return String(format: "%.1f KB", Double(bytes) / Double(1 << 10)) }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// "3 s", "1.5 s", "250 ms": how a message says how long we waited.
    static func spoken(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        if value < 1 { return "\(Int((value * 1000).rounded())) ms" }
        if abs(value - value.rounded()) < 0.05 { return "\(Int(value.rounded())) s" }
        return String(format: "%.1f s", value)
    }
}
