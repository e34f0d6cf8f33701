import Foundation
import LiveTextCore
import LiveTextInteraction
import X11Kit

/// Live Text on the screen (`livetext live`): freezes the screen under a `LiveSurface`, reads it
/// while the user already sees it, and makes the text live where it stands as it is read: the
/// lines around the pointer first, each batch of lines sent to the surface as soon as it is read,
/// the whole reading at the end. The surface runs on a thread of its own (never on Swift's
/// cooperative pool); the reading runs here, in the caller's task.
public struct LiveSession: Sendable {
    /// The X display to open; `$DISPLAY` when nil. Ignored when `desktop` is given.
    public var displayName: String?
    /// The desktop whose display server shows the surface (X11, or a Wayland compositor); nil:
    /// one for `displayName`, else for the session the environment names.
    public var desktop: Desktop?
    /// What is frozen and read: `.screen` (every monitor), `.monitor`, `.window` or `.region`.
    public var target: CaptureRequest
    /// A larger screen is refused (`tooLarge`) before it is read.
    public var maxPixels: Int
    /// What the text offers (`none` offers nothing: refused by the caller).
    public var types: [InteractionType]
    /// The Live Text button's settings (its size follows the screen's `Xft.dpi`).
    public var interface: SupplementaryInterface
    /// Under `textSelection`, detected items are still offered (as chips).
    public var allowDataDetectorsInTextMode: Bool
    /// The xdg-activation token of the request that asked for the surface (a hotkey's binding
    /// runs `livetext hotkey` with one), for the compositor to give it the focus; nil: none, or
    /// this process's own.
    public var activationToken: String?

    public init(displayName: String? = nil, desktop: Desktop? = nil, target: CaptureRequest = .screen,
                maxPixels: Int = ImageLimits.defaultMaxPixels, types: [InteractionType] = [.automatic],
                interface: SupplementaryInterface = SupplementaryInterface(), allowDataDetectorsInTextMode: Bool = true) {
        self.displayName = displayName
        self.desktop = desktop
        self.target = target
        self.maxPixels = maxPixels
        self.types = types
        self.interface = interface
        self.allowDataDetectorsInTextMode = allowDataDetectorsInTextMode
    }

    /// How a session ended.
    public struct Outcome: Sendable {
        /// The user closed it with Enter (after copying the selection), not with Escape.
        public var confirmed: Bool
        /// The text copied last (Ctrl+C, Enter), nil when nothing was.
        public var copied: ClipboardContent?
        /// The quick action of the item or code clicked (which closed the surface), for the caller to
        /// carry out now that nothing is grabbed, with the reading it was chosen in (one of its
        /// `actions`): a partial one when the item was clicked before the whole was read.
        public var action: (action: QuickAction, reading: ImageAnalysis)?
        /// Look Up or Translate chosen for the selected text in its right-click menu: the caller
        /// fills its template and opens it.
        public var textAction: (kind: QuickAction.Kind, text: String)?
        /// The reading, when it was done before the surface closed.
        public var analysis: ImageAnalysis?
        /// Why the reading failed, when it did (the surface stayed until closed).
        public var readingFailure: LiveTextError?
        /// What the interface could not do as asked: a font that stood in for another, insets
        /// that left no room, one sentence each.
        public var notes: [String] = []
        public var timings: LiveTimings
    }

    /// Shows the surface and runs it until the user closes it. `analyze` reads the frozen
    /// pixels (in the caller's task) with the progressive reading it is given (the pointer as its
    /// focus, partial readings sent to the surface); `copy` puts text on the clipboard (on the surface's
    /// thread: it may block for a round trip, not longer), unless the surface copies it itself
    /// (`LiveCanvas.copyFromSurface`: a compositor that takes copies only from the focused
    /// window). Throws `.invalidArgs` for a target off the screen or an interactive one,
    /// `.unavailable` without a display or when the grabs stay taken, `.tooLarge` past `maxPixels`. `onReading` hears each reading as the surface is sent
    /// it: the analysis so far, in the frozen image's pixels (the whole one last).
    /// Cancelling the caller's task closes the surface (within one wait of its loop) and throws
    /// `CancellationError`. `onShown` hears, on the surface's thread, how many milliseconds after
    /// the start the frozen screen was shown with both grabs held (the capture included): at once,
    /// also for a session that is cancelled later.
    public func run(analyze: @escaping @Sendable (ScreenImage, ProgressiveReading) async throws -> ImageAnalysis,
                    copy: @escaping @Sendable (ClipboardContent) throws -> Void,
                    onReading: @escaping @Sendable (ImageAnalysis) -> Void = { _ in },
                    onShown: @escaping @Sendable (Double) -> Void = { _ in }) async throws
        -> Outcome {
        _ = try Self.surfaceTarget(target)
        let (progress, report) = AsyncStream<Progress>.makeStream()
        let closing = CancellationFlag()
        report.onTermination = { if case .cancelled = $0 { closing.cancel() } }
        let thread = Thread { [self] in
            runSurface(copy: copy, cancel: closing, report: report, onShown: onShown)
        }
        thread.name = "livetext-live"
        thread.start()
        var reading: Task<Void, Never>?
        defer { reading?.cancel() }
        for await step in progress {
            switch step {
            case .shown(let surface, let image, let metrics, let interface, let pointer):
                // One reading of the whole, the pointer's line first; each batch of lines is live
                // as soon as it is read.
                let progress = ProgressiveReading(focus: pointer.map { Bounds(x: $0.x, y: $0.y, width: 1, height: 1) }) {
                    surface.send(LiveReading.partial($0))
                    onReading($0.analysis)
                }
                reading = Task {
                    let reading = await LiveReading.of {
                        let analysis = try await analyze(image, progress)
                        return (analysis, LivePanel.laidOut(analysis, types: types,
                                                            allowDataDetectorsInTextMode: allowDataDetectorsInTextMode,
                                                            interface: interface, metrics: metrics, width: image.image.width,
                                                            height: image.image.height, frozen: image.image))
                    }
                    surface.send(reading)
                    if case .done(let analysis, _) = reading { onReading(analysis) }
                }
            case .ended(let result):
                reading?.cancel()
                await reading?.value
                return try result.get()
            }
        }
        try Task.checkCancellation()
        throw LiveTextError(.failed, "the live surface ended without saying how")
    }

    /// What the surface's thread tells `run`.
    private enum Progress: @unchecked Sendable {
        /// The frozen screen is shown: read it. (The surface is only sent messages from here.)
        /// The surface up, its frozen pixels, the interface's scale and settings (the content
        /// insets grown by the panels' edges), and where the pointer was.
        case shown(any LiveCanvas, ScreenImage, InterfaceMetrics, SupplementaryInterface, pointer: (x: Int, y: Int)?)
        case ended(Result<Outcome, any Error>)
    }

    private static func surfaceTarget(_ target: CaptureRequest) throws -> CaptureTarget {
        guard let fixed = target.fixedTarget else {
            throw LiveTextError(.invalidArgs, "live text freezes the screen, a monitor, a window or a region, not a \(target)")
        }
        return fixed
    }

    /// The surface's thread: show, hand the frozen pixels over, run the controller until closed.
    private func runSurface(copy: @Sendable (ClipboardContent) throws -> Void, cancel: CancellationFlag,
                            report: AsyncStream<Progress>.Continuation, onShown: @Sendable (Double) -> Void) {
        let started = ContinuousClock.now
        defer { report.finish() }
        do {
            let surface = try (desktop ?? Desktop(displayName: displayName))
                .liveCanvas(try Self.surfaceTarget(target), maxPixels: maxPixels, activationToken: activationToken)
            defer { surface.close() }
            // The grabs at once, as a rule; while a hotkey's keys hold the keyboard (until they are
            // released, a tenth of a second or so) the reading starts before them.
            try surface.map()
            // Shown: up and holding both grabs.
            var shownMs = surface.grabInputIfFree() ? LiveTimings.since(started) : nil
            let area = surface.area
            let frozen = try surface.frozen()
            // Interface points at the screen's DPI: 96 is one pixel a point.
            let metrics = InterfaceScale.metrics(dotsPerInch: surface.dotsPerInch, physicalDotsPerInch: surface.physicalDotsPerInch)
            let shown = ScreenImage(frozen, captureMs: nil)
            let pointer = surface.pointer()
            // The button and chips stay off the panels (an i3bar, a taskbar) and inside the insets.
            let placed = interface.inside(surface.workArea(), width: area.width, height: area.height, metrics: metrics)
            report.yield(.shown(surface, shown, metrics, placed, pointer: pointer))
            if shownMs == nil {
                try surface.grabInput(cancel: cancel)
                shownMs = LiveTimings.since(started)
            }
            onShown(shownMs ?? 0)
            var timings = LiveTimings(shownMs: shownMs ?? 0)
            var controller = LiveController(width: area.width, height: area.height, types: types,
                                            allowDataDetectorsInTextMode: allowDataDetectorsInTextMode, metrics: metrics,
                                            menuPainter: LiveMenuPainter(frozen: frozen.image, interface: interface,
                                                                         metrics: metrics))
            controller.pointer = pointer.map { PixelPoint(x: $0.x, y: $0.y) }
            var copied: ClipboardContent?, action: (action: QuickAction, reading: ImageAnalysis)?, textAction: (kind: QuickAction.Kind, text: String)?
            try surface.setPaints(controller.paints)
            let ending = try surface.run(cancel: cancel) { surfaceEvent in
                guard let event = InteractionEvent(surfaceEvent) else { return }
                let commands = controller.handle(event)
                if case .message(let reading as LiveReading) = event {
                    timings.arrived(reading, at: LiveTimings.since(started), pointer: pointer)
                }
                for command in commands {
                    switch command {
                    case .copy(let text):
                        let asked = ContinuousClock.now
                        // The surface itself where only the focused window may copy (GNOME).
                        if try !surface.copyFromSurface(text) { try copy(text) }
                        timings.copyMs.append(LiveTimings.since(asked))
                        copied = text
                    case .close:
                        surface.finish()
                    case .perform(let chosen):
                        action = controller.analysis.map { (chosen, $0) }
                    case .textAction(let kind, let text):
                        textAction = (kind, text)
                    case .wait(let serial):
                        let interval = Int(ClickCounter.interval)
                        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(interval)) {
                            surface.send(LiveClickWait(serial: serial))
                        }
                    }
                }
                surface.setCursor(LiveCursor(controller.cursor))
                // A menu or a selection hears Escape (it closes the menu, or lets go of the selection);
                // otherwise Escape closes the surface at once.
                surface.reportsEscape = controller.hearsEscape
                let drawing = ContinuousClock.now, before = surface.paints, paints = controller.paints
                try surface.setPaints(paints)
                if case .motion(_, _, let modifiers) = event, modifiers.contains(.button1), paints != before {
                    timings.redrawMs.append(LiveTimings.since(drawing))
                }
            }
            report.yield(.ended(.success(Outcome(confirmed: ending == .finished, copied: copied, action: action,
                                                 textAction: textAction,
                                                 analysis: controller.complete ? controller.analysis : nil,
                                                 readingFailure: controller.failure,
                                                 notes: controller.notes, timings: timings))))
        } catch {
            report.yield(.ended(.failure(error)))
        }
    }
}
