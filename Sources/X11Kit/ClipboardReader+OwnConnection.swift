import Foundation
import LiveTextCore

extension ClipboardReader {
    /// The image on `selection`, read as `image(from:maxBytes:timeout:within:)` reads it, over a
    /// connection of its own to `displayName` ($DISPLAY when nil) on a thread of its own, both
    /// opened for this read and gone when it ends: an owner that answers slowly, or drips its
    /// data, holds up this read alone, never a connection or queue that captures, copies, hotkeys
    /// or the live surface use.
    ///
    /// Cancelling the task ends the read at once with `.cancelled`: the thread leaves its wait and
    /// closes its connection (which ends the owner's transfer to our window) right after.
    public static func readImage(displayName: String?, authority: String? = nil, from selection: SelectionName = .clipboard,
                                 maxBytes: Int,
                                 timeout: Duration = .seconds(3), within: Duration = defaultDeadline) async throws
        -> ClipboardImage {
        let cancel = WaitCancellation()
        return try await ThreadOfItsOwn.run(named: "livetext-clipboard-read", onCancel: { cancel.cancel() }) {
            try cancel.check()
            let display = try X11Display(name: displayName, authority: authority)
            defer { display.close() }
            return try ClipboardReader(display: display, cancel: cancel)
                .image(from: selection, maxBytes: maxBytes, timeout: timeout, within: within)
        }
    }
}
