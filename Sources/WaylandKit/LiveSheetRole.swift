/// What puts a `LiveSheet`'s surface over its output: a layer surface on the overlay layer
/// (`LayerSheetRole`: wlroots compositors, KDE Plasma), or a full-screen xdg toplevel
/// (`FullscreenSheetRole`: GNOME, which has no layer shell). The sheet draws the same either
/// way; the role places the surface, acknowledges the compositor's configures, says at what size
/// the sheet's pixels are shown and whether the compositor took the surface away. Used on the
/// live surface's thread only.
protocol LiveSheetRole: AnyObject {
    /// Gives `surface` its role over `place` on `output` (nil: the compositor's choice), before the
    /// sheet's first commit (without a buffer: the compositor answers with the first configure).
    func assign(to surface: OpaquePointer, output: OpaquePointer?, place: LiveSheetPlace) throws

    /// The configure the sheet waits for before drawing has come (and was acknowledged).
    var isConfigured: Bool { get }
    /// The compositor took the surface away: its output went, a screen locker came, the user closed it.
    var isClosed: Bool { get }
    /// The size the sheet's pixels are shown at, in surface units: the place's area, unless the
    /// compositor configured another.
    var shownSize: (width: Int, height: Int) { get }
    /// Answers the configures that came since the last call (what the role shows of its own is
    /// redrawn and committed); true when `shownSize` changed, which the sheet then answers.
    func answerConfigures() throws -> Bool
    /// The surface the user sees and focuses (`xdg_activation_v1.activate`): the sheet's own, or
    /// the toplevel it is placed on.
    var focusSurface: OpaquePointer? { get }

    /// Destroys the role's objects (the sheet destroys its own surface after).
    func destroy()
}
