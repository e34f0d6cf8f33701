import LiveTextCore

/// What the live surface shows and does, as plain state: events in, commands and paints out. The
/// selection itself (positions, ranges, the text, the rectangles) is `LiveTextInteraction`'s;
/// this maps the mouse and keys onto it. Pure: the desktop translates the window system's events
/// into `InteractionEvent`s and draws the paints. Runs on the surface's thread.
public struct LiveController {
    public let width: Int
    public let height: Int
    /// What the text offers: no selection under `dataDetectors` alone.
    public let types: [InteractionType]
    /// Under `textSelection`, a right click on an item still lists its actions (VisionKit's
    /// `allowsDataDetectorsInTextMode`); nothing is underlined or clicked.
    public let allowDataDetectorsInTextMode: Bool
    /// The scale the Live Text button and menus are drawn at.
    public let metrics: InterfaceMetrics
    /// Draws right-click menus; nil: plain boxes with titles measured 7 px a character.
    let menuPainter: (any LiveMenuPainting)?
    /// The right-click menu shown, until a click.
    public internal(set) var menu: LiveMenu?
    /// Where menus are laid out, hit and drawn: nil, in the controller's own pixels (the live
    /// surface, where they are the screen's); else in the view of this transform (the viewer), so
    /// a menu keeps its screen size at every zoom. Pointer events over a menu shown then come in
    /// the view's pixels (`ViewController` forwards them unmapped); the point a menu opens at is
    /// mapped through the transform.
    public var menuView: ViewTransform?
    /// Where the last press was in `menuView`'s pixels: a menu opened at the image point it maps
    /// to opens exactly there (a point mapped into the image and back would be off by up to a
    /// zoomed image pixel).
    public var pressInView: (x: Int, y: Int)?
    /// The Live Text button and the chips, once the reading is in.
    private var panel = LivePanel.empty
    /// The Live Text button, once there is something to show with it.
    public var button: Bounds? { panel.button }
    /// What the interface could not do as asked (a font that stood in for another, insets shrunk).
    public var notes: [String] { panel.notes }
    /// The button is on: everything found is shown, the rest dimmed.
    public private(set) var showingAll = false
    /// The reading, once it is done.
    public private(set) var analysis: ImageAnalysis?
    private(set) var text: SelectableText?
    /// Why the reading failed, when it did.
    public private(set) var failure: LiveTextError?
    public internal(set) var selection: TextSelection?
    /// The item or code Tab moved to (drawn with a focus ring): Enter or Space activates it as a
    /// click does, the Menu key shows its menu. Never together with a selection.
    public internal(set) var focus: QuickAction.Subject?
    /// The caret (an empty `selection`) was placed or moved by the keys, so it is drawn and holds
    /// them; a click's caret is only where the keys start from.
    public internal(set) var caretShown = false
    /// Where Up and Down aim across (image pixels), kept over a run of them.
    var goalX: Double?
    /// While button 1 is down: the selection the press made (a caret, a word, a line) and how
    /// far a drag extends it.
    private var drag: (unit: TextSelection, granularity: Granularity, press: PixelPoint)?
    /// The whole reading is in (not only the lines read first).
    public private(set) var complete = false
    /// The generation of the partial reading shown last (an older one coming late is dropped).
    private var generation = 0
    public private(set) var cursor: PointerShape = .arrow
    /// Where the pointer was last seen (motion, a press, or where the surface opened under it): a
    /// reading that arrives under a still pointer changes the cursor there too.
    public var pointer: PixelPoint?
    /// The item or code a press went down on, until the pointer leaves it or the button comes up:
    /// a click on it opens a link, or shows the menu of anything else (`clickedItem(_:atX:y:)`).
    private var pressedItem: (subject: QuickAction.Subject, x: Int, y: Int)?
    /// A click on an item waiting to see whether a second click makes it a double click: it is
    /// carried out when `LiveClickWait(serial)` comes back with no press in between.
    private var clickedItem: (subject: QuickAction.Subject, serial: Int, x: Int, y: Int)?
    private var clicks = 0

    enum Granularity { case character, word, line }

    public init(width: Int, height: Int, types: [InteractionType] = [.automatic], allowDataDetectorsInTextMode: Bool = true,
                metrics: InterfaceMetrics = .standard, menuPainter: (any LiveMenuPainting)? = nil) {
        self.width = width
        self.height = height
        self.types = types
        self.allowDataDetectorsInTextMode = allowDataDetectorsInTextMode
        self.metrics = metrics
        self.menuPainter = menuPainter
    }

    /// Whether text can be selected: `automatic` or `textSelection`.
    public var selectsText: Bool { types.contains(.automatic) || types.contains(.textSelection) }

    /// Whether detected items and codes are underlined and clickable: `automatic` or `dataDetectors`.
    public var offersItems: Bool { types.contains(.automatic) || types.contains(.dataDetectors) }

    /// Within this many pixels of the press, a release is a click.
    public static let clickSlop = 3

    /// What the surface is asked to do after an event.
    public enum Command: Equatable, Sendable {
        /// Put this on the clipboard: text, or a table's text with its HTML.
        case copy(ClipboardContent)
        /// Close the surface.
        case close
        /// Carry out this quick action (of `analysis`), then close.
        case perform(QuickAction)
        /// Send `LiveClickWait(serial)` back after the double-click interval.
        case wait(Int)
        /// Look up or translate this text (with the configured templates), then close.
        case textAction(QuickAction.Kind, String)
    }

    public mutating func handle(_ event: InteractionEvent) -> [Command] {
        switch event {
        case .message(let reading as LiveReading):
            switch reading {
            case .partial(let partial) where !complete && partial.generation > generation:
                generation = partial.generation
                adopt(partial.analysis)
            case .partial:
                break
            case .done(let analysis, let panel):
                complete = true
                adopt(analysis)
                self.panel = panel
            case .failed(let error):
                failure = error
            }
        case .message(let wait as LiveClickWait):
            guard let clicked = clickedItem, clicked.serial == wait.serial else { break }
            clickedItem = nil
            return clickedItem(clicked.subject, atX: clicked.x, y: clicked.y)
        case .press(let press) where press.button == 3:
            rightClicked(atX: press.x, y: press.y)
        case .press(let press) where menu != nil:
            // A click on an entry chooses it; anywhere else it only closes the menu.
            guard let entry = menu?.entry(atX: press.x, y: press.y) else {
                menu = nil
                return []
            }
            return choose(entry, byKey: false)
        case .press(let press) where press.button == 1 && button?.contains(x: press.x, y: press.y) == true:
            showingAll.toggle()
        case .press(let press) where press.button == 1 && chip(at: press.x, press.y) != nil:
            let chip = chip(at: press.x, press.y)!
            if !chip.tables.isEmpty { return [.copy(ClipboardContent(tables: chip.tables))] }
            guard let action = chip.action else {
                // "More…": every action, in a menu over the chip.
                menu = moreMenu(panel.more, above: chip.frame)
                return []
            }
            return [.perform(action), .close]
        case .press(let press) where press.button == 1:
            clickedItem = nil
            (focus, caretShown, goalX) = (nil, false, nil)
            pressedItem = press.clickCount == 1 && press.modifiers.isDisjoint(with: [.shift, .control])
                ? item(at: press.x, press.y).map { ($0, press.x, press.y) } : nil
            pressed(press)
        case .motion(let x, let y, _) where menu != nil:
            // Over the menu: the entry under the pointer is highlighted (one that only informs is not).
            guard var shown = menu else { break }
            let under = shown.index(atX: x, y: y).flatMap { shown.entries[$0].isEnabled ? $0 : nil }
            guard under != shown.hovered else { break }
            shown.hovered = under
            menu = menuPainter?.draw(shown) ?? shown
            cursor = .arrow
        case .key(let key) where menu != nil:
            return menuKey(key)
        case .key(let key) where key.keysym == Keysym.escape && hasKeyboardFocus:
            // Escape first lets go of the selection (or the focus, or the caret), as a document
            // does; the next one closes.
            letGo()
        case .key(let key) where key.keysym == Keysym.escape:
            // The surface closes on Escape by itself while nothing is selected or focused and no
            // menu is shown (`hearsEscape`); a late one still closes.
            return [.close]
        case .motion(let x, let y, let modifiers):
            if let down = pressedItem, abs(x - down.x) > Self.clickSlop || abs(y - down.y) > Self.clickSlop {
                pressedItem = nil
            }
            moved(to: PixelPoint(x: x, y: y), dragging: modifiers.contains(.button1))
        case .release(let release) where release.button == 1:
            drag = nil
            defer { pressedItem = nil }
            if let down = pressedItem {
                // A click, not a drag: the link opened or the item's menu, unless a second click follows.
                clicks += 1
                clickedItem = (down.subject, clicks, down.x, down.y)
                return [.wait(clicks)]
            }
        case .key(let key) where key.isControl("a"):
            if selectsText, let all = text?.selectAll() { (selection, focus, goalX) = (all, nil, nil) }
        case .key(let key) where key.isControl("c"):
            return copySelection()
        case .key(let key):
            // Enter, Space, Tab, the Menu key and the caret keys.
            return keyPressed(key)
        default:
            break
        }
        return []
    }

    /// The cursor for what is under `point`: a hand over items and buttons, an I-beam over text
    /// that can be selected, the arrow elsewhere.
    private mutating func shapeCursor(at point: PixelPoint) {
        let (x, y) = (Int(point.x), Int(point.y))
        cursor = item(at: x, y) != nil || button?.contains(point) == true || chip(at: x, y) != nil ? .hand
            : selectsText && text?.position(at: point) != nil ? .iBeam : .arrow
    }

    /// Takes a newer reading (more lines read, or the whole screen): the selection and a drag
    /// under way are carried over by where they are on the screen (a selection then also holds
    /// the lines read meanwhile between its ends, in reading order); a selection whose ends are
    /// no longer on any text is dropped.
    private mutating func adopt(_ newer: ImageAnalysis) {
        defer {
            // Text read under a pointer at rest: the cursor says so without waiting for a move.
            if let pointer, menu == nil { shapeCursor(at: pointer) }
        }
        let older = text, kept = selection, olderAnalysis = analysis
        analysis = newer
        if let focused = focus { focus = olderAnalysis.flatMap { Self.carried(focused, from: $0, to: newer) } }
        let fresh = SelectableText(newer)
        text = fresh
        if let older, let kept, let (from, to) = older.ends(of: kept) {
            selection = kept.anchor <= kept.focus ? fresh.selection(from: from, to: to) : fresh.selection(from: to, to: from)
        } else if let older, let kept, caretShown, let bar = older.caretRect(at: kept.focus) {
            // The keys' caret stays where it is on the screen.
            selection = fresh.position(nearest: PixelPoint(x: Double(bar.x) + 1, y: bar.midY)).map { TextSelection(caret: $0) }
        } else if kept != nil {
            selection = nil
        }
        if selection == nil { caretShown = false }
        if let press = drag?.press, let granularity = drag?.granularity {
            let unit: TextSelection?
            switch granularity {
            case .character: unit = fresh.position(nearest: press).map { TextSelection(caret: $0) }
            case .word: unit = fresh.wordSelection(at: press)
            case .line: unit = fresh.lineSelection(at: press)
            }
            drag = unit.map { ($0, granularity, press) }
        }
    }

    /// Whether some text is selected (not a mere caret).
    public var hasSelection: Bool { !selectedText.isEmpty }

    /// Whether something holds the keyboard before the surface does: text selected, an item
    /// focused, or a caret the keys placed. Escape lets go of it; in the viewer the caret keys are
    /// the text's rather than the view's.
    public var hasKeyboardFocus: Bool { hasSelection || focus != nil || (caretShown && selection != nil) }

    /// Whether Escape is the controller's to handle (it closes a menu, or lets go of the
    /// selection, the focus or the caret) rather than the surface's, which closes at once on it.
    public var hearsEscape: Bool { menu != nil || hasKeyboardFocus }

    /// The selected text; empty when nothing is selected.
    public var selectedText: String {
        guard let text, let selection else { return "" }
        return text.text(of: selection)
    }

    func copySelection() -> [Command] {
        let selected = selectedText
        return selected.isEmpty ? [] : [.copy(ClipboardContent(plain: selected))]
    }

    /// Button 1 down: a caret (Shift: the selection extended), a word (double click), a line
    /// (triple click).
    private mutating func pressed(_ press: PointerEvent) {
        guard selectsText, let text else { return }
        let point = PixelPoint(x: press.x, y: press.y)
        let made: TextSelection?, granularity: Granularity
        switch press.clickCount {
        case 2: (made, granularity) = (text.wordSelection(at: point), .word)
        case 3: (made, granularity) = (text.lineSelection(at: point), .line)
        default:
            granularity = .character
            made = press.modifiers.contains(.shift) ? text.extend(selection, to: point)
                : text.position(nearest: point).map { TextSelection(caret: $0) }
        }
        guard let made else { return }
        selection = made
        // A Shift+click drag goes on moving the focus from the kept end.
        let unit = press.modifiers.contains(.shift) && press.clickCount == 1 ? TextSelection(caret: made.anchor) : made
        drag = (unit, granularity, point)
    }

    /// The pointer moved: the cursor follows what is under it; a drag moves the selection's focus
    /// (by whole words or lines after a double or triple click), keeping what the press selected.
    private mutating func moved(to point: PixelPoint, dragging: Bool) {
        pointer = point
        shapeCursor(at: point)
        guard dragging, let drag, let text else { return }
        let unit = drag.unit
        switch drag.granularity {
        case .character:
            guard let focus = text.position(nearest: point) else { return }
            selection = TextSelection(anchor: unit.anchor, focus: focus)
        case .word, .line:
            let under = drag.granularity == .word ? text.wordSelection(at: point) : text.lineSelection(at: point)
            guard let under else { return }
            selection = under.start < unit.start ? TextSelection(anchor: unit.end, focus: under.start)
                : TextSelection(anchor: unit.start, focus: max(under.end, unit.end))
        }
    }

    /// The quick-action chip under a point, while the button is on.
    private func chip(at x: Int, _ y: Int) -> LivePanel.Chip? {
        guard showingAll else { return nil }
        return panel.chips.first { $0.frame.contains(x: x, y: y) }
    }

    /// The detected item or code under a point, when items are offered (for a `menu`, also under
    /// `textSelection` when `allowDataDetectorsInTextMode`) and it has an action.
    func item(at x: Int, _ y: Int, menu: Bool = false) -> QuickAction.Subject? {
        guard offersItems || (menu && selectsText && allowDataDetectorsInTextMode), let analysis, let subject = analysis.itemOrCode(at: PixelPoint(x: x, y: y)),
              !analysis.actions(for: subject).isEmpty else { return nil }
        return subject
    }

    /// While reading, a quiet bar along the top (red after a failure), also over the rows read
    /// first; items underlined and codes outlined (when offered), the selection, one highlight per
    /// line, the button, the chips and the menu.
    public var paints: [LivePaint] { contentPaints + menuPaints }

    /// The paints but the menu's: in the controller's pixels.
    public var contentPaints: [LivePaint] {
        let bar = Bounds(x: 0, y: 0, width: width, height: min(3, height))
        if failure != nil { return [.fill(bar, LiveStyle.failure)] }
        guard let text, let analysis else { return [.fill(bar, LiveStyle.reading)] }
        return marks(text, analysis) + (complete ? [] : [.fill(bar, LiveStyle.reading)])
    }

    /// The menu shown, drawn in the menus' pixels (`menuView`); none without a menu.
    public var menuPaints: [LivePaint] {
        guard let menu else { return [] }
        if let picture = menu.picture { return [.picture(picture)] }
        return [.fill(menu.bounds, LiveStyle.control)]
            + (menu.hovered.map { [.fill(menu.entries[$0].frame, LiveStyle.accent)] } ?? [])
    }

    /// What the reading shows: items, the selection, the button and chips.
    private func marks(_ text: SelectableText, _ analysis: ImageAnalysis) -> [LivePaint] {
        var paints: [LivePaint] = []
        if showingAll {
            // Everything found shown: the rest dimmed, every line of text lit.
            paints += LiveStyle.showingAll(analysis.blocks.flatMap(\.lines).map(\.bounds),
                                           in: Bounds(x: 0, y: 0, width: width, height: height), metrics: metrics)
        }
        if offersItems {
            for item in analysis.items where item.source == .text {
                for shape in item.lineShapes { paints += shape.underline(LiveStyle.item) }
            }
            paints += analysis.codes.map { .frame($0.bounds, LiveStyle.item, width: 2) }
        }
        if let selection { paints += text.quads(of: selection).flatMap { $0.fills(LiveStyle.selection) } }
        if caretShown, let selection, selection.isEmpty, let bar = text.caretRect(at: selection.focus) {
            paints.append(.fill(bar, LiveStyle.caret))
        }
        if let focus { paints += focusRects(focus).map { LiveStyle.focusRing(around: $0) } }
        if let button { paints += LiveStyle.button(button, on: showingAll, metrics: metrics) }
        if showingAll {
            paints += panel.chips.map { chip in chip.picture.map(LivePaint.picture) ?? .fill(chip.frame, LiveStyle.control) }
        }
        return paints
    }
}

/// Sent back to the controller after the double-click interval that followed a click on an item.
public struct LiveClickWait: Sendable {
    public var serial: Int

    public init(serial: Int) { self.serial = serial }
}
