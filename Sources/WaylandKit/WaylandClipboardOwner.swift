import Foundation
import LiveTextCore

/// Puts text on the clipboard (and/or the primary selection) of a wlroots compositor through
/// wlr-data-control, and serves it to the programs that paste it: as on X, the text lives in
/// this process, so a paste works for as long as this object lives (or until another program
/// copies something).
///
/// Opens its own connection and serves on its own thread; every method may be called from any
/// thread. Offers `text/plain;charset=utf-8`, `text/plain` (US-ASCII, '?' for the rest),
/// `UTF8_STRING`, `STRING` (Latin-1, '?' for the rest) and `TEXT` (UTF-8). Each paste is written
/// on a thread of its own, given up after `sendLimit`: a reader that never reads holds up nobody.
public final class WaylandClipboardOwner: Sendable {
    private let loop: ClipboardOwnerLoop

    /// Connects to `socket` (`$WAYLAND_DISPLAY` when nil) in `runtimeDirectory`
    /// (`$XDG_RUNTIME_DIR` when nil) and starts serving on a thread of its own; nothing is
    /// copied until `copy` asks. Throws `unavailable` when the display cannot be reached or has
    /// no wlr-data-control.
    public convenience init(socket: String? = nil, runtimeDirectory: String? = nil) throws {
        try self.init(socket: socket, runtimeDirectory: runtimeDirectory, sendLimit: .seconds(10))
    }

    /// `sendLimit`: how long one paste may take to read what it asked for.
    init(socket: String?, runtimeDirectory: String?, sendLimit: Duration) throws {
        loop = try ClipboardOwnerLoop(socket: socket, runtimeDirectory: runtimeDirectory, sendLimit: sendLimit)
        loop.startServing()
    }

    deinit { close() }

    /// Owns `selections` with `text` and serves it; returns once the compositor has taken them
    /// (a round trip), throws otherwise. Replaces what this owner served on those selections; a
    /// selection not named keeps what it had.
    ///
    /// Throws `invalidArgs` for no selection, `unavailable` for the primary selection when the
    /// compositor's data-control is version 1, when the compositor went away or the owner was
    /// closed, `failed` when another program took a selection at the same moment.
    public func copy(_ text: String, to selections: Set<SelectionName> = [.clipboard]) throws {
        try copy(ClipboardContent(plain: text), to: selections)
    }

    /// `copy` of `content`: its HTML, when it has one, is offered as `text/html` beside the text.
    public func copy(_ content: ClipboardContent, to selections: Set<SelectionName> = [.clipboard]) throws {
        guard !selections.isEmpty else { throw LiveTextError(.invalidArgs, "copy needs a selection to copy to") }
        if selections.contains(.primary), !loop.hasPrimary { throw WaylandClipboardReader.noPrimary(loop.socketName) }
        let reply = OwnerReply()
        guard loop.post(.copy(ClipboardText(content), selections, reply)) else {
            throw loop.shared.withLock { $0.failure } ?? LiveTextError(.unavailable, "the clipboard owner was closed")
        }
        guard let outcome = reply.wait(timeout: .seconds(10)) else {
            let named = selections.count == 1 ? selections.first!.spokenName : "the selections"
            throw LiveTextError(.failed, "the clipboard owner did not take \(named) within 10 s")
        }
        try outcome.get()
    }

    /// True while some selection is still ours (false once another program copied something,
    /// the compositor went away, or `close()`).
    public var isOwner: Bool {
        loop.shared.withLock { !$0.owned.isEmpty }
    }

    /// False once the owner's loop has ended (closed, or the compositor went away): it can copy
    /// nothing more, and its user makes a new one.
    public var isServing: Bool {
        loop.shared.withLock { !$0.ended }
    }

    /// The selections we still own.
    public var ownedSelections: Set<SelectionName> {
        loop.shared.withLock { $0.owned }
    }

    /// Blocks the calling thread until we no longer own any selection, or `timeout` passes (nil:
    /// forever); for a process whose only job is to keep serving copied text. True when no
    /// selection is ours any more (replaced, compositor gone, or closed), false on timeout.
    public func waitUntilReplaced(timeout: Duration?) -> Bool {
        loop.waitUntilReplaced(timeout: timeout)
    }

    /// Stops serving, gives up the selections we still own (the compositor empties them) and
    /// closes the connection; waits up to 10 s for the owner's thread to finish.
    public func close() {
        loop.stop(timeout: .seconds(10))
    }
}
