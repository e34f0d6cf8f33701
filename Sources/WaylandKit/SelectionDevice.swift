import LiveTextCore

/// Where a clipboard owner (`ClipboardOwnerLoop`) sets the selections on its connection: the
/// wlr-data-control device of a program without a window (`DataControlDevice`), or the core
/// `wl_data_device` of a client whose surface has the keyboard (`FocusedDataDevice`, for
/// compositors without data-control: GNOME). Each makes its own kind of source and hands the
/// source's events to the `OwnedSource` that holds it. Used on the thread that dispatches the
/// connection.
protocol SelectionDevice: AnyObject {
    /// Whether it can own the primary selection too.
    var hasPrimary: Bool { get }
    /// A new source, its events sent to `owner`.
    func makeSource(for owner: OwnedSource) -> OpaquePointer
    func offer(_ type: String, on source: OpaquePointer)
    /// Makes `source` what `selection` holds.
    func set(_ selection: SelectionName, to source: OpaquePointer)
    func destroySource(_ source: OpaquePointer)
    /// What a copy says when the compositor cancelled its source at once.
    func refused(_ selection: SelectionName) -> LiveTextError
    /// Destroys what the device bound (not the connection).
    func close()
}
