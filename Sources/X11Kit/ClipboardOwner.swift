import CX11
import Foundation
import LiveTextCore

/// Puts text on the clipboard (and/or the primary selection) and serves it to the programs that
/// paste it, as X requires: the text lives in this process, so it must keep running (or hand the
/// text to a clipboard manager) for a paste to work.
///
/// Opens its own connection and answers requests on its own thread; every method may be called
/// from any thread. Serves TARGETS, TIMESTAMP, MULTIPLE, SAVE_TARGETS, UTF8_STRING,
/// `text/plain;charset=utf-8`, `text/plain` (US-ASCII, '?' for the rest), STRING (Latin-1, '?' for
/// the rest), TEXT and, for a copy with HTML, `text/html`; large text goes by INCR. It never takes a selection unless `copy` asks.
public final class ClipboardOwner: Sendable {
    private let loop: OwnerLoop

    /// Opens its own connection to `displayName` ($DISPLAY when nil; with the cookie of the
    /// Xauthority file `authority` when given) and runs its event loop on its own Thread.
    public convenience init(displayName: String? = nil, authority: String? = nil) throws {
        try self.init(displayName: displayName, authority: authority, stallTimeout: .seconds(10))
    }

    /// `stallTimeout`: how long a requestor may leave an INCR piece untaken before it is dropped.
    init(displayName: String?, authority: String? = nil, stallTimeout: Duration) throws {
        loop = try OwnerLoop(displayName: displayName, authority: authority, stallTimeout: stallTimeout)
        let thread = Thread { [loop] in loop.run() }
        thread.name = "livetext-clipboard-owner"
        thread.start()
    }

    deinit { close() }

    /// Owns `selections` with `text` and serves it; returns once the server confirms we own them
    /// (XGetSelectionOwner is our window), throws otherwise. Replaces what this owner served on
    /// those selections; a selection not named keeps what it had (we never change it unasked).
    ///
    /// Throws `.invalidArgs` for no selection, `.unavailable` when the display went away or the
    /// owner was closed, `.failed` when another program took a selection at the same moment.
    public func copy(_ text: String, to selections: Set<SelectionName> = [.clipboard]) throws {
        try copy(ClipboardContent(plain: text), to: selections)
    }

    /// `copy` of `content`: its HTML, when it has one, is served as `text/html` beside the text
    /// (and listed in TARGETS and SAVE_TARGETS).
    public func copy(_ content: ClipboardContent, to selections: Set<SelectionName> = [.clipboard]) throws {
        guard !selections.isEmpty else { throw LiveTextError(.invalidArgs, "copy needs a selection to copy to") }
        let reply = Reply<LiveTextError?>()
        guard loop.post(.copy(TextPayload(content), selections, reply)) else {
            throw LiveTextError(.unavailable, "the clipboard owner was closed")
        }
        guard let outcome = reply.wait(timeout: .seconds(10)) else {
            throw LiveTextError(.failed, "the clipboard owner did not take \(selections.count == 1 ? selections.first!.spokenName : "the selections") within 10 s")
        }
        if let outcome { throw outcome }
    }

    /// Asks a clipboard manager (the owner of CLIPBOARD_MANAGER) to take a copy (SAVE_TARGETS per
    /// freedesktop's clipboard manager spec); true when one answered with success before `timeout`.
    /// False at once when no manager runs or we do not own the clipboard.
    public func handOffToManager(timeout: Duration = .seconds(2)) -> Bool {
        let reply = Reply<Bool>()
        guard loop.post(.handOff(timeout, reply)) else { return false }
        return reply.wait(timeout: timeout + .seconds(5)) ?? false
    }

    /// True while some selection is still ours (false once another program copied something).
    public var isOwner: Bool {
        loop.shared.withLock { !$0.ownedNames.isEmpty }
    }

    /// The selections we still own.
    var ownedSelections: Set<SelectionName> {
        loop.shared.withLock { $0.ownedNames }
    }

    /// INCR transfers under way (for tests).
    var activeTransfers: Int {
        loop.shared.withLock { $0.activeSends }
    }

    /// Blocks the calling thread until we no longer own any selection, or `timeout` passes (nil:
    /// forever); for a process whose only job is to keep serving copied text. True when no
    /// selection is ours any more (replaced, display gone, or closed), false on timeout.
    public func waitUntilReplaced(timeout: Duration?) -> Bool {
        let replaced = { (shared: OwnerLoop.Shared) in shared.ownedNames.isEmpty || shared.ended }
        guard let timeout else { return loop.shared.wait(until: replaced) { _ in true } }
        return loop.shared.wait(until: replaced, deadline: Date().addingTimeInterval(timeout.seconds)) { _, ready in ready }
    }

    /// Stops serving (does not clear the selections unless we own them: then releases them) and closes.
    public func close() {
        loop.stop(timeout: .seconds(10))
    }
}
