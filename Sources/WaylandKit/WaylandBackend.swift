import CWayland
import CWaylandProtocols
import CXKBCommon
import Dispatch
import Foundation
import LiveTextCore
import Synchronization

/// A Wayland compositor as a `DisplayBackend`: capture through wlr-screencopy, the clipboard
/// through wlr-data-control, typing through the virtual keyboard (or KWin's fake input, or a `KeyTyper`
/// such as GNOME's RemoteDesktop portal); what the compositor offers is read from its globals. Where it has no screencopy (GNOME, KDE Plasma), capture and the frozen
/// screen come from a `ScreenGrabber` when one is given (the desktop's own screenshot service),
/// its whole screen cut to what was asked; where it has no layer shell (GNOME), the frozen screen
/// is shown on full-screen toplevels (`WaylandLiveSurface`).
///
/// One connection serves capture and typing, in order on one serial queue, opened when first
/// needed and replaced when the compositor went away; the clipboard is read over a connection of
/// each read's own, and copied text is served by an owner with its own connection and thread.
// `@unchecked Sendable`: `connection` is touched only on `queue`; the rest is immutable or in a `Mutex`.
public final class WaylandBackend: DisplayBackend, @unchecked Sendable {
    /// The socket (`WAYLAND_DISPLAY`): a name in `runtimeDirectory`, or a path.
    public let socket: String
    public let runtimeDirectory: String?
    private let queue = DispatchQueue(label: "org.livetext.wayland")
    /// Touched only on `queue`.
    private var connection: WaylandConnection?
    /// Touched only on `queue`: the bindings and frame buffers of the latest captures on
    /// `connection`, let go of `keptFor` after the last one.
    private var screencopy: (kit: ScreencopyKit, used: ContinuousClock.Instant)?
    /// How long capture buffers stay mapped after a capture (the next one is faster with them).
    static let keptFor: Duration = .seconds(30)
    /// The globals of the latest connection, for `capabilities()` without a round trip.
    private let offered = Mutex<[WaylandConnection.Global]?>(nil)
    /// Serves copied text on its own connection and thread; made on the first copy.
    private let owner: MadeOnFirstUse<WaylandClipboardOwner>
    /// The latest copy and whether the primary selection had it too.
    private let lastCopy = Mutex<(content: ClipboardContent, alsoPrimary: Bool)?>(nil)
    /// Reads the screen where the compositor cannot (no wlr-screencopy).
    private let grabber: (any ScreenGrabber)?
    /// Presses keys where the compositor offers no virtual keyboard and no fake input.
    private let typer: (any KeyTyper)?
    /// The globals acted on as if the compositor did not offer them.
    public let withoutProtocols: Set<String>
    /// Gives the next full-screen live canvas the focus; used once (a token is good for one activation).
    private let activationToken: Mutex<String?>
    /// A connection made ahead for the next live surface, and whether one is kept ready
    /// (`keepSpareConnection`): a new connection can cost the compositor more than the capture
    /// (KWin hashes the executable of a program its desktop files grant, twice, on each new
    /// connection: 1.2–1.8 s for livetext's binary on a machine without a GPU, its desktop waiting).
    private let spare = Mutex<(connection: WaylandConnection?, kept: Bool)>((nil, false))
    private let spareQueue = DispatchQueue(label: "org.livetext.wayland.spare")
    /// How long a grabber has for the whole screen: a first grab may wait for the user to answer
    /// the desktop's consent dialog.
    static let grabDeadline: Duration = .seconds(20)

    /// `grabber`: what reads the screen when the compositor offers no wlr-screencopy (GNOME's
    /// Screenshot portal, KWin's ScreenShot2); nil: capture needs screencopy.
    ///
    /// `typer`: what presses keys when the compositor offers neither a virtual keyboard nor KWin's
    /// fake input (GNOME's RemoteDesktop portal); nil: typing needs one of them.
    ///
    /// `withoutProtocols`: interfaces (`zwlr_layer_shell_v1`, `zwlr_screencopy_manager_v1`, …) to
    /// act as if the compositor did not offer, on every connection this backend and its surfaces
    /// make: for tests that play GNOME on sway, and for users working around a compositor's broken
    /// protocol (the fallback is used instead: the grabber, full-screen toplevels, the focused
    /// surface's clipboard).
    ///
    /// `activationToken`: an xdg-activation token that gives the first full-screen live canvas the
    /// focus (a request's); nil: `XDG_ACTIVATION_TOKEN` of this process, when set.
    public init(socket: String, runtimeDirectory: String?, grabber: (any ScreenGrabber)? = nil,
                typer: (any KeyTyper)? = nil, withoutProtocols: Set<String> = [], activationToken: String? = nil) {
        self.socket = socket
        self.runtimeDirectory = runtimeDirectory
        self.grabber = grabber
        self.typer = typer
        self.withoutProtocols = withoutProtocols
        self.activationToken = Mutex(activationToken ?? ProcessInfo.processInfo.environment["XDG_ACTIVATION_TOKEN"])
        owner = MadeOnFirstUse(make: { try WaylandClipboardOwner(socket: socket, runtimeDirectory: runtimeDirectory) },
                               close: { $0.close() })
    }

    public var spokenName: String { "the Wayland display '\(socket)'" }

    /// Runs `body` on the queue with a connection, opening one when there is none or the last
    /// one failed.
    func run<T: Sendable>(cancel: CancellationFlag = CancellationFlag(),
                          _ body: @escaping @Sendable (WaylandConnection, CancellationFlag) throws -> T) async throws -> T {
        try await queue.perform(cancel: cancel) {
            let connection = try self.openConnection()
            do {
                return try body(connection, cancel)
            } catch let error as LiveTextError where error.code == .unavailable && connection.isBroken {
                self.dropConnection()
                throw error
            }
        }
    }

    /// On `queue`.
    private func openConnection() throws -> WaylandConnection {
        connection?.noticeIfGone()
        if let connection, !connection.isBroken { return connection }
        dropConnection()
        let fresh = try WaylandConnection(socket: socket, runtimeDirectory: runtimeDirectory, ignoring: withoutProtocols)
        connection = fresh
        offered.withLock { $0 = fresh.globals }
        return fresh
    }

    /// On `queue`.
    private func dropConnection() {
        screencopy?.kit.destroy()
        screencopy = nil
        connection?.close()
        connection = nil
    }

    public func close() {
        queue.sync { dropConnection() }
        spareQueue.sync {
            spare.withLock { kept in
                defer { kept = (nil, false) }
                return kept.connection
            }?.close()
        }
        owner.closeNow()
    }

    // MARK: A connection ready for the next live surface

    /// Keeps a connection ready for the next live surface from now on (a daemon, whose hotkeys
    /// show one): made now in the background; a surface (or clipboard read) that took it gives it
    /// back when it closed with nothing of its own left on it, else another is made once it closed
    /// (not while it is up: KWin, hashing our binary for the new connection, would hold up the
    /// surface's own requests, and its whole desktop, for a second or more).
    public func keepSpareConnection() {
        spare.withLock { $0.kept = true }
        prepareSpare()
    }

    /// Makes the spare connection in the background, unless there is one or none is kept.
    func prepareSpare() {
        spareQueue.async { [self] in
            guard spare.withLock({ $0.kept && $0.connection == nil }),
                  let made = try? WaylandConnection(socket: socket, runtimeDirectory: runtimeDirectory, ignoring: withoutProtocols)
            else { return }
            keepAsSpare(made)
        }
    }

    /// Keeps `connection`, which nothing uses any more, as the spare; closes it where a spare is
    /// not kept or one is there already.
    func keepAsSpare(_ connection: WaylandConnection) {
        let unwanted = spare.withLock { kept -> WaylandConnection? in
            guard kept.kept, kept.connection == nil else { return connection }
            kept.connection = connection
            return nil
        }
        unwanted?.close()
    }

    /// What a surface or read that took the spare calls to give its connection back (closed
    /// once the backend is gone).
    private var givesBack: @Sendable (WaylandConnection) -> Void {
        { [weak self] connection in
            guard let self else { return connection.close() }
            self.keepAsSpare(connection)
        }
    }

    /// The spare connection made and not yet taken.
    var spareConnection: WaylandConnection? { spare.withLock { $0.connection } }

    /// The spare connection for a live surface, when one is ready and its compositor still there;
    /// nil: the surface connects itself. The next one is made when the surface closes.
    func takeSpare() -> WaylandConnection? {
        guard let taken = spare.withLock({ kept -> WaylandConnection? in
            defer { kept.connection = nil }
            return kept.connection
        }) else { return nil }
        taken.noticeIfGone()
        guard !taken.isBroken else {
            taken.close()
            return nil
        }
        return taken
    }

    // MARK: What it can do

    /// The globals each capability needs, in order of preference (the first offered is used).
    static let protocols: [(DisplayCapabilities, [String])] = [
        (.captureScreen, ["zwlr_screencopy_manager_v1"]),
        (.readClipboard, ["zwlr_data_control_manager_v1"]),
        (.copy, ["zwlr_data_control_manager_v1"]),
        (.type, ["zwp_virtual_keyboard_manager_v1", FakeInputTyper.interface]),
        (.viewWindow, ["xdg_wm_base"]),
    ]

    /// What the frozen screen (the live surface, the region drag) can be shown on, besides a way
    /// to read the screen: layer surfaces, else full-screen toplevels.
    static let liveShells: Set<String> = ["zwlr_layer_shell_v1", "xdg_wm_base"]

    /// Asks the grabber whether it can read the screen now when the compositor cannot (a round
    /// trip to its service).
    public func capabilities() throws -> DisplayCapabilities {
        let globals = try currentGlobals()
        let offered = Set(globals.map(\.interface))
        var found = DisplayCapabilities()
        for (capability, interfaces) in Self.protocols where !offered.isDisjoint(with: interfaces) {
            found.insert(capability)
        }
        // The primary selection came with version 2 of wlr-data-control.
        if globals.contains(where: { $0.interface == "zwlr_data_control_manager_v1" && $0.version >= 2 }) {
            found.insert(.copyPrimary)
        }
        if !found.contains(.captureScreen), let grabber, grabber.unavailableReason() == nil {
            found.insert(.captureScreen)
        }
        if !found.contains(.type), let typer, offered.contains("wl_seat"), typer.unavailableReason() == nil {
            found.insert(.type)
        }
        if found.contains(.captureScreen), !offered.isDisjoint(with: Self.liveShells) {
            found.formUnion([.liveSurface, .selectRegion])
        }
        return found
    }

    private func currentGlobals() throws -> [WaylandConnection.Global] {
        if let known = offered.withLock({ $0 }) { return known }
        return try queue.sync { try openConnection().globals }
    }

    public func mechanism(of capability: DisplayCapabilities) -> String? {
        guard let globals = try? currentGlobals(), (try? capabilities())?.isSuperset(of: capability) == true else { return nil }
        let offered = Set(globals.map(\.interface))
        let capture = offered.contains("zwlr_screencopy_manager_v1") ? "wlr-screencopy" : (grabber?.spokenName ?? "")
        if capability.isSubset(of: [.liveSurface, .selectRegion]) {
            let shell = offered.contains("zwlr_layer_shell_v1") ? "layer-shell surfaces" : "full-screen xdg-shell windows"
            return "Wayland (\(shell) over the screen read through \(capture))"
        }
        if capability == .captureScreen {
            return offered.contains("zwlr_screencopy_manager_v1") ? "Wayland (zwlr_screencopy_manager_v1)" : capture
        }
        for (needs, interfaces) in Self.protocols where capability.isSubset(of: needs) {
            if let found = interfaces.first(where: { offered.contains($0) }) { return "Wayland (\(found))" }
        }
        if capability == .type, let typer { return typer.spokenName }
        return capability == .copyPrimary ? "Wayland (zwlr_data_control_manager_v1)" : nil
    }

    public func unavailableReason(_ capability: DisplayCapabilities) -> String? {
        guard let available = try? capabilities(), !available.isSuperset(of: capability) else { return nil }
        let missing = capability.subtracting(available)
        let wlroots = "wlroots compositors (sway, Hyprland, river, labwc, Wayfire) and KDE Plasma offer it; on GNOME "
            + "a copy goes through Xwayland's clipboard (set DISPLAY), or from the live surface itself"
        let noCapture = { self.grabber?.unavailableReason() ?? WaylandScreenCapture.missingProtocol(self.socket) }
        if !missing.isDisjoint(with: .captureScreen) { return noCapture() }
        if !missing.isDisjoint(with: [.readClipboard, .copy]) {
            return "\(missing.spokenName) is not available: \(spokenName) offers no clipboard protocol for programs "
                + "without a window (zwlr_data_control_manager_v1): " + wlroots
        }
        if !missing.isDisjoint(with: .copyPrimary) {
            return "copying to the primary selection is not available: \(spokenName) offers version 1 of "
                + "zwlr_data_control_manager_v1, without the primary selection"
        }
        if !missing.isDisjoint(with: [.liveSurface, .selectRegion]) {
            guard let globals = try? currentGlobals(), globals.contains(where: { Self.liveShells.contains($0.interface) }) else {
                return "\(missing.spokenName) is not available: \(spokenName) offers no shell to show the frozen screen on "
                    + "(zwlr_layer_shell_v1 or xdg_wm_base)"
            }
            return "\(missing.spokenName) is not available, as the screen cannot be read: " + noCapture()
        }
        if !missing.isDisjoint(with: .type) {
            return "typing is not available: \(spokenName) offers no virtual keyboard (zwp_virtual_keyboard_manager_v1), "
                + "which wlroots compositors (sway, Hyprland, river, labwc, Wayfire) offer, and no KWin fake input: "
                + FakeInputTyper.missing(socket) + (typer?.unavailableReason().map { "; and \($0)" } ?? "")
        }
        if !missing.isDisjoint(with: .viewWindow) {
            return "the image viewer's window is not available: \(spokenName) offers no xdg-shell (xdg_wm_base), "
                + "which every desktop compositor does"
        }
        if !missing.isDisjoint(with: [.captureWindow, .pickWindow]) {
            return "\(missing.spokenName) is not available on Wayland: a Wayland program cannot name or read other "
                + "programs' windows; capture a region (--region X,Y,W,H) or a monitor (--monitor N) instead"
        }
        return "\(missing.spokenName) is not available on Wayland yet (\(spokenName)); on X11 it is"
    }

    // MARK: Capture

    public func monitors() async throws -> [Monitor] {
        try await run { connection, _ in
            let outputs = try OutputList(connection: connection)
            defer { outputs.destroy() }
            return outputs.outputs.map(\.monitor)
        }
    }

    public func capture(_ target: CaptureTarget) async throws -> CapturedImage {
        let captured = try await run { connection, cancel in
            let outputs = try OutputList(connection: connection)
            defer { outputs.destroy() }
            return try self.freeze(target, connection: connection, outputs: outputs, cancel: cancel)
        }
        return captured.reading(windows: SwayWindows.rects(runtimeDirectory: swayRuntimeDirectory))
    }

    /// What `target` shows now: through wlr-screencopy when the compositor has it, else the
    /// grabber's whole screen cut to `target` (`GrabbedScreen`); on `queue`.
    private func freeze(_ target: CaptureTarget, connection: WaylandConnection, outputs: OutputList,
                        cancel: CancellationFlag?) throws -> CapturedImage {
        guard connection.global("zwlr_screencopy_manager_v1") == nil, let grabber else {
            return try WaylandScreenCapture.capture(target, connection: connection, outputs: outputs,
                                                    kit: try screencopyKit(on: connection), cancel: cancel)
        }
        if case .window = target { throw LiveTextError(.unavailable, unavailableReason(.captureWindow) ?? "") }
        let described = outputs.outputs
        let area = try WaylandScreenCapture.area(of: target, outputs: described)
        try cancel?.check()
        let screen = try grabber.grabScreen(within: Self.grabDeadline)
        return try GrabbedScreen.crop(screen, to: area, layout: described.map(\.logical).union, grabber: grabber.spokenName)
    }

    /// Where sway's IPC socket is: beside the Wayland socket.
    private var swayRuntimeDirectory: String? {
        runtimeDirectory ?? ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"]
    }

    /// The capture bindings and buffers kept on `connection`, made when there are none; on `queue`.
    private func screencopyKit(on connection: WaylandConnection) throws -> ScreencopyKit {
        let kit = try screencopy?.kit ?? ScreencopyKit(connection: connection)
        let used = ContinuousClock.now
        screencopy = (kit, used)
        queue.asyncAfter(deadline: .now() + .milliseconds(Int(Self.keptFor / .milliseconds(1)))) { [weak self] in
            guard let self, let kept = self.screencopy, kept.used == used else { return }
            kept.kit.destroy()
            self.screencopy = nil
            self.connection?.flush()
        }
        return kit
    }

    /// The drag over a live canvas of the first output (`CanvasSelection`), on a thread of its
    /// own for as long as the user takes.
    public func select(window: Bool, cancel: CancellationFlag,
                       atRest: (@Sendable (CapturedImage) -> Void)?) async throws -> CapturedImage {
        if window { throw LiveTextError(.unavailable, unavailableReason(.pickWindow) ?? "") }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    continuation.resume(with: Result {
                        let canvas = try self.liveCanvas(.screen, maxPixels: Int.max)
                        return try CanvasSelection.select(on: canvas, cancel: cancel) { atRest?($0) }
                    })
                }
                thread.name = "livetext-wayland-selection"
                thread.start()
            }
        } onCancel: {
            cancel.cancel()
        }
    }

    /// Wayland tells a program where the pointer is only over its own surfaces.
    public func monitorUnderPointer() async throws -> Int? { nil }

    // MARK: Clipboard

    /// Over a connection and thread of the read's own: a slow owner holds up nothing else. Where
    /// a spare connection is kept (a daemon), the read takes it and gives it back when it ended
    /// cleanly (else another is made), so that KWin does not hash our binary while the user waits
    /// for the read, nor after it.
    public func clipboardImage(maxBytes: Int, within deadline: Duration) async throws -> ClipboardImage {
        try requireDataControl(for: .readClipboard)
        guard let spare = takeSpare() else {
            return try await WaylandClipboardReader.readImage(socket: socket, runtimeDirectory: runtimeDirectory,
                                                              maxBytes: maxBytes, within: deadline)
        }
        // Not given back: another is made. (Asking for one whatever happened would race the next
        // read: made after that read took the spare, it would close the one given back.)
        let givenBack = Mutex(false)
        defer { if !givenBack.withLock({ $0 }) { prepareSpare() } }
        let giveBack = givesBack
        return try await WaylandClipboardReader.readImage(
            socket: socket, runtimeDirectory: runtimeDirectory, maxBytes: maxBytes, within: deadline, connection: spare,
            handBack: { connection in
                givenBack.withLock { $0 = true }
                giveBack(connection)
            })
    }

    public func copy(_ text: ClipboardContent, to selections: Set<SelectionName>) throws {
        try requireDataControl(for: .copy)
        let serving = try owner.get()
        do {
            try serving.copy(text, to: selections)
        } catch let error as LiveTextError where error.code == .unavailable && !serving.isServing {
            // The compositor went away since the last copy: once more on a new connection.
            owner.drop(serving)
            try owner.get().copy(text, to: selections)
        }
        lastCopy.withLock { $0 = (text, selections.contains(.primary)) }
    }

    /// `unavailable` without wlr-data-control (also when `withoutProtocols` names it: the owner's
    /// and the reader's connections would see it).
    private func requireDataControl(for capability: DisplayCapabilities) throws {
        guard try currentGlobals().contains(where: { $0.interface == "zwlr_data_control_manager_v1" }) else {
            throw LiveTextError(.unavailable, unavailableReason(capability) ?? DataControlDevice.noDataControl(socket).message)
        }
    }

    /// Wayland has no clipboard-manager handoff (a manager such as cliphist copies what it sees):
    /// the text is still ours while nothing else was copied, and the caller must keep serving it.
    public func copyToHandOn(managerTimeout: Duration) -> (content: ClipboardContent, alsoPrimary: Bool)? {
        guard let current = owner.current, current.isOwner else { return nil }
        return lastCopy.withLock { $0 }
    }

    public func waitUntilReplaced(timeout: Duration?) -> Bool {
        guard let current = owner.current else { return true }
        return current.waitUntilReplaced(timeout: timeout)
    }

    // MARK: Live text

    /// Surfaces over what `target` covers (the screen: every output; a monitor; a region, on each
    /// output it touches), frozen now: layer surfaces, or full-screen toplevels without a layer shell,
    /// given the focus with `activationToken` (else this process's own, used once).
    public func liveCanvas(_ target: CaptureTarget, maxPixels: Int, activationToken given: String?) throws -> any LiveCanvas {
        if case .window = target { throw LiveTextError(.unavailable, unavailableReason(.captureWindow) ?? "") }
        guard try capabilities().contains(.liveSurface) else {
            throw LiveTextError(.unavailable, unavailableReason(.liveSurface) ?? "")
        }
        let (frozen, places) = try queue.sync { () throws -> (CapturedImage, [LiveSheetPlace]) in
            let connection = try openConnection()
            let outputs = try OutputList(connection: connection)
            defer { outputs.destroy() }
            let described = outputs.outputs
            let area = try WaylandScreenCapture.area(of: target, outputs: described)
            let places = described.compactMap { output -> LiveSheetPlace? in
                let part = output.logical.intersection(area)
                return part.isEmpty ? nil : LiveSheetPlace(outputName: output.name, output: output.logical, area: part)
            }
            let captured = try self.freeze(target, connection: connection, outputs: outputs, cancel: nil)
            return (captured.reading(windows: SwayWindows.rects(runtimeDirectory: self.swayRuntimeDirectory)), places)
        }
        try ImageLimits(maxPixels: maxPixels).check(width: frozen.image.width, height: frozen.image.height)
        let own = activationToken.withLock { token in
            defer { token = nil }
            return token
        }
        let token = given ?? own
        return try WaylandLiveSurface(socket: socket, runtimeDirectory: runtimeDirectory, frozen: frozen, places: places,
                                      withoutProtocols: withoutProtocols, activationToken: token, connection: takeSpare(),
                                      closed: { [weak self] in self?.prepareSpare() },
                                      recycle: givesBack)
    }

    /// An xdg-shell toplevel on a connection of its own, sized for the image on the first output
    /// (at the largest output scale: crisp on HiDPI).
    public func viewCanvas(title: String, fitting image: (width: Int, height: Int)) throws -> any ViewCanvas {
        guard try capabilities().contains(.viewWindow) else {
            throw LiveTextError(.unavailable, unavailableReason(.viewWindow) ?? "")
        }
        let outputs = try queue.sync { () throws -> [WaylandOutput] in
            let list = try OutputList(connection: try openConnection())
            defer { list.destroy() }
            return list.outputs
        }
        let scale = outputs.map(\.scale).max() ?? 1
        let screen = outputs.first.map { ($0.logical.width * scale, $0.logical.height * scale) } ?? (1280 * scale, 800 * scale)
        let size = ViewCanvasSize.fitting(image: image, screen: screen)
        return try WaylandViewWindow(socket: socket, runtimeDirectory: runtimeDirectory, title: title,
                                     width: size.width, height: size.height, scale: scale)
    }

    // MARK: Typing

    public func type(_ text: String, cancel: CancellationFlag) async throws {
        let offered = Set(try currentGlobals().map(\.interface))
        if let typer, offered.isDisjoint(with: ["zwp_virtual_keyboard_manager_v1", FakeInputTyper.interface]) {
            return try await type(text, through: typer, cancel: cancel)
        }
        try await run(cancel: cancel) { connection, cancel in
            // A wlroots compositor's virtual keyboard brings its own keymap; KDE Plasma's fake input
            // types through the user's layout.
            if connection.global("zwp_virtual_keyboard_manager_v1") == nil, connection.global(FakeInputTyper.interface) != nil {
                return try FakeInputTyper(connection: connection).type(text, cancel: cancel)
            }
            try VirtualKeyboardTyper(connection: connection).type(text, cancel: cancel)
        }
    }
}

extension WaylandBackend {
    /// Types through `typer`: its permission first (a dialog the first time, waited for off the
    /// connection's queue), then the text's keysyms checked against the seat's layout (the desktop
    /// presses the keys of its own layout: a character it has no key for would be lost, so none
    /// is typed), then pressed. Where the seat has a keyboard already (a session with a keyboard
    /// attached), the check comes first: no dialog for a text that could not be typed.
    private func type(_ text: String, through typer: any KeyTyper, cancel: CancellationFlag) async throws {
        let keysyms = TypingKeymap.keysyms(typing: text)
        guard !keysyms.isEmpty else { return }
        let because = "the desktop presses only the keys of its layout"
        try await run(cancel: cancel) { connection, cancel in
            try LayoutKeys.ofSeat(on: connection, waitingForKeyboard: false, cancel: cancel)?.layout
                .check(keysyms, through: typer.spokenName, because: because)
        }
        try await BlockingWork.run(.waiting) { try typer.prepare(cancel: cancel) }
        try await run(cancel: cancel) { connection, cancel in
            let (layout, hadKeyboard) = try LayoutKeys.ofSeat(on: connection, cancel: cancel)
            try layout.check(keysyms, through: typer.spokenName, because: because)
            // A keyboard the typer's session just made reaches clients a little later.
            if !hadKeyboard { try TypingPace.pause(VirtualKeyboardTyper.keyboardSettle, cancel: cancel) }
            try typer.press(keysyms: keysyms, cancel: cancel)
        }
    }
}
