/// The pointer shapes of a live surface (X11: the core cursor font's `xterm`, `hand2`,
/// `left_ptr`; Wayland: the cursor-shape protocol's `text`, `pointer`, `default`).
public enum LiveCursor: Sendable, Hashable, CaseIterable {
    /// Over text.
    case iBeam
    /// Over items and buttons.
    case hand
    /// Elsewhere.
    case arrow
}
