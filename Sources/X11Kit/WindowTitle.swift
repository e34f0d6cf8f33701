import CX11
import Foundation

/// A window's title, for the label shown while picking a window.
enum WindowTitle {
    /// `_NET_WM_NAME` (UTF-8) or `WM_NAME` (Latin-1 or UTF-8) of `window`, or, for a window
    /// manager's frame that has none, of its first child that has one. Nil when none is found or
    /// the window is gone. A few round trips: call it when the hovered window changes, not per motion.
    static func read(_ window: UInt, display: X11Display) -> String? {
        var title: String?
        display.trapErrors {
            title = own(Window(window), display: display)
            if title == nil { title = ofChildren(Window(window), display: display) }
        }
        guard let title else { return nil }
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func own(_ window: Window, display: X11Display) -> String? {
        let utf8 = display.atom("UTF8_STRING")
        if let (type, bytes) = property(window, display.atom("_NET_WM_NAME"), display: display), type == utf8 {
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let (type, bytes) = property(window, Atom(XA_WM_NAME), display: display) else { return nil }
        switch type {
        case Atom(XA_STRING): return String(bytes.map { Character(Unicode.Scalar($0)) })
        case utf8: return String(decoding: bytes, as: UTF8.self)
        default: return nil  // COMPOUND_TEXT and the like: not worth a conversion for a label
        }
    }

    /// Frames hold the client as a child: the topmost child with a title.
    private static func ofChildren(_ window: Window, display: X11Display) -> String? {
        var rootReturn: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display.handle, window, &rootReturn, &parent, &children, &count) != 0, let children else { return nil }
        defer { XFree(children) }
        for child in UnsafeBufferPointer(start: children, count: Int(count)).reversed() {
            if let title = own(child, display: display) { return title }
        }
        return nil
    }

    /// The type and bytes of an 8-bit property (at most 1 KiB of it), nil when absent.
    private static func property(_ window: Window, _ name: Atom, display: X11Display) -> (Atom, [UInt8])? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display.handle, window, name, 0, 256, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &remaining, &data) == Success else { return nil }
        defer { if let data { XFree(data) } }
        guard type != 0, format == 8, let data else { return nil }
        return (type, Array(UnsafeBufferPointer(start: data, count: Int(count))))
    }
}
