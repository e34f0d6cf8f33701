import LiveTextCore

/// The image viewer as plain state: the live controller's interaction (selection, copy, items)
/// in image pixels, seen through a zoomed and panned `ViewTransform`; its menus in the view's
/// pixels (`LiveController.menuView`), the same size on screen at every zoom. Pointer events are
/// mapped from the view into the image before the live controller hears them, and its paints from
/// the image into the view; zoom and pan keys and wheel are the viewer's own. The Live Text button
/// and the chips stay at the view's corners whatever the zoom (VisionKit's supplementary
/// interface lies over the view, not the image): they are the viewer's, laid out for the view's
/// size. Each opened image has a generation: a reading of an older one is dropped, never shown
/// over the new one. Pure, as the live controller. Runs on the window's thread.
public struct ViewController {
    /// The image shown, rgba8 (turned, when it is).
    public private(set) var image: PixelImage
    /// The image as opened, before any turn.
    private var unturned: PixelImage
    /// Quarter turns clockwise the image is shown at (0…3): `r` and Shift+R.
    public private(set) var quarterTurns = 0
    /// The reading of the image as opened; the live controller holds it turned.
    private var reading: ImageAnalysis?
    public private(set) var transform: ViewTransform
    /// Counts the images opened: the reading of each carries its generation.
    public private(set) var generation = 0
    private var live: LiveController
    private let makeLive: (PixelImage) -> LiveController
    /// While the middle button (or the left one with space held) drags the image: where the
    /// pointer was.
    private var panning: (x: Int, y: Int)?
    /// Space is held: the left button drags the image instead of selecting.
    private var spaceHeld = false
    /// Space held dragged the image: its release does not turn the page.
    private var spaceDragged = false
    /// The zoom shown for a moment after it changed ("150 %"), in view pixels, and the serial of
    /// the change that showed it (`ViewZoomLabelExpiry`).
    private var zoomLabel: (paint: LivePaint, serial: Int)?
    private var zoomChanges = 0
    /// Draws the zoom label's text (on a light box); nil: a plain box stands for it.
    private let drawZoomLabel: ((String) -> PixelImage?)?
    /// The Live Text button and chips for the view's size, once the image is read.
    private var panel = LivePanel.empty
    private let layOut: (_ analysis: ImageAnalysis, _ width: Int, _ height: Int) -> LivePanel
    private let metrics: InterfaceMetrics
    /// The button is on: everything found is shown, the rest dimmed.
    public private(set) var showingAll = false
    /// The pointer is over the button or a chip.
    private var overControl = false
    /// Pictures the live controller drew (in image pixels) as scaled into the view, by the
    /// original, for the transform they were scaled for: redrawn only when either changes.
    private var scaledPictures: [ObjectIdentifier: (original: LivePicture, view: ViewTransform, scaled: LivePicture)] = [:]

    /// How far an arrow key or a wheel notch scrolls, in view pixels.
    public static let scrollStep = 48.0
    /// How long the zoom label stays after the last change, in milliseconds.
    public static let zoomLabelDuration = 1200
    /// What the view shows around the image.
    private let backdrop: LiveColor

    /// A viewer of `image` in a `width` × `height` view, fitted; `live` makes the controller of an
    /// image (its size and painter), `panel` lays out the button and chips of a reading for a view
    /// size; `backdrop` is shown around the image; `zoomLabel` draws the zoom shown after a change.
    public init(image: PixelImage, width: Int, height: Int, metrics: InterfaceMetrics = .standard,
                backdrop: LiveColor = .viewBackdrop,
                live: @escaping (PixelImage) -> LiveController,
                panel: @escaping (ImageAnalysis, _ width: Int, _ height: Int) -> LivePanel = { _, _, _ in .empty },
                zoomLabel: ((String) -> PixelImage?)? = nil) {
        self.metrics = metrics
        drawZoomLabel = zoomLabel
        self.backdrop = backdrop
        layOut = panel
        let shown = ViewRenderer.rgba(image)
        self.image = shown
        unturned = shown
        transform = ViewTransform(imageWidth: shown.width, imageHeight: shown.height, viewWidth: width, viewHeight: height)
        makeLive = live
        self.live = live(shown)
        generation = 1
    }

    /// Shows another image in place of this one, fitted: its analysis, selection and menus are
    /// dropped; readings sent for the old one are ignored from now on. Returns its generation.
    @discardableResult
    public mutating func open(_ newImage: PixelImage) -> Int {
        image = ViewRenderer.rgba(newImage)
        (unturned, quarterTurns, reading) = (image, 0, nil)
        transform = ViewTransform(imageWidth: image.width, imageHeight: image.height,
                                  viewWidth: transform.viewWidth, viewHeight: transform.viewHeight)
        live = makeLive(image)
        scaledPictures = [:]
        panning = nil
        spaceHeld = false
        panel = .empty
        showingAll = false
        generation += 1
        return generation
    }

    /// The analysis of the image shown, once read, in the pixels of the image as opened (whatever
    /// its turn).
    public var analysis: ImageAnalysis? { live.analysis == nil ? nil : reading ?? live.analysis }
    public var failure: LiveTextError? { live.failure }
    public var selectedText: String { live.selectedText }
    public var cursor: PointerShape { panning != nil || spaceHeld || overControl ? .hand : live.cursor }

    /// What the window is asked to do after an event.
    public enum Command: Equatable, Sendable {
        case copy(ClipboardContent)
        case perform(QuickAction)
        case textAction(QuickAction.Kind, String)
        /// Send `LiveClickWait(serial)` back after the double-click interval.
        case wait(Int)
        /// Show the next (+1) or previous (-1) image.
        case turn(Int)
        /// Show the first or the last image.
        case turnToFirst, turnToLast
        /// Full screen on, or off again.
        case toggleFullScreen
        /// Send `ViewZoomLabelExpiry(serial)` back after `zoomLabelDuration`.
        case zoomLabelShown(Int)
        case close
    }

    public mutating func handle(_ event: InteractionEvent) -> [Command] {
        let (scale, size, before) = (transform.scale, (transform.viewWidth, transform.viewHeight), transform)
        let commands = respond(to: event)
        // A table's chip goes by its table where the view shows it: laid out again as the view zooms and pans.
        if transform != before, let analysis, !analysis.tables.isEmpty {
            panel = layOut(tablesInView(analysis), transform.viewWidth, transform.viewHeight)
        }
        if transform.scale != scale {
            zoomChanges += 1
            zoomLabel = (labelPaint(), zoomChanges)
            return commands + [.zoomLabelShown(zoomChanges)]
        }
        if let shown = zoomLabel, size != (transform.viewWidth, transform.viewHeight) { zoomLabel = (labelPaint(), shown.serial) }
        return commands
    }

    private mutating func respond(to event: InteractionEvent) -> [Command] {
        switch event {
        case .message(let expiry as ViewZoomLabelExpiry):
            if zoomLabel?.serial == expiry.serial { zoomLabel = nil }
        case .message(let reading as ViewReading):
            // Only the reading of the image shown: an older one is stale.
            guard reading.generation == generation else { return [] }
            guard case .done(let analysis, _) = reading.reading else { return forward(.message(reading.reading)) }
            // The button and chips are the viewer's: none for the live controller, which has the
            // analysis turned as the image is.
            self.reading = analysis
            let commands = forward(.message(LiveReading.done(QuarterTurn.turned(analysis, quarterTurns), .empty)))
            panel = layOut(tablesInView(analysis), transform.viewWidth, transform.viewHeight)
            return commands
        case .message:
            // The live controller's own (the double-click wait after a click on an item).
            return forward(event)
        case .resized(let width, let height):
            transform.resize(viewWidth: width, viewHeight: height)
            if let analysis { panel = layOut(tablesInView(analysis), width, height) }
        case .press(let press) where press.button == 1 && !spaceHeld && panel.button?.contains(x: press.x, y: press.y) == true:
            showingAll.toggle()
        case .press(let press) where press.button == 1 && !spaceHeld && chip(at: press.x, press.y) != nil:
            let chip = chip(at: press.x, press.y)!
            if !chip.tables.isEmpty { return [.copy(ClipboardContent(tables: chip.tables))] }
            guard let action = chip.action else {
                // "More…": the live controller's menu of every action, over the chip.
                live.menuView = transform
                live.menu = live.moreMenu(panel.more, above: chip.frame)
                return []
            }
            return [.perform(action)]
        case .press(let press) where press.button == 4 || press.button == 5:
            let direction: Double = press.button == 4 ? 1 : -1
            if press.modifiers.contains(.control) {
                transform.zoom(by: direction > 0 ? ViewTransform.step : 1 / ViewTransform.step,
                               about: PixelPoint(x: press.x, y: press.y))
            } else if press.modifiers.contains(.shift) {
                transform.pan(dx: direction * Self.scrollStep, dy: 0)
            } else {
                transform.pan(dx: 0, dy: direction * Self.scrollStep)
            }
        case .press(let press) where press.button == 6 || press.button == 7:
            transform.pan(dx: press.button == 6 ? Self.scrollStep : -Self.scrollStep, dy: 0)
        case .press(let press) where press.button == 2 || (press.button == 1 && spaceHeld):
            panning = (press.x, press.y)
            if spaceHeld { spaceDragged = true }
        case .release(let release) where panning != nil && (release.button == 2 || release.button == 1):
            panning = nil
        case .key(let key) where key.keysym == Keysym.space && !spaceHeld && (live.menu != nil || live.focus != nil):
            // Space activates the item Tab moved to (a menu shown takes it too).
            return forward(event)
        case .key(let key) where key.keysym == Keysym.space:
            // Held, the key repeats presses only: the first one counts.
            if !spaceHeld { (spaceHeld, spaceDragged) = (true, false) }
        case .keyRelease(let key) where key.keysym == Keysym.space:
            // Space tapped, not held to drag the image, turns to the next image.
            defer { spaceHeld = false }
            if spaceHeld && !spaceDragged && panning == nil { return [.turn(1)] }
        case .motion(let x, let y, _) where panning != nil:
            transform.pan(dx: Double(x - panning!.x), dy: Double(y - panning!.y))
            panning = (x, y)
        case .press(let press):
            live.pressInView = (press.x, press.y)
            // With a menu shown, the view's pixels are the menu's (`LiveController.menuView`); a
            // right click opens another where the image is.
            return forward(.press(live.menu != nil && press.button != 3 ? press : mapped(press)))
        case .release(let release):
            return forward(.release(live.menu != nil ? release : mapped(release)))
        case .motion(let x, let y, let modifiers):
            overControl = panel.button?.contains(x: x, y: y) == true || chip(at: x, y) != nil
            let point = live.menu != nil ? (x: x, y: y) : imagePixel(x, y)
            return forward(.motion(x: point.x, y: point.y, modifiers: modifiers))
        case .key(let key):
            return pressed(key)
        default:
            break
        }
        return []
    }

    /// Zoom, pan, turn and close keys; the rest (Ctrl+A, Ctrl+C, Enter) are the live controller's.
    private mutating func pressed(_ key: KeyEvent) -> [Command] {
        // A right-click menu shown has the keyboard: the arrows move its highlight, Escape closes it.
        if live.menu != nil { return forward(.key(key)) }
        // The caret keys are the text's once something holds the keys (a selection, an item Tab
        // moved to, a caret the keys placed) and with Shift (which selects from a click, or from
        // the start of the text); otherwise the arrows pan and Home/End turn to the first and last image.
        if LiveController.isCaretKey(key) && (live.hasKeyboardFocus || key.modifiers.contains(.shift)) {
            return forward(.key(key))
        }
        let centre = PixelPoint(x: Double(transform.viewWidth) / 2, y: Double(transform.viewHeight) / 2)
        let step = Self.scrollStep
        switch key.keysym {
        case Keysym.plus, Keysym.equal, Keysym.keypadAdd: transform.zoom(by: ViewTransform.step, about: centre)
        case Keysym.minus, Keysym.keypadSubtract: transform.zoom(by: 1 / ViewTransform.step, about: centre)
        case Keysym.zero, Keysym.keypadZero, Keysym.one, Keysym.keypadOne: transform.actualSize()
        case Keysym.f: transform.fit()
        case Keysym.f11: return [.toggleFullScreen]
        case Keysym.r: turn(by: 1)
        case Keysym.shiftR: turn(by: -1)
        case Keysym.left, Keysym.keypadLeft: transform.pan(dx: step, dy: 0)
        case Keysym.right, Keysym.keypadRight: transform.pan(dx: -step, dy: 0)
        case Keysym.up, Keysym.keypadUp: transform.pan(dx: 0, dy: step)
        case Keysym.down, Keysym.keypadDown: transform.pan(dx: 0, dy: -step)
        case Keysym.escape where live.hasKeyboardFocus:
            // Escape first lets go of the selection (the focus, the caret); the next one closes.
            return forward(.key(key))
        case Keysym.q, Keysym.escape: return [.close]
        case Keysym.w where key.modifiers.contains(.control): return [.close]
        case Keysym.pageDown, Keysym.n: return [.turn(1)]
        case Keysym.pageUp, Keysym.p, Keysym.backSpace: return [.turn(-1)]
        case Keysym.home, Keysym.keypadHome: return [.turnToFirst]
        case Keysym.end, Keysym.keypadEnd: return [.turnToLast]
        default:
            // Enter copies and stays: the viewer closes only when asked to.
            return forward(.key(key))
        }
        return []
    }

    /// Shows the image turned `quarters` more quarter turns clockwise, fitted: its reading turned
    /// with it, the selection, the focus and the caret kept (they are places in the text).
    private mutating func turn(by quarters: Int) {
        quarterTurns = QuarterTurn.normalized(quarterTurns + quarters)
        image = QuarterTurn.turned(unturned, quarterTurns)
        let (selection, focus, caretShown, failure) = (live.selection, live.focus, live.caretShown, live.failure)
        live = makeLive(image)
        if let reading {
            _ = live.handle(.message(LiveReading.done(QuarterTurn.turned(reading, quarterTurns), .empty)))
            (live.selection, live.focus, live.caretShown) = (selection, focus, caretShown)
        } else if let failure {
            _ = live.handle(.message(LiveReading.failed(failure)))
        }
        transform = ViewTransform(imageWidth: image.width, imageHeight: image.height,
                                  viewWidth: transform.viewWidth, viewHeight: transform.viewHeight)
        scaledPictures = [:]
        panning = nil
    }

    /// The live controller's commands for an event in image pixels; it never closes the viewer
    /// (an action or a menu choice is carried out with the window left open).
    private mutating func forward(_ event: InteractionEvent) -> [Command] {
        // Menus open in the view's pixels, at the screen's size whatever the zoom.
        live.menuView = transform
        return live.handle(event).compactMap { command in
            switch command {
            case .copy(let text): .copy(text)
            case .perform(let action): .perform(action)
            case .textAction(let kind, let text): .textAction(kind, text)
            case .wait(let serial): .wait(serial)
            case .close: nil
            }
        }
    }

    /// The chip under a view point, while the button is on.
    private func chip(at x: Int, _ y: Int) -> LivePanel.Chip? {
        showingAll ? panel.chips.first { $0.frame.contains(x: x, y: y) } : nil
    }

    /// The image pixel under a view pixel (its centre).
    private func imagePixel(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
        let point = transform.imagePoint(PixelPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        return (Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))
    }

    private func mapped(_ event: PointerEvent) -> PointerEvent {
        var inImage = event
        (inImage.x, inImage.y) = imagePixel(event.x, event.y)
        return inImage
    }

    /// The view's pixels: the image through the transform, the backdrop around it.
    public var base: PixelImage {
        return ViewRenderer.render(image, through: transform,
                                   area: Bounds(x: 0, y: 0, width: transform.viewWidth, height: transform.viewHeight),
                                   outside: [backdrop.red, backdrop.green, backdrop.blue, 255])
    }

    /// With the button on, the image dimmed and every line lit; the live controller's paints
    /// mapped into the view (rectangles through the transform, pictures scaled once per
    /// transform); the button and, while it is on, the chips.
    public mutating func paints() -> [LivePaint] {
        let view = Bounds(x: 0, y: 0, width: transform.viewWidth, height: transform.viewHeight)
        var everything: [LivePaint] = []
        if showingAll, let analysis = live.analysis {
            everything += LiveStyle.showingAll(analysis.blocks.flatMap(\.lines).map { transform.viewRect($0.bounds) },
                                               in: transform.imageInView.intersection(view), metrics: metrics)
        }
        var controls: [LivePaint] = panel.button.map { LiveStyle.button($0, on: showingAll, metrics: metrics) } ?? []
        if showingAll {
            controls += panel.chips.map { chip in chip.picture.map(LivePaint.picture) ?? .fill(chip.frame, LiveStyle.control) }
        }
        return everything + mappedLivePaints(in: view) + controls + (zoomLabel.map { [$0.paint] } ?? []) + live.menuPaints
    }

    /// The zoom as a label ("150 %") at the top of the view, in the middle.
    private func labelPaint() -> LivePaint {
        let text = "\(Int((transform.scale * 100).rounded())) %"
        let top = metrics.pixels(12)
        if let drawn = drawZoomLabel?(text) {
            return .picture(LivePicture(drawn, x: max(0, (transform.viewWidth - drawn.width) / 2), y: top))
        }
        let width = text.count * 7 + 2 * metrics.chipPadding
        return .fill(Bounds(x: max(0, (transform.viewWidth - width) / 2), y: top, width: width, height: metrics.chipHeight),
                     LiveStyle.control)
    }

    private mutating func mappedLivePaints(in view: Bounds) -> [LivePaint] {
        var kept: [ObjectIdentifier: (original: LivePicture, view: ViewTransform, scaled: LivePicture)] = [:]
        let painted: [LivePaint] = live.contentPaints.compactMap { paint in
            switch paint {
            case .fill(let rect, let color):
                let shown = transform.viewRect(rect).intersection(view)
                return shown.isEmpty ? nil : .fill(shown, color)
            case .frame(let rect, let color, let width):
                let shown = transform.viewRect(rect)
                return shown.intersection(view).isEmpty ? nil : .frame(shown, color, width: width)
            case .picture(let picture):
                let key = ObjectIdentifier(picture)
                if let cached = scaledPictures[key], cached.view == transform {
                    kept[key] = cached
                    return .picture(cached.scaled)
                }
                let area = transform.viewRect(picture.bounds).intersection(view)
                guard !area.isEmpty else { return nil }
                let scaled = LivePicture(ViewRenderer.render(picture.image, atX: picture.x, y: picture.y, through: transform,
                                                             area: area, outside: [0, 0, 0, 0]), x: area.x, y: area.y)
                kept[key] = (picture, transform, scaled)
                return .picture(scaled)
            }
        }
        scaledPictures = kept
        return painted
    }
}

/// Sent back to the viewer `ViewController.zoomLabelDuration` after a zoom change: the label goes
/// unless the zoom changed again since.
public struct ViewZoomLabelExpiry: Sendable {
    public var serial: Int

    public init(serial: Int) { self.serial = serial }
}

/// A reading sent to the viewer, for the image of `generation`.
public struct ViewReading: Sendable {
    public var generation: Int
    public var reading: LiveReading

    public init(generation: Int, reading: LiveReading) {
        self.generation = generation
        self.reading = reading
    }
}

extension ViewController {
    /// `analysis` with its tables where the view shows them now, for their chips to go by them
    /// (laid out again when a reading arrives, and as the view is resized, zoomed or panned); as it
    /// is on a turned image, whose tables' places are the unturned image's.
    private func tablesInView(_ analysis: ImageAnalysis) -> ImageAnalysis {
        guard quarterTurns == 0 else { return analysis }
        var shown = analysis
        shown.tables = analysis.tables.map { table in
            var table = table
            table.bounds = transform.viewRect(table.bounds)
            return table
        }
        return shown
    }
}
