import Foundation

/// How every display server's clipboard read chooses an image type and words its messages
/// (X11Kit's `ClipboardReader`, WaylandKit's `WaylandClipboardReader`): a user reads the same
/// sentence whichever server holds the clipboard.
public enum ClipboardWording {
    /// Image types in the order they are preferred; any other `image/*` comes after these.
    public static let preferredImageTypes = ["image/png", "image/jpeg", "image/bmp", "image/tiff",
                                             "image/x-portable-anymap", "image/x-portable-pixmap", "image/gif", "image/webp"]

    /// The offered type to read an image as, nil when none is an image.
    public static func bestImageType(in types: [String]) -> String? {
        let lowered = types.map { $0.lowercased() }
        for wanted in preferredImageTypes {
            if let index = lowered.firstIndex(of: wanted) { return types[index] }
        }
        return types.first { $0.lowercased().hasPrefix("image/") }
    }

    /// A few of the offered types for a message, without the X11 meta targets every X owner (and
    /// an owner bridged from X, through Xwayland) lists.
    public static func summary(of types: [String]) -> String {
        let meta: Set<String> = ["TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS", "DELETE", "INSERT_SELECTION", "INSERT_PROPERTY"]
        let shown = types.filter { !meta.contains($0) }
        if shown.isEmpty { return "nothing but \(types.isEmpty ? "no formats" : types.joined(separator: ", "))" }
        return shown.prefix(6).joined(separator: ", ") + (shown.count > 6 ? ", …" : "")
    }

    /// "12 bytes", "1.5 KB", "2.0 MB".
    public static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20 { return String(format: "%.1f MB", Double(bytes) / Double(1 << 20)) }
        if bytes >= 1 << 10 { return String(format: "%.1f KB", Double(bytes) / Double(1 << 10)) }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }
}
