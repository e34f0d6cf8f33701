import CX11
import LiveTextCore

/// The shown top-level windows (children of the root: clients, or their window manager's frames)
/// as they were at one moment, topmost first.
///
/// The selector takes this snapshot right after freezing the screen, so that what a click picks,
/// and the outline shown while hovering, match the frozen pixels even if windows move meanwhile;
/// hit tests then cost no round trip.
struct TopLevelWindows {
    struct Entry: Equatable {
        let id: UInt
        /// The window with its border, in root coordinates: what a point must fall in.
        let outer: Bounds
        /// The area inside the border: what a pick captures.
        let area: Bounds
        /// Its `_NET_WM_PID`, or its client's (a window manager's frame holds the client).
        var pid: Int32? = nil
        /// A frame's client window, inside its decorations, in root coordinates: where the
        /// application draws (nil when the window is the client itself).
        var client: Bounds? = nil
    }

    /// What a pick at a point gets: a window and its area on the screen, or the whole screen.
    struct Target: Equatable {
        let window: UInt?
        let area: Bounds
    }

    let entries: [Entry]

    /// Reads the stacking order and geometry of the root's children, skipping `excluded`, unmapped
    /// and input-only windows, and windows closed while being read.
    init(display: X11Display, excluding excluded: Window = 0) {
        var entries: [Entry] = []
        display.trapErrors {
            // XQueryTree lists bottom to top.
            for window in display.children(of: display.root).reversed() where window != excluded {
                var attributes = XWindowAttributes()
                // A window closed meanwhile fails here (BadWindow, swallowed): skip it.
                guard XGetWindowAttributes(display.handle, window, &attributes) != 0,
                      attributes.map_state == IsViewable, attributes.`class` == InputOutput else { continue }
                let border = Int(attributes.border_width)
                let outer = Bounds(x: Int(attributes.x), y: Int(attributes.y),
                                   width: Int(attributes.width) + 2 * border, height: Int(attributes.height) + 2 * border)
                let owner = Self.owner(of: window, on: display)
                entries.append(Entry(id: UInt(window), outer: outer,
                                     area: Bounds(x: outer.x + border, y: outer.y + border,
                                                  width: Int(attributes.width), height: Int(attributes.height)),
                                     pid: owner?.pid, client: owner?.client))
            }
        }
        self.entries = entries
    }

    init(entries: [Entry]) {
        self.entries = entries
    }

    /// The window's `_NET_WM_PID`, else its children's (a frame's client), one level down; with
    /// a child's, where that child is on the screen.
    private static func owner(of window: Window, on display: X11Display) -> (pid: Int32, client: Bounds?)? {
        let property = display.atom("_NET_WM_PID")
        for candidate in [window] + display.children(of: window) {
            if let value = try? display.readProperty(of: candidate, property, delete: false, maxBytes: 64),
               let pid = value.longs?.first, pid > 0, pid <= UInt(Int32.max) {
                return (Int32(pid), candidate == window ? nil : clientArea(candidate, on: display))
            }
        }
        return nil
    }

    /// A frame's client inside its border, in root coordinates; nil when it cannot be read.
    private static func clientArea(_ client: Window, on display: X11Display) -> Bounds? {
        var attributes = XWindowAttributes()
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard XGetWindowAttributes(display.handle, client, &attributes) != 0,
              XTranslateCoordinates(display.handle, client, display.root, 0, 0, &x, &y, &child) != 0
        else { return nil }
        return Bounds(x: Int(x), y: Int(y), width: Int(attributes.width), height: Int(attributes.height))
    }

    /// The windows as the core says them, topmost first.
    var screenWindows: [ScreenWindow] {
        entries.map { ScreenWindow(id: $0.id, pid: $0.pid, area: $0.client ?? $0.area, outer: $0.outer) }
    }

    /// The windows over `area` of the screen as content regions of a capture of it (in its
    /// pixels, topmost first); none when a single window covers it all (nothing to keep apart).
    func regions(in area: Bounds) -> ContentRegions {
        let shown = entries.map(\.outer).map { $0.intersection(area) }.filter { !$0.isEmpty }
        if let top = shown.first, top == area { return ContentRegions() }
        return ContentRegions(shown.map { Bounds(x: $0.x - area.x, y: $0.y - area.y, width: $0.width, height: $0.height) })
    }

    /// The topmost window whose outer rectangle holds the point; nil on the bare root.
    func window(atX x: Int, y: Int) -> Entry? {
        entries.first { $0.outer.contains(x: x, y: y) }
    }

    /// What picking at the point captures: the window's area clipped to `screen`, or the whole
    /// screen (no window) on the bare root or for a window with nothing on the screen.
    func target(atX x: Int, y: Int, screen: Bounds) -> Target {
        guard let entry = window(atX: x, y: y) else { return Target(window: nil, area: screen) }
        let area = entry.area.intersection(screen)
        return area.isEmpty ? Target(window: nil, area: screen) : Target(window: entry.id, area: area)
    }
}
