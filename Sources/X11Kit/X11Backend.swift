import Dispatch
import Foundation
import LiveTextCore
import Synchronization

/// An X display as a `DisplayBackend`: capture, the interactive selection, the clipboard and
/// typing.
///
/// The display is opened when first needed, not before; a connection whose server went away is
/// replaced on the next call. Every X call runs in order on one serial queue (Xlib connections
/// are not thread-safe), never on Swift's cooperative pool; a selection holds that queue until
/// the user is done. Copied text is served by a `ClipboardOwner` on its own connection and
/// thread, for as long as this object lives; the clipboard is read over a connection and thread
/// of each read's own, so that another program's slow answer never holds up the queue.
// `@unchecked Sendable`: `session` (the X connection) is touched only on `queue`; the rest is
// immutable or in a `Mutex`.
public final class X11Backend: DisplayBackend, @unchecked Sendable {
    /// The display this backend opens; `$DISPLAY` when nil.
    public let displayName: String?
    /// The Xauthority file whose cookie opens the display; nil: as Xlib chooses.
    public let xauthority: String?
    /// The text of the latest copy and whether PRIMARY had it too.
    private let lastCopy = Mutex<(content: ClipboardContent, alsoPrimary: Bool)?>(nil)
    private let queue = DispatchQueue(label: "org.livetext.x11")
    /// Touched only on `queue`.
    private var session: Session?
    /// Serves copied text on its own connection and thread; made on the first copy.
    private let owner: MadeOnFirstUse<ClipboardOwner>
    /// Whether the display is Xwayland, once known.
    private let xwayland = Mutex<Bool?>(nil)

    public init(displayName: String? = nil, xauthority: String? = nil) {
        self.displayName = displayName
        self.xauthority = xauthority
        owner = MadeOnFirstUse(make: { try ClipboardOwner(displayName: displayName, authority: xauthority) },
                               close: { $0.close() })
    }

    deinit {
        owner.current?.close()
    }

    public var spokenName: String {
        "the X display '\(displayName ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? "")'"
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

    /// Runs `body` on the X queue with a live session; cancelling the task raises the flag.
    private func run<T: Sendable>(cancel: CancellationFlag = CancellationFlag(),
                                  _ body: @escaping @Sendable (Session, CancellationFlag) throws -> T) async throws -> T {
        try await queue.perform(cancel: cancel) { try body(try self.liveSession(), cancel) }
    }

    private func liveSession() throws -> Session {
        session?.display.noticeIfGone()
        if let session, !session.display.isBroken { return session }
        session?.display.close()
        session = nil
        let fresh = Session(display: try X11Display(name: displayName, authority: xauthority))
        session = fresh
        return fresh
    }

    public func close() {
        queue.sync {
            session?.display.close()
            session = nil
        }
        owner.closeNow()
    }

    // MARK: What it can do

    public func capabilities() throws -> DisplayCapabilities {
        let xwayland = try isXwayland()
        let everything: DisplayCapabilities = [.captureScreen, .captureWindow, .selectRegion, .pickWindow, .readClipboard,
                                               .copy, .copyPrimary, .type, .hotkeys, .liveSurface, .viewWindow]
        // Xwayland shows X clients none of the desktop: no pixels, no keys outside X windows, no
        // typing into Wayland windows. Its clipboard is the session's, and its windows are shown.
        return xwayland ? [.readClipboard, .copy, .copyPrimary, .viewWindow] : everything
    }

    /// Whether the display is Xwayland: asked once, then kept. Over a connection of its own, not
    /// on the queue, which a selection may hold for minutes: a clipboard read must not wait for it.
    private func isXwayland() throws -> Bool {
        if let known = xwayland.withLock({ $0 }) { return known }
        let probe = try X11Display(name: displayName, authority: xauthority)
        defer { probe.close() }
        let found = probe.isXwayland
        xwayland.withLock { $0 = found }
        return found
    }

    public func mechanism(of capability: DisplayCapabilities) -> String? {
        guard let available = try? capabilities(), available.isSuperset(of: capability) else { return nil }
        let said: [(DisplayCapabilities, String)] = [
            (.captureScreen, "X11 (XGetImage)"), (.captureWindow, "X11 (XGetImage of the window)"),
            (.selectRegion, "X11 (a grabbing window over the frozen screen)"), (.pickWindow, "X11 (a grabbing window)"),
            (.readClipboard, "X11 selections"), (.copy, "X11 selections (CLIPBOARD)"), (.copyPrimary, "X11 selections (PRIMARY)"),
            (.type, "X11 (XTEST)"), (.hotkeys, "X11 key grabs (the daemon)"),
            (.liveSurface, "X11 (a grabbing window over the frozen screen)"), (.viewWindow, "X11 (a top-level window)"),
        ]
        let xwayland = (try? isXwayland()) == true ? "Xwayland " : ""
        return said.first { capability.isSubset(of: $0.0) }.map { xwayland + $0.1 }
    }

    public func unavailableReason(_ capability: DisplayCapabilities) -> String? {
        guard let available = try? capabilities(), !available.isSuperset(of: capability) else { return nil }
        let name = displayName ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        if !capability.isDisjoint(with: [.captureScreen, .captureWindow, .selectRegion, .pickWindow, .liveSurface]) {
            return "cannot read the screen: the X display '\(name)' is Xwayland, the X server of a Wayland session, "
                + "which never shows the desktop to X clients (a capture would be all black)"
        }
        return "\(capability.spokenName) is not available through the X display '\(name)': it is Xwayland, "
            + "which X clients reach only while one of its windows has the focus"
    }

    // MARK: Capture

    public func monitors() async throws -> [Monitor] {
        try await run { session, _ in try session.capture.monitors() }
    }

    public func capture(_ target: CaptureTarget) async throws -> CapturedImage {
        try await run { session, _ in try session.capture.capture(target) }
    }

    public func select(window: Bool, cancel: CancellationFlag,
                       atRest: (@Sendable (CapturedImage) -> Void)?) async throws -> CapturedImage {
        let report = window ? nil : atRest
        return try await run(cancel: cancel) { session, flag in
            let mode: SelectionMode = window ? .window : .region
            let rested: ((CapturedImage) -> Void)? = report.map { report in { report($0) } }
            return try RegionSelector(display: session.display).select(mode: mode, cancel: flag, atRest: rested).capture
        }
    }

    public func monitorUnderPointer() async throws -> Int? {
        try await run { session, _ in try session.capture.monitorUnderPointer() }
    }

    // MARK: Clipboard

    public func clipboardImage(maxBytes: Int, within deadline: Duration) async throws -> ClipboardImage {
        try await ClipboardReader.readImage(displayName: displayName, authority: xauthority, maxBytes: maxBytes,
                                            within: deadline)
    }

    public func copy(_ text: ClipboardContent, to selections: Set<SelectionName>) throws {
        let serving = try owner.get()
        do {
            try serving.copy(text, to: selections)
        } catch let error as LiveTextError where error.code == .unavailable {
            // The server went away since the last copy: once more on a new connection.
            owner.drop(serving)
            try owner.get().copy(text, to: selections)
        }
        lastCopy.withLock { $0 = (text, selections.contains(.primary)) }
        // Waits up to 2 s for a clipboard manager: not on the caller's thread.
        if let current = owner.current {
            Task { _ = try? await BlockingWork.run(.waiting) { current.handOffToManager(timeout: .seconds(2)) } }
        }
    }

    public func copyToHandOn(managerTimeout: Duration) -> (content: ClipboardContent, alsoPrimary: Bool)? {
        guard let current = owner.current, let copy = lastCopy.withLock({ $0 }), current.isOwner else {
            return nil
        }
        return current.handOffToManager(timeout: managerTimeout) ? nil : copy
    }

    public func waitUntilReplaced(timeout: Duration?) -> Bool {
        guard let current = owner.current else { return true }
        return current.waitUntilReplaced(timeout: timeout)
    }

    // MARK: Live text

    /// The surface grabs pointer and keyboard itself: an activation token is not needed.
    public func liveCanvas(_ target: CaptureTarget, maxPixels: Int, activationToken: String?) throws -> any LiveCanvas {
        let display = try X11Display(name: displayName, authority: xauthority)
        do {
            let area = try ScreenCapture(display: display).area(of: target)
            try ImageLimits(maxPixels: maxPixels).check(width: area.width, height: area.height)
            return try LiveSurface(display: display, area: area, closingDisplay: true)
        } catch {
            display.close()
            throw error
        }
    }

    /// A window on a connection of its own, sized for the image on the monitor under the pointer
    /// (its part left to windows) and centred on it.
    public func viewCanvas(title: String, fitting image: (width: Int, height: Int)) throws -> any ViewCanvas {
        let display = try X11Display(name: displayName, authority: xauthority)
        do {
            let monitors = try MonitorList.query(display)
            let pointer = display.pointer()
            let monitor = pointer.flatMap { at in monitors.first { $0.bounds.contains(x: at.x, y: at.y) } }
                ?? monitors.first { $0.isPrimary } ?? monitors[0]
            let place = ViewCanvasSize.placed(image: image, in: display.workArea(in: monitor.bounds))
            return try ViewWindow(display: display, at: place, title: title, closingDisplay: true)
        } catch {
            display.close()
            throw error
        }
    }

    // MARK: Typing

    public func type(_ text: String, cancel: CancellationFlag) async throws {
        try await run(cancel: cancel) { session, flag in
            try KeyboardTyper(display: session.display).type(text, cancel: flag)
        }
    }
}
