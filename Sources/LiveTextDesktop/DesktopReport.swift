import DesktopPortals
import LiveTextConfig
import LiveTextCore

/// What livetext can do in a session and through what, for `livetext desktop` and the daemon's
/// `Desktop` property: each feature, the mechanism that serves it, and when it is missing or needs
/// the user's permission once, what to run or allow.
public struct DesktopReport: Sendable, Hashable {
    public struct Feature: Sendable, Hashable {
        /// `capture`, `capture-window`, `select-region`, `pick-window`, `live`, `view`,
        /// `clipboard-read`, `copy`, `copy-primary`, `type`, `hotkeys`.
        public var name: String
        public var available: Bool
        /// How it is done ("Wayland (zwlr_screencopy_manager_v1)", "the Screenshot portal").
        public var mechanism: String?
        /// Why it is missing and what brings it, or what the user allows once.
        public var note: String?
    }

    /// `x11`, `wayland`, or `none` (no display known).
    public var session: String
    /// `gnome`, `kde`, `wlroots`, `other`.
    public var desktop: String
    /// `DISPLAY` of an X11 session, `WAYLAND_DISPLAY` of a Wayland one.
    public var display: String?
    /// The Xwayland display beside a Wayland session.
    public var xwayland: String?
    public var features: [Feature]

    /// The features and the capability each one is.
    static let capabilities: [(String, DisplayCapabilities)] = [
        ("capture", .captureScreen), ("capture-window", .captureWindow), ("select-region", .selectRegion),
        ("pick-window", .pickWindow), ("live", .liveSurface), ("view", .viewWindow), ("clipboard-read", .readClipboard),
        ("copy", .copy), ("copy-primary", .copyPrimary), ("type", .type),
    ]

    public func feature(_ name: String) -> Feature? {
        features.first { $0.name == name }
    }

    /// `livetext desktop --json`, and the daemon's `Desktop` property.
    public var document: OrderedJSON {
        .object([
            ("session", .string(session)), ("desktop", .string(desktop)),
            ("display", display.map(OrderedJSON.string) ?? .null), ("xwayland", xwayland.map(OrderedJSON.string) ?? .null),
            ("features", .array(features.map { feature in
                .object([("name", .string(feature.name)), ("available", .bool(feature.available)),
                         ("mechanism", feature.mechanism.map(OrderedJSON.string) ?? .null),
                         ("note", feature.note.map(OrderedJSON.string) ?? .null)])
            })),
        ])
    }

    /// `livetext desktop`: a line for the session, then one per feature.
    public var text: String {
        var out = "Session: \(session)"
        if desktop != DesktopKind.other.rawValue { out += " (\(desktop))" }
        if let display { out += " on \(display)" }
        if let xwayland { out += ", Xwayland \(xwayland)" }
        out += "\n\n"
        let width = features.map(\.name.count).max() ?? 0
        for feature in features {
            out += feature.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + (feature.available ? "yes  " : "no   ") + (feature.mechanism ?? "—") + "\n"
            if let note = feature.note {
                out += String(repeating: " ", count: width + 7) + note + "\n"
            }
        }
        return out
    }
}
