import Foundation
import LiveTextCore
import Synchronization

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
        let outcome = ReadOutcome()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.attach(continuation)
                let thread = Thread {
                    outcome.resolve(Result {
                        try cancel.check()
                        let display = try X11Display(name: displayName, authority: authority)
                        defer { display.close() }
                        return try ClipboardReader(display: display, cancel: cancel)
                            .image(from: selection, maxBytes: maxBytes, timeout: timeout, within: within)
                    })
                }
                thread.name = "livetext-clipboard-read"
                thread.start()
            }
        } onCancel: {
            cancel.cancel()
            outcome.resolve(.failure(LiveTextError.cancelled))
        }
    }
}

/// Resumes the task awaiting a read once, with whichever comes first: the reading thread's
/// result, or cancellation (which may come before the continuation exists).
private final class ReadOutcome: Sendable {
    private struct State {
        var continuation: CheckedContinuation<ClipboardImage, any Error>?
        var early: Result<ClipboardImage, any Error>?
        var resumed = false
    }

    private let state = Mutex(State())

    func attach(_ continuation: CheckedContinuation<ClipboardImage, any Error>) {
        let early = state.withLock { state -> Result<ClipboardImage, any Error>? in
            guard let early = state.early else {
                state.continuation = continuation
                return nil
            }
            state.resumed = true
            return early
        }
        if let early { continuation.resume(with: early) }
    }

    /// The first result wins; later ones are dropped.
    func resolve(_ result: Result<ClipboardImage, any Error>) {
        let waiting = state.withLock { state -> CheckedContinuation<ClipboardImage, any Error>? in
            guard !state.resumed else { return nil }
            guard let continuation = state.continuation else {
                if state.early == nil { state.early = result }
                return nil
            }
            state.resumed = true
            state.continuation = nil
            return continuation
        }
        waiting?.resume(with: result)
    }
}
