import CX11
import Foundation
import LiveTextCore

/// The event loop both live windows run on their thread (the frozen screen's `LiveSurface`, the
/// viewer's `ViewWindow`): work and values posted from other threads, then the X events each
/// window translates, until the handler finishes, the window ends it, `cancel` is raised or the
/// display goes away.
final class LiveEventLoop: @unchecked Sendable {
    private let inbox: LiveInbox
    /// Values sent from other threads, not yet handed to the handler (the loop's thread only).
    private var messages: [any Sendable] = []
    private var finishing = false

    /// What a window makes of an X event.
    enum Step<Ending> {
        /// Hand this to the handler.
        case event(LiveSurfaceEvent)
        /// End the loop so.
        case end(Ending)
    }

    init() throws {
        inbox = try LiveInbox()
    }

    /// Runs `work` on the loop's thread (soon, in order); false once closed. Any thread.
    func post(_ work: @escaping @Sendable () -> Void) -> Bool {
        inbox.post(work)
    }

    /// Hands `value` to the handler as `.message(value)`; false once closed. Any thread.
    func send(_ value: any Sendable) -> Bool {
        inbox.post { [self] in messages.append(value) }
    }

    /// Ends `run` with its `finished` value once the current event or work is handled.
    func finish() {
        finishing = true
    }

    /// Refuses work from now on; returns the work still queued, for the caller to run.
    func close() -> [@Sendable () -> Void] {
        inbox.close()
    }

    /// Handles posted work, sent values and X events (through `next`: nil skips one) until the
    /// handler calls `finish` (`finished`), `next` ends it, or `cancel` is raised (`cancelled`);
    /// throws `.unavailable` when the display goes away, and what `next` and the handler throw.
    func run<Ending>(on display: X11Display, cancel: CancellationFlag?, finished: Ending, cancelled: Ending,
                     next: (inout XEvent) throws -> Step<Ending>?,
                     handler: (LiveSurfaceEvent) throws -> Void) throws -> Ending {
        let handle = display.handle
        while true {
            for work in inbox.take() {
                work()
                if finishing { return finished }
            }
            while !messages.isEmpty {
                try handler(.message(messages.removeFirst()))
                if finishing { return finished }
            }
            var event = XEvent()
            while !display.isBroken, XPending(handle) > 0 {
                XNextEvent(handle, &event)
                switch try next(&event) {
                case .end(let ending): return ending
                case .event(let translated):
                    try handler(translated)
                    if finishing { return finished }
                case nil: break
                }
            }
            try display.checkAlive()
            display.flush()
            if cancel?.isCancelled == true { return cancelled }
            // Flushing may have read events the socket will not signal again.
            let queued = XEventsQueued(handle, QueuedAfterReading) > 0
            inbox.wait(display: display.connectionNumber, timeout: queued ? 0 : 100)
        }
    }
}
