import LiveTextCore

/// The live surface's own copies, where the compositor takes a copy only from the client that has
/// the keyboard (no wlr-data-control: GNOME): set through the core data device on the surface's
/// connection, naming the serial of the latest key or button event, by a clipboard owner's loop
/// (`ClipboardOwnerLoop`) that shares the connection while the surface runs and takes it over
/// when the surface closes with the copy still on the clipboard, serving it until another
/// program copies (as `wl-copy` stays behind). Used on the surface's thread only.
final class SurfaceClipboard {
    private let device: FocusedDataDevice
    private let loop: ClipboardOwnerLoop

    /// Throws `unavailable` when the compositor has no data device (or no seat).
    init(connection: WaylandConnection) throws {
        device = try FocusedDataDevice(connection: connection)
        loop = try ClipboardOwnerLoop(sharing: connection, device: device, sendLimit: .seconds(10))
    }

    /// Owns the clipboard with `text`, as the client the user's event `serial` went to; returns
    /// once the compositor has taken it (a round trip on the surface's connection).
    func copy(_ text: ClipboardContent, serial: UInt32) throws {
        device.serial = serial
        try loop.copyHere(text, to: [.clipboard])
    }

    /// The surface is closing: the loop to hand its connection to when the clipboard is still
    /// ours; else nil, everything of the copy released here.
    func handOver() -> ClipboardOwnerLoop? {
        if !loop.shared.withLock({ $0.isReplaced }) {
            SurfaceCopies.add(loop)
            return loop
        }
        loop.endHere()
        return nil
    }
}
