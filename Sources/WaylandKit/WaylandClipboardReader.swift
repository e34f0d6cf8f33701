import CWayland
import CWaylandProtocols
import Foundation
import LiveTextCore

/// Reads the image another program put on the clipboard (or the primary selection) of a
/// wlroots compositor, through wlr-data-control: no window and no keyboard focus needed.
///
/// Each read has a connection of its own (made for it, or made ahead and handed over) and closes
/// it when it ends, as X11Kit's reader does: an owner that answers slowly, or drips its data,
/// holds up this read alone.
public enum WaylandClipboardReader {
    /// How long one read may take in all, by default (the same as X11's).
    public static let defaultDeadline: Duration = .seconds(10)

    /// The image on `selection`, read on a thread of its own (see `image(socket:…)`); cancelling
    /// the task ends the read at once with `cancelled`, the thread closing its connection right after.
    public static func readImage(socket: String? = nil, runtimeDirectory: String? = nil,
                                 from selection: SelectionName = .clipboard, maxBytes: Int,
                                 within deadline: Duration = defaultDeadline,
                                 connection made: WaylandConnection? = nil,
                                 handBack: (@Sendable (WaylandConnection) -> Void)? = nil) async throws -> ClipboardImage {
        let cancel = CancellationFlag()
        return try await ThreadOfItsOwn.run(named: "livetext-wayland-clipboard-read", onCancel: { cancel.cancel() }) {
            try image(socket: socket, runtimeDirectory: runtimeDirectory, from: selection, maxBytes: maxBytes,
                      within: deadline, cancel: cancel, connection: made, handBack: handBack)
        }
    }

    /// The image on `selection`, encoded as its owner offers it (image/png preferred, then
    /// image/jpeg, image/bmp, image/tiff, image/x-portable-anymap / image/x-portable-pixmap,
    /// image/gif, image/webp, other image/*), over a connection of its own to `socket`
    /// (`$WAYLAND_DISPLAY` when nil) in `runtimeDirectory` (`$XDG_RUNTIME_DIR` when nil), or over
    /// `made`, a connection made ahead that nothing else uses (closed at the end like its own,
    /// or given to `handBack` where the read ended cleanly).
    /// Blocks the calling thread.
    ///
    /// Throws `notFound` when the selection is empty or holds no image (saying what it offers),
    /// `tooLarge` past `maxBytes` (reading stops there), `failed` when it has not all arrived
    /// `within` (saying how much did), `cancelled` once `cancel` is raised, `unavailable` when
    /// the compositor has no wlr-data-control (or, for the primary selection, only version 1).
    public static func image(socket: String? = nil, runtimeDirectory: String? = nil,
                             from selection: SelectionName = .clipboard, maxBytes: Int,
                             within deadline: Duration = defaultDeadline, cancel: CancellationFlag? = nil,
                             connection made: WaylandConnection? = nil,
                             handBack: (@Sendable (WaylandConnection) -> Void)? = nil) throws -> ClipboardImage {
        let end = ContinuousClock.now.advanced(by: deadline)
        let connection: WaylandConnection
        do {
            try cancel?.check()
            connection = try made ?? WaylandConnection(socket: socket, runtimeDirectory: runtimeDirectory, within: deadline)
        } catch {
            made?.close()
            throw error
        }
        // A read that ended as it should (an image, or none on offer) leaves nothing of its own on
        // the connection: `handBack` may keep it for the next one, which spares KDE's KWin hashing
        // our binary again for a new connection.
        var clean = false
        defer {
            if clean, let handBack, !connection.isBroken { handBack(connection) } else { connection.close() }
        }
        do {
            let image = try read(selection, on: connection, maxBytes: maxBytes, until: end, deadline: deadline, cancel: cancel)
            clean = true
            return image
        } catch let error as LiveTextError where error.code == .notFound {
            clean = true
            throw error
        }
    }

    /// The read itself, over `connection`; every object it makes is destroyed when it returns.
    private static func read(_ selection: SelectionName, on connection: WaylandConnection, maxBytes: Int,
                             until end: ContinuousClock.Instant, deadline: Duration, cancel: CancellationFlag?) throws
        -> ClipboardImage {
        let device = try DataControlDevice(connection: connection)
        defer { device.close() }
        if selection == .primary, device.version < 2 { throw noPrimary(connection.socketName) }
        // The compositor says what the selection holds as soon as the device exists.
        try connection.dispatch(until: { device.knows(selection) || device.finished },
                                within: ContinuousClock.now.duration(to: end),
                                waitingFor: "what \(selection.spokenName) holds", cancel: cancel)
        guard let offer = device.offer(of: selection) else {
            throw LiveTextError(.notFound, "\(selection.spokenName) is empty; copy something first")
        }
        let offered = device.types(of: offer)
        guard let chosen = ClipboardWording.bestImageType(in: offered) else {
            throw LiveTextError(.notFound, "\(selection.spokenName) holds no image (it offers: \(ClipboardWording.summary(of: offered))); copy an image first")
        }
        let pipe = try ClipboardPipe.make()
        defer { Glibc.close(pipe.read) }
        zwlr_data_control_offer_v1_receive(offer, chosen, pipe.write)
        // libwayland sent a copy of the write end; ours must go, or the read would never see
        // the owner close its end.
        Glibc.close(pipe.write)
        connection.flush()
        switch try ClipboardPipe.read(pipe.read, maxBytes: maxBytes, until: end, cancel: cancel) {
        case .complete(let data):
            guard !data.isEmpty else {
                throw LiveTextError(.invalidImage, "the owner of \(selection.spokenName) sent an empty \(chosen) image")
            }
            return ClipboardImage(data: data, mimeType: chosen)
        case .tooLarge(let size):
            throw LiveTextError(.tooLarge, "\(selection.spokenName) holds at least \(ClipboardWording.byteCount(size)), more than the \(ClipboardWording.byteCount(maxBytes)) allowed; copy something smaller")
        case .deadline(let received):
            throw LiveTextError(.failed, "the owner of \(selection.spokenName) sent \(ClipboardWording.byteCount(received)) in \(deadline.spoken): gave up; copy again, or from another program")
        }
    }

    /// What `unavailable` says when data-control is version 1, which has no primary selection.
    static func noPrimary(_ socketName: String) -> LiveTextError {
        LiveTextError(.unavailable, "the Wayland compositor '\(socketName)' offers no primary selection to programs without a window "
                      + "(it has zwlr_data_control_manager_v1 version 1; the primary selection came with version 2)")
    }
}
