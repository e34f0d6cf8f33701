import Foundation
import LiveTextCore
import LiveTextInteraction

/// The image viewer (`livetext view`): images in a normal window (a `ViewCanvas` of the desktop's),
/// zoomed and panned, their text live as on the frozen screen. The window runs on a thread of its own; each image shown is read
/// here, in the caller's task, and the reading sent to the window with the image's generation
/// (a reading of an image no longer shown is dropped).
public struct ViewSession: Sendable {
    /// An image to show, decoded, the name in the window's title, and where it came from (the
    /// analysis' `image.source`).
    public struct Document: Sendable {
        public var image: PixelImage
        public var name: String
        public var source: String

        public init(image: PixelImage, name: String, source: String) {
            self.image = image
            self.name = name
            self.source = source
        }
    }

    /// What the user asked for that the caller carries out (the window stays open).
    public enum Action: Sendable {
        /// A quick action of an item, a code or a chip, one of `analysis.actions`.
        case quickAction(QuickAction, ImageAnalysis)
        /// Look Up or Translate of the selected text.
        case text(QuickAction.Kind, String)
    }

    /// How a session ended.
    public struct Outcome: Sendable {
        /// The text copied last, nil when nothing was.
        public var copied: ClipboardContent?
        /// The reading of the image shown last, when it was done.
        public var analysis: ImageAnalysis?
        /// The reading of every image read while shown, in the order of the documents.
        public var analyses: [ImageAnalysis]
        /// Why the reading of the image shown last failed, when it did.
        public var readingFailure: LiveTextError?
        /// Start → first picture shown; → the first image live; each zoom or pan's redraw of the
        /// whole window; each copy.
        public var timings: LiveTimings
    }

    public var types: [InteractionType]
    public var interface: SupplementaryInterface
    public var allowDataDetectorsInTextMode: Bool

    public init(types: [InteractionType] = [.automatic],
                interface: SupplementaryInterface = SupplementaryInterface(), allowDataDetectorsInTextMode: Bool = true) {
        self.types = types
        self.interface = interface
        self.allowDataDetectorsInTextMode = allowDataDetectorsInTextMode
    }

    /// Shows `documents` (the first; Page Down/`n` and Page Up/`p` turn) in a window of `desktop`'s
    /// until it is closed (`q`, Esc, the window manager). `analyze` reads an image (in the caller's
    /// task); `copy` puts text on the clipboard and `perform` carries out an action (both on the
    /// window's thread). Throws `.unavailable` without a display that can show a window.
    public func run(_ documents: [Document], on desktop: Desktop, analyze: @escaping @Sendable (PixelImage, _ source: String) async throws -> ImageAnalysis,
                    copy: @escaping @Sendable (ClipboardContent) throws -> Void,
                    perform: @escaping @Sendable (Action) throws -> Void) async throws -> Outcome {
        guard !documents.isEmpty else { throw LiveTextError(.invalidArgs, "no image to view") }
        let (progress, report) = AsyncStream<Progress>.makeStream()
        let thread = Thread { [self] in
            runWindow(documents, on: desktop, copy: copy, perform: perform, report: report)
        }
        thread.name = "livetext-view"
        thread.start()
        var reading: Task<Void, Never>?
        defer { reading?.cancel() }
        for await step in progress {
            switch step {
            case .opened(let window, let generation, let image, let source):
                reading?.cancel()
                reading = Task {
                    // The button and chips are laid out for the view by the controller.
                    let result = await LiveReading.of { (try await analyze(image, source), .empty) }
                    if !Task.isCancelled { window.send(ViewReading(generation: generation, reading: result)) }
                }
            case .ended(let result):
                reading?.cancel()
                await reading?.value
                return try result.get()
            }
        }
        throw LiveTextError(.failed, "the viewer ended without saying how")
    }

    /// What the window's thread tells `run`.
    private enum Progress: @unchecked Sendable {
        /// An image is shown (rgba8): read it and send the reading with its generation.
        case opened(any ViewCanvas, generation: Int, PixelImage, source: String)
        case ended(Result<Outcome, any Error>)
    }

    static func title(_ document: Document) -> String { "\(document.name) — livetext" }

    /// The image a turn shows, of `count`: the next or previous round from the ends, the first, the last.
    static func index(after turn: ViewController.Command, from index: Int, of count: Int) -> Int {
        switch turn {
        case .turn(let step): (index + step % count + count) % count
        case .turnToFirst: 0
        case .turnToLast: count - 1
        default: index
        }
    }

    private func runWindow(_ documents: [Document], on desktop: Desktop, copy: @Sendable (ClipboardContent) throws -> Void,
                           perform: @Sendable (Action) throws -> Void, report: AsyncStream<Progress>.Continuation) {
        let started = ContinuousClock.now
        defer { report.finish() }
        do {
            var index = 0
            let first = documents[0].image
            let window = try desktop.viewCanvas(title: Self.title(documents[0]), fitting: (first.width, first.height))
            defer { window.close() }
            // Shown first: a compositor may give the window another size at once (a tiling one does).
            try window.show()
            let size = (width: window.width, height: window.height)
            let metrics = InterfaceScale.metrics(dotsPerInch: window.dotsPerInch, physicalDotsPerInch: window.physicalDotsPerInch)
            let makeLive = { [types, interface, allowDataDetectorsInTextMode] (image: PixelImage) in
                LiveController(width: image.width, height: image.height, types: types,
                               allowDataDetectorsInTextMode: allowDataDetectorsInTextMode, metrics: metrics,
                               menuPainter: LiveMenuPainter(frozen: image, interface: interface, metrics: metrics))
            }
            let layOut = { [types, interface, allowDataDetectorsInTextMode] (analysis: ImageAnalysis, width: Int, height: Int) in
                // Chips drawn over the backdrop: the pixels under them change as the image moves.
                let backdrop = LiveColor.viewBackdrop
                var pixels = [UInt8](repeating: 255, count: width * height * 4)
                for at in stride(from: 0, to: pixels.count, by: 4) {
                    (pixels[at], pixels[at + 1], pixels[at + 2]) = (backdrop.red, backdrop.green, backdrop.blue)
                }
                let under = PixelImage(width: width, height: height, format: .rgba8, pixels: pixels)
                return LivePanel.laidOut(analysis, types: types, allowDataDetectorsInTextMode: allowDataDetectorsInTextMode,
                                         interface: interface, metrics: metrics, width: width, height: height, frozen: under)
            }
            let zoomLabel = ZoomLabelPainter(interface: interface, metrics: metrics)
            var controller = ViewController(image: documents[0].image, width: size.width, height: size.height, metrics: metrics,
                                            backdrop: LiveColor.viewBackdrop, live: makeLive, panel: layOut,
                                            zoomLabel: { zoomLabel.draw($0) })
            try window.setBase(controller.base, paints: controller.paints())
            var timings = LiveTimings(shownMs: LiveTimings.since(started))
            report.yield(.opened(window, generation: controller.generation, controller.image, source: documents[0].source))
            var copied: ClipboardContent?, read: [Int: ImageAnalysis] = [:]
            _ = try window.run(cancel: nil) { windowEvent in
                guard let event = InteractionEvent(windowEvent) else { return }
                let before = (controller.transform, controller.generation, controller.quarterTurns), wasLive = controller.analysis != nil
                for command in controller.handle(event) {
                    switch command {
                    case .copy(let text):
                        let asked = ContinuousClock.now
                        try copy(text)
                        timings.copyMs.append(LiveTimings.since(asked))
                        copied = text
                    case .perform(let action):
                        if let analysis = controller.analysis { try perform(.quickAction(action, analysis)) }
                    case .textAction(let kind, let text):
                        try perform(.text(kind, text))
                    case .wait(let serial):
                        let interval = Int(ClickCounter.interval)
                        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(interval)) {
                            window.send(LiveClickWait(serial: serial))
                        }
                    case .turn, .turnToFirst, .turnToLast:
                        let next = Self.index(after: command, from: index, of: documents.count)
                        guard next != index else { break }
                        index = next
                        let generation = controller.open(documents[index].image)
                        window.setTitle(Self.title(documents[index]))
                        report.yield(.opened(window, generation: generation, controller.image, source: documents[index].source))
                    case .toggleFullScreen:
                        window.setFullScreen(!window.isFullScreen)
                    case .zoomLabelShown(let serial):
                        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(ViewController.zoomLabelDuration)) {
                            window.send(ViewZoomLabelExpiry(serial: serial))
                        }
                    case .close:
                        window.finish()
                    }
                }
                if !wasLive, let analysis = controller.analysis {
                    read[index] = analysis
                    if timings.liveMs == nil { timings.liveMs = LiveTimings.since(started) }
                }
                window.setCursor(LiveCursor(controller.cursor))
                if before != (controller.transform, controller.generation, controller.quarterTurns) {
                    let drawing = ContinuousClock.now
                    try window.setBase(controller.base, paints: controller.paints())
                    timings.redrawMs.append(LiveTimings.since(drawing))
                } else {
                    try window.setPaints(controller.paints())
                }
            }
            report.yield(.ended(.success(Outcome(copied: copied, analysis: controller.analysis,
                                                 analyses: read.sorted { $0.key < $1.key }.map(\.value),
                                                 readingFailure: controller.failure, timings: timings))))
        } catch {
            report.yield(.ended(.failure(error)))
        }
    }
}
