import LiveTextCore
import LiveTextInteraction
import X11Kit

/// What the live surface shows and does, as plain state: events in, commands and paints out. The
/// selection itself (positions, ranges, the text, the rectangles) is `LiveTextInteraction`'s;
/// this maps the mouse and keys onto it. Runs on the surface's thread.
struct LiveController {
    let width: Int
    let height: Int
    /// What the text offers: no selection under `dataDetectors` alone.
    let types: [InteractionType]
    /// The reading, once it is done.
    private(set) var analysis: ImageAnalysis?
    private var text: SelectableText?
    /// Why the reading failed, when it did.
    private(set) var failure: LiveTextError?
    private(set) var selection: TextSelection?
    /// While button 1 is down: the selection the press made (a caret, a word, a line) and how
    /// far a drag extends it.
    private var drag: (unit: TextSelection, granularity: Granularity)?
    private(set) var cursor: LiveCursor = .arrow
    /// The item or code a press went down on, until the pointer leaves it or the button comes up:
    /// a click on it runs its primary action.
    private var pressedItem: (subject: QuickAction.Subject, x: Int, y: Int)?
    /// A click on an item waiting to see whether a second click makes it a double click: its
    /// action runs when `LiveClickWait(serial)` comes back with no press in between.
    private var clickedItem: (subject: QuickAction.Subject, serial: Int)?
    private var clicks = 0

    enum Granularity { case character, word, line }

    init(width: Int, height: Int, types: [InteractionType] = [.automatic]) {
        self.width = width
        self.height = height
        self.types = types
    }

    /// Whether text can be selected: `automatic` or `textSelection`.
    var selectsText: Bool { types.contains(.automatic) || types.contains(.textSelection) }

    /// Whether detected items and codes are underlined and clickable: `automatic` or `dataDetectors`.
    var offersItems: Bool { types.contains(.automatic) || types.contains(.dataDetectors) }

    /// Within this many pixels of the press, a release is a click.
    static let clickSlop = 3

    /// What the surface is asked to do after an event.
    enum Command: Equatable {
        /// Put this text on the clipboard.
        case copy(String)
        /// Close the surface.
        case close
        /// Carry out this quick action (of `analysis`), then close.
        case perform(QuickAction)
        /// Send `LiveClickWait(serial)` back after the double-click interval.
        case wait(Int)
    }

    mutating func handle(_ event: LiveSurfaceEvent) -> [Command] {
        switch event {
        case .message(let reading as LiveReading):
            switch reading {
            case .done(let analysis):
                self.analysis = analysis
                text = SelectableText(analysis)
            case .failed(let error):
                failure = error
            }
        case .message(let wait as LiveClickWait):
            guard let clicked = clickedItem, clicked.serial == wait.serial, let analysis,
                  let primary = analysis.actions(for: clicked.subject).first else { break }
            clickedItem = nil
            return [.perform(primary), .close]
        case .press(let press) where press.button == 1:
            clickedItem = nil
            pressedItem = press.clickCount == 1 && press.modifiers.isDisjoint(with: [.shift, .control])
                ? item(at: press.x, press.y).map { ($0, press.x, press.y) } : nil
            pressed(press)
        case .motion(let x, let y, let modifiers):
            if let down = pressedItem, abs(x - down.x) > Self.clickSlop || abs(y - down.y) > Self.clickSlop {
                pressedItem = nil
            }
            moved(to: PixelPoint(x: x, y: y), dragging: modifiers.contains(.button1))
        case .release(let release) where release.button == 1:
            drag = nil
            defer { pressedItem = nil }
            if let down = pressedItem {
                // A click, not a drag: the item's action, unless a second click follows.
                clicks += 1
                clickedItem = (down.subject, clicks)
                return [.wait(clicks)]
            }
        case .key(let key) where key.isControl("a"):
            if selectsText, let all = text?.selectAll() { selection = all }
        case .key(let key) where key.isControl("c"):
            return copySelection()
        case .key(let key) where key.isEnter:
            return copySelection() + [.close]
        default:
            break
        }
        return []
    }

    /// The selected text; empty when nothing is selected.
    var selectedText: String {
        guard let text, let selection else { return "" }
        return text.text(of: selection)
    }

    private func copySelection() -> [Command] {
        let selected = selectedText
        return selected.isEmpty ? [] : [.copy(selected)]
    }

    /// Button 1 down: a caret (Shift: the selection extended), a word (double click), a line
    /// (triple click).
    private mutating func pressed(_ press: LivePointerEvent) {
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
        drag = (unit, granularity)
    }

    /// The pointer moved: the cursor follows what is under it; a drag moves the selection's focus
    /// (by whole words or lines after a double or triple click), keeping what the press selected.
    private mutating func moved(to point: PixelPoint, dragging: Bool) {
        cursor = item(at: Int(point.x), Int(point.y)) != nil ? .hand
            : selectsText && text?.position(at: point) != nil ? .iBeam : .arrow
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

    /// The detected item or code under a point, when items are offered and it has an action.
    private func item(at x: Int, _ y: Int) -> QuickAction.Subject? {
        guard offersItems, let analysis, let subject = analysis.itemOrCode(at: PixelPoint(x: x, y: y)),
              !analysis.actions(for: subject).isEmpty else { return nil }
        return subject
    }

    /// While reading, a quiet bar along the top (red after a failure); then items underlined and
    /// codes outlined (when offered), and the selection, one highlight per line.
    var paints: [LivePaint] {
        let bar = Bounds(x: 0, y: 0, width: width, height: min(3, height))
        if failure != nil { return [.fill(bar, LiveStyle.failure)] }
        guard let text, let analysis else { return [.fill(bar, LiveStyle.reading)] }
        var paints: [LivePaint] = []
        if offersItems {
            for item in analysis.items where item.source == .text {
                for rect in item.lineRects {
                    paints.append(.fill(Bounds(x: rect.x, y: rect.maxY, width: rect.width, height: 2), LiveStyle.item))
                }
            }
            paints += analysis.codes.map { .frame($0.bounds, LiveStyle.item, width: 2) }
        }
        if let selection { paints += text.rects(of: selection).map { .fill($0, LiveStyle.selection) } }
        return paints
    }
}

/// Sent back to the controller after the double-click interval that followed a click on an item.
struct LiveClickWait: Sendable {
    var serial: Int
}

/// The colours of the live surface.
enum LiveStyle {
    static let reading = LiveColor(red: 0x1e, green: 0x90, blue: 0xff, alpha: 160)
    static let failure = LiveColor(red: 0xe0, green: 0x30, blue: 0x30, alpha: 200)
    static let selection = LiveColor(red: 0x1e, green: 0x90, blue: 0xff, alpha: 90)
    static let item = LiveColor(red: 0xff, green: 0xb0, blue: 0x00, alpha: 230)
}
