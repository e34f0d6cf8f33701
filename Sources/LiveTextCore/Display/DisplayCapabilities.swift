/// What a display server lets livetext do: asked before a request starts, so a caller is told
/// "typing is not available on this desktop" at once instead of waiting for a hang.
public struct DisplayCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Read the pixels of the screen, a monitor or a region.
    public static let captureScreen = DisplayCapabilities(rawValue: 1 << 0)
    /// Read a window by its id.
    public static let captureWindow = DisplayCapabilities(rawValue: 1 << 1)
    /// Let the user drag a rectangle over the frozen screen.
    public static let selectRegion = DisplayCapabilities(rawValue: 1 << 2)
    /// Let the user click a window.
    public static let pickWindow = DisplayCapabilities(rawValue: 1 << 3)
    /// Read an image from the clipboard.
    public static let readClipboard = DisplayCapabilities(rawValue: 1 << 4)
    /// Own the clipboard's text.
    public static let copy = DisplayCapabilities(rawValue: 1 << 5)
    /// Own the primary selection's text.
    public static let copyPrimary = DisplayCapabilities(rawValue: 1 << 6)
    /// Type text into the focused window.
    public static let type = DisplayCapabilities(rawValue: 1 << 7)
    /// Hear global hotkeys.
    public static let hotkeys = DisplayCapabilities(rawValue: 1 << 8)
    /// Show the live surface over the frozen screen.
    public static let liveSurface = DisplayCapabilities(rawValue: 1 << 9)
    /// Show an image in a window of its own (`livetext view`).
    public static let viewWindow = DisplayCapabilities(rawValue: 1 << 10)

    /// How a message names what is missing: "typing", "the clipboard read".
    public var spokenName: String {
        let names: [(DisplayCapabilities, String)] = [
            (.captureScreen, "reading the screen"), (.captureWindow, "capturing a window by its id"),
            (.selectRegion, "dragging a region"), (.pickWindow, "picking a window"),
            (.readClipboard, "reading the clipboard"), (.copy, "copying to the clipboard"),
            (.copyPrimary, "copying to the primary selection"), (.type, "typing"), (.hotkeys, "global hotkeys"),
            (.liveSurface, "live text on the screen"), (.viewWindow, "the image viewer's window"),
        ]
        let said = names.filter { contains($0.0) }.map(\.1)
        return said.isEmpty ? "nothing" : said.joined(separator: ", ")
    }
}
