import DesktopPortals
import Dispatch
import Foundation
import LiveTextCore
import Synchronization
import WaylandKit
import X11Kit

/// The desktop of one process (or of one request to the daemon): capture, interactive selection,
/// the clipboard and typing, through the display server its `DisplaySession` names.
///
/// A session is served by one or two `DisplayBackend`s, asked in order for each thing a request
/// needs: an X display by `X11Backend`; a Wayland session by `WaylandBackend` (on GNOME and KDE
/// Plasma with the desktop's screenshot service as its `ScreenGrabber`, and xdg-desktop-portal's
/// RemoteDesktop as its `KeyTyper` where the compositor offers no keys of its own), with its Xwayland
/// (`X11Backend`) after it for what the compositor does not offer and Xwayland does (the
/// clipboard, which Xwayland shares with the session). Nothing is opened before it is needed, so
/// a daemon started without a display still serves files and answers capture calls with
/// `unavailable`; a connection whose server went away is replaced on the next call.
public final class Desktop: Sendable {
    /// The display server and its address; nil for a desktop made of given backends (tests).
    public let session: DisplaySession?
    /// Said after "DISPLAY is not set" when there is no display at all (the daemon: how to give it one).
    public let withoutDisplay: String?
    let backends: [any DisplayBackend]
    /// A Wayland session's screenshot service, which also knows the desktop (`desktopKind`).
    let grabber: DesktopGrabber?
    /// An environment that names no usable session (`LIVETEXT_BACKEND=gnome`): thrown on use.
    private let sessionError: LiveTextError?
    /// The backend that made the latest copy, which a process about to exit asks to hand it on.
    private let copiedBy = Mutex<(any DisplayBackend)?>(nil)
    /// Where backends are asked what they can do (see `backendWaiting`).
    let routing = DispatchQueue(label: "org.livetext.desktop", attributes: .concurrent)

    /// The X display this desktop opens, for what only X11 does (hotkeys): the X11 session's
    /// display, or a Wayland session's Xwayland; nil: `$DISPLAY`.
    public var displayName: String? { session?.xDisplay }

    /// The Xauthority file whose cookie opens the X display (a request's `xauthority`).
    public var xauthority: String? {
        if case .x11(_, let file) = session { return file }
        return nil
    }

    /// A desktop on X display `displayName` when it is given, else on the session the
    /// environment names (`DisplaySession.choose`).
    public convenience init(displayName: String? = nil, xauthority: String? = nil, withoutDisplay: String? = nil) {
        if displayName != nil || xauthority != nil {
            self.init(session: .x11(display: displayName, xauthority: xauthority), withoutDisplay: withoutDisplay)
            return
        }
        do {
            self.init(session: try DisplaySession.choose(environment: ProcessInfo.processInfo.environment),
                      withoutDisplay: withoutDisplay)
        } catch {
            self.init(failing: error as? LiveTextError ?? LiveTextError(.invalidArgs, "\(error)"), withoutDisplay: withoutDisplay)
        }
    }

    public init(session: DisplaySession, withoutDisplay: String? = nil) {
        self.session = session
        self.withoutDisplay = withoutDisplay
        sessionError = nil
        switch session {
        case .x11(let display, let xauthority):
            grabber = nil
            backends = [X11Backend(displayName: display, xauthority: xauthority)]
        case .wayland(let socket, let runtimeDirectory, let xwayland):
            // Where the compositor has no capture protocol (GNOME, KDE Plasma), the desktop's own
            // screenshot service reads the screen: chosen on first use, kept warm after it.
            let environment = ProcessInfo.processInfo.environment
            let grabber = DesktopGrabber(environment: environment)
            self.grabber = grabber
            // Where it has no keys for programs either (GNOME), the RemoteDesktop portal types:
            // its session is granted once and kept as long as this desktop.
            let typer = DesktopTyper(environment: environment, desktop: grabber.desktop)
            backends = [WaylandBackend(socket: socket, runtimeDirectory: runtimeDirectory, grabber: grabber, typer: typer)]
                + (xwayland.map { [X11Backend(displayName: $0)] } ?? [])
        }
    }

    /// A desktop served by `backends`, asked in order (a test's `EmbeddedDisplay`).
    public init(backends: [any DisplayBackend], withoutDisplay: String? = nil) {
        session = nil
        self.backends = backends
        self.withoutDisplay = withoutDisplay
        sessionError = nil
        grabber = nil
    }

    private init(failing error: LiveTextError, withoutDisplay: String?) {
        session = nil
        backends = []
        grabber = nil
        self.withoutDisplay = withoutDisplay
        sessionError = error
    }

    /// Whether this desktop has a display to open: a Wayland socket, an X display name, or `$DISPLAY`.
    public var knowsDisplay: Bool {
        switch session {
        case .wayland: true
        case .x11(let display, _): display != nil || !ProcessInfo.processInfo.environment["DISPLAY", default: ""].isEmpty
        case nil: sessionError == nil
        }
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

    /// Keeps a Wayland connection ready for the next live surface (a daemon, whose `live` hotkey
    /// should show the frozen screen at once): nothing on X11.
    public func keepLiveSurfaceConnectionReady() {
        for case let wayland as WaylandBackend in backends { wayland.keepSpareConnection() }
    }

    /// Closes the display connections and stops serving copied text, now: waits for what runs
    /// (a selection in progress is finished first). A later call opens them again.
    public func close() {
        backends.forEach { $0.close() }
    }

    /// The first backend that can do `capability`. When none can: the first backend's error of
    /// connecting, or why it cannot, as `unavailable`. Blocking (a backend may connect).
    private func backend(for capability: DisplayCapabilities) throws -> any DisplayBackend {
        if let sessionError { throw sessionError }
        var firstProblem: (any Error)?
        for backend in backends {
            do {
                if try backend.capabilities().isSuperset(of: capability) { return backend }
                if firstProblem == nil {
                    firstProblem = LiveTextError(.unavailable, backend.unavailableReason(capability)
                                                 ?? "\(capability.spokenName) is not available on \(backend.spokenName)")
                }
            } catch {
                if firstProblem == nil { firstProblem = error }
            }
        }
        throw explained(firstProblem ?? LiveTextError(.unavailable, "no display to work with"))
    }

    /// `backend(for:)` off the cooperative pool, on this desktop's own queue: asking a backend
    /// what it can do may connect (a round trip), and must not wait behind other requests' work
    /// in a shared lane (a clipboard read has a deadline of its own).
    private func backendWaiting(for capability: DisplayCapabilities) async throws -> any DisplayBackend {
        try await routing.perform { BackendBox(backend: try self.backend(for: capability)) }.backend
    }

    private struct BackendBox: Sendable {
        let backend: any DisplayBackend
    }

    /// An error of opening the display, saying what to do (`withoutDisplay`) when it is
    /// `unavailable` for want of one to open (no name, no `$DISPLAY`).
    private func explained(_ error: any Error) -> any Error {
        guard let error = error as? LiveTextError, error.code == .unavailable, !knowsDisplay else { return error }
        return LiveTextError(.unavailable, error.message + (withoutDisplay.map { ": " + $0 } ?? ""))
    }

    /// Throws `unavailable`, saying what to do, unless the display can do `capability` (by
    /// default: unless it can be reached at all).
    public func checkAvailable(for capability: DisplayCapabilities = []) async throws {
        _ = try await backendWaiting(for: capability)
    }

    /// What the session can do, over all its backends (empty when no display can be reached).
    public func capabilities() async -> DisplayCapabilities {
        let backends = self.backends
        return (try? await routing.perform {
            backends.reduce(into: DisplayCapabilities()) { all, backend in
                all.formUnion((try? backend.capabilities()) ?? [])
            }
        }) ?? []
    }

    // MARK: Capture

    /// Captures what `request` names; interactive requests wait for the user (Esc: `cancelled`).
    /// Throws `tooLarge` past `maxPixels`.
    /// `atRest`, for `.select`: what the dragged rectangle holds each time the pointer has held
    /// still over a new one, within `maxPixels`; called on the backend's thread, so it must
    /// return at once.
    public func capture(_ request: CaptureRequest, maxPixels: Int = ImageLimits.defaultMaxPixels,
                        atRest: (@Sendable (ScreenImage) -> Void)? = nil) async throws -> ScreenImage {
        let started = DispatchTime.now().uptimeNanoseconds
        let captured: CapturedImage
        do {
            if let target = request.fixedTarget {
                let needed: DisplayCapabilities
                if case .window = target { needed = .captureWindow } else { needed = .captureScreen }
                captured = try await backendWaiting(for: needed).capture(target)
            } else {
                let window = request == .pickWindow
                let limits = ImageLimits(maxPixels: maxPixels)
                let rested = atRest.map { report in
                    { @Sendable (image: CapturedImage) in
                        if (try? limits.check(width: image.image.width, height: image.image.height)) != nil {
                            report(ScreenImage(image, captureMs: nil))
                        }
                    }
                }
                let backend = try await backendWaiting(for: window ? .pickWindow : .selectRegion)
                let flag = CancellationFlag()
                captured = try await withTaskCancellationHandler {
                    try await backend.select(window: window, cancel: flag, atRest: rested)
                } onCancel: {
                    flag.cancel()
                }
            }
        } catch {
            throw explained(error)
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        try ImageLimits(maxPixels: maxPixels).check(width: captured.image.width, height: captured.image.height)
        return ScreenImage(captured, captureMs: request.isInteractive ? nil : elapsed)
    }

    /// The monitor under the pointer, as a request (`.monitor(index)`); `.screen` when the screen
    /// is one monitor, the pointer is on none, or the display server does not say.
    public func monitorUnderPointer() async throws -> CaptureRequest {
        try await backendWaiting(for: .captureScreen).monitorUnderPointer().map(CaptureRequest.monitor) ?? .screen
    }

    // MARK: Clipboard

    /// The image on CLIPBOARD (`notFound` when it holds none, saying what it holds): at most
    /// `maxBytes` of it, all of it within `deadline` (`failed`, naming the owner and what it sent,
    /// after that), then decoded by `decode`. A slow owner holds up nothing else. Cancelling the
    /// task ends the read at once (`cancelled`); the clipboard keeps what it held.
    public func clipboardImage(maxBytes: Int, deadline: Duration = ClipboardReader.defaultDeadline,
                               decode: @escaping @Sendable (Data) async throws -> PixelImage) async throws -> PixelImage {
        let encoded: ClipboardImage
        do {
            encoded = try await backendWaiting(for: .readClipboard).clipboardImage(maxBytes: maxBytes, within: deadline)
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

    /// `copy` for callers on a thread that may block (one round trip or two).
    public func copySynchronously(_ text: String, alsoPrimary: Bool = false) throws {
        try copySynchronously(ClipboardContent(plain: text), alsoPrimary: alsoPrimary)
    }

    /// `copySynchronously` of `content`: its HTML, when it has one, offered as `text/html` beside the text.
    public func copySynchronously(_ content: ClipboardContent, alsoPrimary: Bool = false) throws {
        let selections: Set<SelectionName> = alsoPrimary ? [.clipboard, .primary] : [.clipboard]
        let backend = try backend(for: alsoPrimary ? [.copy, .copyPrimary] : .copy)
        try backend.copy(content, to: selections)
        copiedBy.withLock { $0 = backend }
    }

    /// The text this desktop still serves on the clipboard (nothing else was copied since), for a
    /// process about to exit that must hand it on: `nil` when a clipboard manager took a copy of
    /// it now (within `managerTimeout`), or nothing of ours is on the clipboard.
    /// Whether a closed live surface's copy is still served by this process (GNOME without
    /// Xwayland: only the focused client may set the clipboard, so nobody else can take it over).
    public static var surfaceCopyIsServed: Bool { SurfaceCopies.isServing }

    /// Blocks until such a copy was replaced (nil: no limit); true when it was.
    public static func waitUntilSurfaceCopyReplaced(timeout: Duration?) -> Bool {
        SurfaceCopies.waitUntilReplaced(timeout: timeout)
    }

    public func copyToHandOn(managerTimeout: Duration = .milliseconds(300)) -> (content: ClipboardContent, alsoPrimary: Bool)? {
        copiedBy.withLock { $0 }?.copyToHandOn(managerTimeout: managerTimeout)
    }

    /// Blocks until the text this desktop copied last is no longer on the clipboard, or `timeout`
    /// passes (nil: forever); true when it was replaced (or nothing was copied).
    public func waitUntilReplaced(timeout: Duration? = nil) -> Bool {
        copiedBy.withLock { $0 }?.waitUntilReplaced(timeout: timeout) ?? true
    }

    // MARK: Live text

    /// A live canvas over `target`, frozen now, made on the calling thread (which then runs
    /// it): `unavailable` when no backend can show one, saying why; `tooLarge` past `maxPixels`.
    /// `activationToken`: the request's xdg-activation token (see `DisplayBackend`).
    public func liveCanvas(_ target: CaptureTarget, maxPixels: Int, activationToken: String? = nil) throws -> any LiveCanvas {
        do {
            return try backend(for: .liveSurface).liveCanvas(target, maxPixels: maxPixels, activationToken: activationToken)
        } catch {
            throw explained(error)
        }
    }

    /// A window for the image viewer, sized for an image of `image` pixels, made on the calling
    /// thread (which then runs it): `unavailable` when no backend can show one, saying why.
    public func viewCanvas(title: String, fitting image: (width: Int, height: Int)) throws -> any ViewCanvas {
        do {
            return try backend(for: .viewWindow).viewCanvas(title: title, fitting: image)
        } catch {
            throw explained(error)
        }
    }

    // MARK: Typing

    /// Types `text` into the focused window.
    public func type(_ text: String) async throws {
        let backend = try await backendWaiting(for: .type)
        let flag = CancellationFlag()
        try await withTaskCancellationHandler {
            try await backend.type(text, cancel: flag)
        } onCancel: {
            flag.cancel()
        }
    }
}
