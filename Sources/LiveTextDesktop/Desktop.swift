import Dispatch
import Foundation
import LiveTextCore
import Synchronization
import X11Kit

/// The X11 desktop of one process: capture, interactive selection, the clipboard and typing.
///
/// The display is opened when first needed, not before, so a daemon started without `DISPLAY`
/// still serves files and answers capture calls with `unavailable`; a connection whose server
/// went away is replaced on the next call. Every X call runs in order on one serial queue (Xlib
/// connections are not thread-safe), never on Swift's cooperative pool; a selection holds that
/// queue until the user is done. Copied text is served
/// by a `ClipboardOwner` on its own connection and thread, for as long as this object lives; the
/// clipboard is read over a connection and thread of each read's own, so that another program's
/// slow answer never holds up the queue.
// `@unchecked Sendable`: `session` (the X connection) is touched only on `queue`; the rest is
// immutable or in a `Mutex`.
public final class Desktop: @unchecked Sendable {
    /// The display this desktop opens; `$DISPLAY` when nil.
    public let displayName: String?
    /// Said after "DISPLAY is not set" when there is neither a name nor `$DISPLAY` (the daemon:
    /// how to give it one).
    public let withoutDisplay: String?
    /// The text of the latest copy and whether PRIMARY had it too.
    private let lastCopy = Mutex<(text: String, alsoPrimary: Bool)?>(nil)
    private let queue = DispatchQueue(label: "org.livetext.x11")
    /// Touched only on `queue`.
    private var session: Session?
    /// Made on the first copy (outside the lock: it opens a connection).
    private let owner = Mutex<ClipboardOwner?>(nil)

    /// The Xauthority file whose cookie opens the display (a request's `xauthority`); nil: as
    /// Xlib chooses (`$XAUTHORITY`, else `~/.Xauthority`).
    public let xauthority: String?

    public init(displayName: String? = nil, xauthority: String? = nil, withoutDisplay: String? = nil) {
        self.displayName = displayName
        self.xauthority = xauthority
        self.withoutDisplay = withoutDisplay
    }

    /// Whether this desktop has a display to open: a name, or `$DISPLAY`.
    public var knowsDisplay: Bool {
        displayName != nil || !ProcessInfo.processInfo.environment["DISPLAY", default: ""].isEmpty
    }

    deinit {
        owner.withLock { $0 }?.close()
    }

    /// Runs `body` with a desktop of its own, closed when it returns or throws: for a process
    /// that exits soon after (the CLI). Left to `deinit`, the connection is closed by whichever
    /// thread lets go of the desktop last, maybe the X queue's just after it answered, while
    /// `exit` is already finalizing libX11: a crash at exit.
    public static func using<T>(displayName: String? = nil, _ body: (Desktop) async throws -> T) async throws -> T {
        let desktop = Desktop(displayName: displayName)
        defer { desktop.close() }
        return try await body(desktop)
    }

    /// Closes the display connection and stops serving copied text, now: waits for what runs on
    /// the X queue (a selection in progress is finished first). A later call opens it again.
    public func close() {
        queue.sync {
            session?.display.close()
            session = nil
        }
        let stale = owner.withLock { owner in
            defer { owner = nil }
            return owner
        }
        stale?.close()
    }

    /// One connection and what is built on it; replaced when the server goes away.
    private final class Session {
        let display: X11Display
        let capture: ScreenCapture

        init(display: X11Display) {
            self.display = display
            capture = ScreenCapture(display: display)
        }
    }

    /// Runs `body` on the X queue with a live session; cancelling the task raises `flag`.
    private func run<T: Sendable>(_ body: @escaping @Sendable (Session, CancellationFlag) throws -> T) async throws -> T {
        let flag = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    continuation.resume(with: Result {
                        try flag.check()
                        return try body(try self.liveSession(), flag)
                    })
                }
            }
        } onCancel: {
            flag.cancel()
        }
    }

    private func liveSession() throws -> Session {
        session?.display.noticeIfGone()
        if let session, !session.display.isBroken { return session }
        session?.display.close()
        session = nil
        do {
            let fresh = Session(display: try X11Display(name: displayName, authority: xauthority))
            session = fresh
            return fresh
        } catch {
            throw explained(error)
        }
    }

    /// An error of opening the display, saying what to do (`withoutDisplay`) when it is
    /// `unavailable` for want of one to open (no name, no `$DISPLAY`).
    private func explained(_ error: any Error) -> any Error {
        guard let error = error as? LiveTextError, error.code == .unavailable, !knowsDisplay else { return error }
        return LiveTextError(.unavailable, error.message + (withoutDisplay.map { ": " + $0 } ?? ""))
    }

    /// Opens the display if it is not open yet: `unavailable`, saying what to do, without one.
    public func checkAvailable() async throws {
        try await run { _, _ in }
    }

    // MARK: Capture

    /// Captures what `request` names; interactive requests wait for the user (Esc: `cancelled`).
    /// Throws `tooLarge` past `maxPixels`.
    /// `atRest`, for `.select`: what the dragged rectangle holds each time the pointer has held
    /// still over a new one (``RegionSelector/restDelay``), within `maxPixels`; called on the
    /// desktop's thread, so it must return at once.
    public func capture(_ request: CaptureRequest, maxPixels: Int = ImageLimits.defaultMaxPixels,
                        atRest: (@Sendable (ScreenImage) -> Void)? = nil) async throws -> ScreenImage {
        try await run { session, flag in
            let started = DispatchTime.now().uptimeNanoseconds
            let captured: CapturedImage
            if let target = request.fixedTarget {
                captured = try session.capture.capture(target)
            } else if request == .pickWindow {
                captured = try RegionSelector(display: session.display).select(mode: .window, cancel: flag).capture
            } else {
                let limits = ImageLimits(maxPixels: maxPixels)
                let rested = atRest.map { report in
                    { (image: CapturedImage) in
                        if (try? limits.check(width: image.image.width, height: image.image.height)) != nil {
                            report(ScreenImage(image, captureMs: nil))
                        }
                    }
                }
                captured = try RegionSelector(display: session.display).select(mode: .region, cancel: flag,
                                                                                atRest: rested).capture
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            try ImageLimits(maxPixels: maxPixels).check(width: captured.image.width, height: captured.image.height)
            return ScreenImage(captured, captureMs: request.isInteractive ? nil : elapsed)
        }
    }

    /// The monitor under the pointer, as a request (`.monitor(index)`); `.screen` when the screen
    /// is one monitor or the pointer is on none.
    public func monitorUnderPointer() async throws -> CaptureRequest {
        try await run { session, _ in
            try session.capture.monitorUnderPointer().map(CaptureRequest.monitor) ?? .screen
        }
    }

    // MARK: Clipboard

    /// The image on CLIPBOARD (`notFound` when it holds none, saying what it holds): at most
    /// `maxBytes` of it, all of it within `deadline` (`failed`, naming the owner and what it sent,
    /// after that), then decoded by `decode`. Read over a connection and thread of its own, not on
    /// the X queue: a slow owner holds up nothing else. Cancelling the task ends the read at once
    /// (`cancelled`); the clipboard keeps what it held.
    public func clipboardImage(maxBytes: Int, deadline: Duration = ClipboardReader.defaultDeadline,
                               decode: @escaping @Sendable (Data) async throws -> PixelImage) async throws -> PixelImage {
        let encoded: ClipboardImage
        do {
            encoded = try await ClipboardReader.readImage(displayName: displayName, authority: xauthority,
                                                             maxBytes: maxBytes, within: deadline)
        } catch {
            throw explained(error)
        }
        return try await decode(encoded.data)
    }

    /// Puts `text` on CLIPBOARD (and PRIMARY with `alsoPrimary`) and keeps serving it while this
    /// object lives; a clipboard manager, when one runs, gets a copy that outlives the process.
    public func copy(_ text: String, alsoPrimary: Bool = false) async throws {
        try await BlockingWork.run(.waiting) { try self.copySynchronously(text, alsoPrimary: alsoPrimary) }
    }

    /// `copy` for callers on a thread that may block (one X round trip or two).
    public func copySynchronously(_ text: String, alsoPrimary: Bool = false) throws {
        let selections: Set<SelectionName> = alsoPrimary ? [.clipboard, .primary] : [.clipboard]
        let owner = try clipboardOwner()
        do {
            try owner.copy(text, to: selections)
        } catch let error as LiveTextError where error.code == .unavailable {
            // The server went away since the last copy: once more on a new connection.
            dropOwner(owner)
            try clipboardOwner().copy(text, to: selections)
        }
        lastCopy.withLock { $0 = (text, alsoPrimary) }
        // Waits up to 2 s for a clipboard manager: not on the caller's thread.
        if let current = self.owner.withLock({ $0 }) {
            Task { _ = try? await BlockingWork.run(.waiting) { current.handOffToManager(timeout: .seconds(2)) } }
        }
    }

    /// The text this desktop still serves on the clipboard (nothing else was copied since), for a
    /// process about to exit that must hand it on: `nil` when a clipboard manager took a copy of
    /// it now (within `managerTimeout`), or nothing of ours is on the clipboard.
    public func copyToHandOn(managerTimeout: Duration = .milliseconds(300)) -> (text: String, alsoPrimary: Bool)? {
        guard let current = owner.withLock({ $0 }), let copy = lastCopy.withLock({ $0 }), current.isOwner else {
            return nil
        }
        return current.handOffToManager(timeout: managerTimeout) ? nil : copy
    }

    /// The owner, made on first use. Opening its connection is an X round trip: done outside the
    /// lock, and a second one made meanwhile by another thread is closed again.
    private func clipboardOwner() throws -> ClipboardOwner {
        if let current = owner.withLock({ $0 }) { return current }
        let fresh = try ClipboardOwner(displayName: displayName, authority: xauthority)
        let (kept, spare) = owner.withLock { owner -> (ClipboardOwner, ClipboardOwner?) in
            if let owner { return (owner, fresh) }
            owner = fresh
            return (fresh, nil)
        }
        spare?.close()
        return kept
    }

    private func dropOwner(_ stale: ClipboardOwner) {
        owner.withLock { owner in
            if owner === stale { owner = nil }
        }
        stale.close()
    }

    // MARK: Typing

    /// Types `text` into the focused window (XTEST).
    public func type(_ text: String) async throws {
        try await run { session, flag in
            try KeyboardTyper(display: session.display).type(text, cancel: flag)
        }
    }
}
