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

    /// The first configure has come (and was acknowledged): the sheet may draw.
    var isConfigured: Bool { get }
    /// The compositor has put the surface where it was asked to be (a layer surface from its
    /// first configure; a toplevel once a configure says it is full screen).
    var isInPlace: Bool { get }
    /// The compositor took the surface away: its output went, a screen locker came, the user closed it.
    var isClosed: Bool { get }
    /// The size the sheet's pixels are shown at, in surface units: the place's area, unless the
    /// compositor configured another.
    var shownSize: (width: Int, height: Int) { get }
    /// Answers the configures that came since the last call (what the role shows of its own is
    /// redrawn and committed), and says what the sheet must do: nothing, commit (a configure it
    /// acknowledged wants a commit), or fit its buffer to a new `shownSize` and commit.
    func answerConfigures() throws -> SheetConfigure
    /// The surface the user sees and focuses (`xdg_activation_v1.activate`): the sheet's own, or
    /// the toplevel it is placed on.
    var focusSurface: OpaquePointer? { get }

    /// Destroys the role's objects (the sheet destroys its own surface after).
    func destroy()
}

/// What a sheet does about the configures its role acknowledged.
enum SheetConfigure {
    /// None came, or the role answered them itself.
    case answered
    /// Commit, at the same size.
    case commit
    /// Fit the buffer to the new `shownSize`, and commit.
    case resized
}
