import Foundation

/// The selections the clipboard works with (X11: ICCCM §2.6.1; Wayland: the selection and the
/// primary selection): CLIPBOARD is what Ctrl+C / Ctrl+V use, PRIMARY is the text last selected
/// with the mouse (pasted with the middle button).
public enum SelectionName: String, Sendable, CaseIterable {
    case clipboard = "CLIPBOARD"
    case primary = "PRIMARY"

    /// How a message to the user names it.
    public var spokenName: String {
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
