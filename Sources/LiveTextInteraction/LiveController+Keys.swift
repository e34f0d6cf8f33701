import LiveTextCore

/// The keyboard, for everything the pointer does: the caret keys move a caret through the text as
/// in a document (Shift extends the selection), Tab and Shift+Tab go through the items and codes,
/// Enter or Space activates the one focused, the Menu key or Shift+F10 shows a menu.
extension LiveController {
    /// A key no menu took (Escape, Ctrl+A and Ctrl+C are handled before): Enter copies the
    /// selection and closes, or activates the focused item; with nothing selected or focused it
    /// does nothing (nothing to confirm: closing would say a copy was made). Space activates the
    /// focused item. Tab, the Menu key, Shift+F10 and the caret keys as the type says.
    mutating func keyPressed(_ key: KeyEvent) -> [Command] {
        switch key.keysym {
        case _ where key.isEnter || key.keysym == Keysym.space:
            if let focus { return activate(focus) }
            return key.isEnter && hasSelection ? copySelection() + [.close] : []
        case Keysym.tab, Keysym.isoLeftTab:
            moveFocus(backward: key.keysym == Keysym.isoLeftTab || key.modifiers.contains(.shift))
        case Keysym.menu:
            menu = keyboardMenu()
        case Keysym.f10 where key.modifiers.contains(.shift):
            menu = keyboardMenu()
        default:
            guard let move = caretMove(key) else { return [] }
            moveCaret(move, extending: key.modifiers.contains(.shift))
        }
        return []
    }

    /// Whether `key` moves the caret (the arrows, Home and End, with or without Control and Shift).
    public static func isCaretKey(_ key: KeyEvent) -> Bool {
        [Keysym.left, Keysym.right, Keysym.up, Keysym.down, Keysym.home, Keysym.end, Keysym.keypadLeft, Keysym.keypadRight,
         Keysym.keypadUp, Keysym.keypadDown, Keysym.keypadHome, Keysym.keypadEnd].contains(key.keysym)
    }

    /// Lets go of the selection, the focus and the caret (Escape).
    mutating func letGo() {
        (selection, focus, caretShown, goalX) = (nil, nil, false, nil)
    }

    // MARK: The caret

    /// The move `key` makes; nil for a key that moves nothing. Up and Down keep aiming at the x
    /// they started from.
    private func caretMove(_ key: KeyEvent) -> CaretMove? {
        let byWord = key.modifiers.contains(.control)
        switch key.keysym {
        case Keysym.left, Keysym.keypadLeft: return byWord ? .wordBackward : .backward
        case Keysym.right, Keysym.keypadRight: return byWord ? .wordForward : .forward
        case Keysym.up, Keysym.keypadUp: return .lineUp(x: goalX ?? caretX)
        case Keysym.down, Keysym.keypadDown: return .lineDown(x: goalX ?? caretX)
        case Keysym.home, Keysym.keypadHome: return byWord ? .textStart : .lineStart
        case Keysym.end, Keysym.keypadEnd: return byWord ? .textEnd : .lineEnd
        default: return nil
        }
    }

    /// The x of the caret (the selection's focus), or of where the keys would start.
    private var caretX: Double {
        guard let text, let from = keysStart else { return 0 }
        return text.caretX(at: from.focus) ?? 0
    }

    /// Where the keys start: the selection or caret (a click's too); else the start of the item
    /// focused; else the start of the text, as in a document just opened.
    private var keysStart: TextSelection? {
        if let selection { return selection }
        guard let text else { return nil }
        if let focus, let first = focusRects(focus).first,
           let start = text.position(nearest: PixelPoint(x: Double(first.x), y: first.midY)) {
            return TextSelection(caret: start)
        }
        return text.startPosition.map { TextSelection(caret: $0) }
    }

    /// Moves the caret (`extending`: the selection's focus, its anchor kept). Without Shift,
    /// Left and Right on a selection go to its start and end.
    private mutating func moveCaret(_ move: CaretMove, extending: Bool) {
        guard selectsText, let text, let from = keysStart else { return }
        var vertical = false
        if case .lineUp(let x) = move { (goalX, vertical) = (x, true) }
        if case .lineDown(let x) = move { (goalX, vertical) = (x, true) }
        if !vertical { goalX = nil }
        let moved: TextPosition?
        switch move {
        case .backward where !extending && !from.isEmpty: moved = from.start
        case .forward where !extending && !from.isEmpty: moved = from.end
        default: moved = text.position(from.focus, moved: move)
        }
        guard let moved else { return }
        selection = extending ? TextSelection(anchor: from.anchor, focus: moved) : TextSelection(caret: moved)
        (focus, caretShown, menu) = (nil, true, nil)
    }

    // MARK: Items and codes

    /// The items and codes Tab goes through, in reading order: those a click acts on.
    var focusable: [QuickAction.Subject] {
        guard offersItems, let analysis else { return [] }
        let subjects = analysis.items.indices.filter { analysis.items[$0].source == .text }.map(QuickAction.Subject.item)
            + analysis.codes.indices.map(QuickAction.Subject.code)
        return subjects.filter { !analysis.actions(for: $0).isEmpty && !focusRects($0).isEmpty }
            .map { ($0, readingKey($0)) }
            .sorted { $0.1.lexicographicallyPrecedes($1.1) }
            .map(\.0)
    }

    /// Where a subject comes in reading order: its place in the text (a code's: the text nearest
    /// its top-left corner), then down and across.
    private func readingKey(_ subject: QuickAction.Subject) -> [Int] {
        let first = focusRects(subject).first ?? .zero
        var offset = 0
        if case .item(let index) = subject, let analysis {
            offset = analysis.items[index].start
        } else if let text, let near = text.position(nearest: PixelPoint(x: Double(first.x), y: Double(first.y))) {
            offset = text.textOffset(of: near) ?? 0
        }
        return [offset, first.y, first.x]
    }

    /// Tab: the next item or code after the focused one (round from the last to the first), or
    /// after the caret or selection; Shift+Tab the one before. The selection is let go of.
    private mutating func moveFocus(backward: Bool) {
        let order = focusable
        guard !order.isEmpty else { return }
        let next: QuickAction.Subject
        if let focus, let at = order.firstIndex(of: focus) {
            next = order[(at + (backward ? order.count - 1 : 1)) % order.count]
        } else if let text, let selection, let caret = text.textOffset(of: selection.start) {
            let starts = order.map { readingKey($0)[0] }
            next = backward ? (order.indices.last { starts[$0] < caret }).map { order[$0] } ?? order[order.count - 1]
                : (order.indices.first { starts[$0] >= caret }).map { order[$0] } ?? order[0]
        } else {
            next = backward ? order[order.count - 1] : order[0]
        }
        (focus, selection, caretShown, goalX) = (next, nil, false, nil)
    }

    /// The rectangles of an item (one a line) or a code.
    func focusRects(_ subject: QuickAction.Subject) -> [Bounds] {
        guard let analysis else { return [] }
        switch subject {
        case .item(let index) where analysis.items.indices.contains(index): return analysis.items[index].lineRects
        case .code(let index) where analysis.codes.indices.contains(index): return [analysis.codes[index].bounds]
        default: return []
        }
    }

    /// Enter or Space on the focused item: what a click on it does (a link opens and the surface
    /// closes; anything else shows its menu, under it, its first entry highlighted for the keys).
    private mutating func activate(_ subject: QuickAction.Subject) -> [Command] {
        guard let analysis, let first = focusRects(subject).first else { return [] }
        if case .item(let index) = subject, analysis.items[index].kind == .link,
           let open = analysis.actions(for: subject).first, open.kind == .open {
            return [.perform(open), .close]
        }
        menu = layOutMenu(itemMenuItems(subject, in: analysis), x: first.x, y: first.maxY + 4, highlightFirst: true)
        return []
    }

    /// The Menu key or Shift+F10: the selection's menu under its last line (with Copy Table when
    /// that line is in a table), else the focused item's under it, its first entry highlighted;
    /// none with neither.
    private func keyboardMenu() -> LiveMenu? {
        if hasSelection, let text, let selection, let last = text.rects(of: selection).last {
            let table = table(atX: last.x + last.width / 2, y: last.y + last.height / 2)
            return layOutMenu(selectionMenuItems(selectedText, table: table), x: last.x, y: last.maxY + 4, highlightFirst: true)
        }
        if let focus, let analysis, let first = focusRects(focus).first {
            return layOutMenu(itemMenuItems(focus, in: analysis), x: first.x, y: first.maxY + 4, highlightFirst: true)
        }
        return nil
    }

    /// A right click: on the selection, its menu; on an item or code, its menu; on a word that is
    /// not selected, the word selected and its menu (as a document does); elsewhere none.
    mutating func rightClicked(atX x: Int, y: Int) {
        (focus, goalX) = (nil, nil)
        if let shown = contextMenu(atX: x, y: y) {
            menu = shown
            return
        }
        guard selectsText, let text, let word = text.word(at: PixelPoint(x: x, y: y)),
              let selected = text.wordSelection(containing: word) else {
            menu = nil
            return
        }
        (selection, caretShown) = (selected, false)
        menu = layOutMenu(selectionMenuItems(selectedText, table: table(atX: x, y: y)), x: x, y: y, highlightFirst: false)
    }

    /// The focused subject of an older reading in a newer one: the item or code with the same
    /// rectangles, nil when there is none.
    static func carried(_ subject: QuickAction.Subject, from older: ImageAnalysis, to newer: ImageAnalysis) -> QuickAction.Subject? {
        switch subject {
        case .item(let index) where older.items.indices.contains(index):
            let rects = older.items[index].lineRects
            return newer.items.firstIndex { $0.source == .text && $0.lineRects == rects }.map(QuickAction.Subject.item)
        case .code(let index) where older.codes.indices.contains(index):
            let bounds = older.codes[index].bounds
            return newer.codes.firstIndex { $0.bounds == bounds }.map(QuickAction.Subject.code)
        default:
            return nil
        }
    }
}
