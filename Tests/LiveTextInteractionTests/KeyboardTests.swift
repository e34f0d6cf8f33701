import LiveTextCore
@testable import LiveTextInteraction
import Testing

/// The live surface without a mouse: the caret keys, Tab through items and codes, Enter, Space,
/// the Menu key and Escape.
@Suite("live text keyboard")
struct KeyboardTests {
    typealias Live = LiveControllerTests

    static func key(_ keysym: UInt32, _ modifiers: InteractionModifiers = []) -> InteractionEvent {
        .key(KeyEvent(keysym: keysym, modifiers: modifiers))
    }

    static func keys(_ controller: inout LiveController, _ keysyms: [UInt32], _ modifiers: InteractionModifiers = []) {
        for keysym in keysyms { _ = controller.handle(key(keysym, modifiers)) }
    }

    /// "alpha beta" / "gamma delta" / "omega": words 10 px a character.
    static let text = SelectableText(Live.analysis)

    @Test("caret moves through the text as in a document", arguments: [
        // From "alp|ha": a character each way, a word each way, a line down keeping x, line ends.
        (CaretMove.forward, "0.0.0:4"), (.backward, "0.0.0:2"), (.wordForward, "0.0.0:5"), (.wordBackward, "0.0.0:0"),
        (.lineDown(x: 40), "0.1.0:3"), (.lineUp(x: 40), "0.0.0:0"), (.lineStart, "0.0.0:0"), (.lineEnd, "0.0.1:4"),
        (.textStart, "0.0.0:0"), (.textEnd, "1.0.0:5"),
    ])
    func moves(move: CaretMove, expected: String) {
        #expect(Self.text.position(TextPosition(block: 0, line: 0, word: 0, character: 3), moved: move)?.description == expected)
    }

    @Test("the break between words is one step; word moves go to word ends forward and starts backward; past the ends the caret stays")
    func moveEdges() {
        let text = Self.text
        let alphaEnd = TextPosition(block: 0, line: 0, word: 0, character: 5), betaStart = TextPosition(block: 0, line: 0, word: 1)
        #expect(text.position(alphaEnd, moved: .forward) == betaStart)
        #expect(text.position(betaStart, moved: .backward) == alphaEnd)
        #expect(text.position(alphaEnd, moved: .wordForward)?.description == "0.0.1:4")
        #expect(text.position(betaStart, moved: .wordBackward)?.description == "0.0.0:0")
        // Down from "omega", the last line, goes to the end; Up from the first line to the start.
        #expect(text.position(TextPosition(block: 1, line: 0, word: 0, character: 2), moved: .lineDown(x: 30))?.description == "1.0.0:5")
        #expect(text.position(TextPosition(block: 0, line: 0, word: 1, character: 2), moved: .lineUp(x: 90))?.description == "0.0.0:0")
        #expect(text.position(TextPosition(block: 1, line: 0, word: 0, character: 5), moved: .forward)?.description == "1.0.0:5")
        // Down from "gamma delta" crosses the block break onto "omega".
        #expect(text.position(TextPosition(block: 0, line: 1, word: 0, character: 2), moved: .lineDown(x: 30))?.description == "1.0.0:2")
    }

    @Test("Shift with the arrows, Home/End and Ctrl selects from the start of the text without a mouse; Ctrl+C copies; Right collapses to a caret, which is drawn; Enter on a caret does nothing; Esc lets go, then closes")
    func selectByKeys() {
        var controller = Live.read()
        #expect(!controller.hearsEscape)
        Self.keys(&controller, [Keysym.right, Keysym.right, Keysym.right], .shift)
        #expect(controller.selectedText == "alp")
        Self.keys(&controller, [Keysym.right], [.shift, .control])
        #expect(controller.selectedText == "alpha")
        // Down keeps the x of "alpha|" (60): "gamma|".
        Self.keys(&controller, [Keysym.down], .shift)
        #expect(controller.selectedText == "alpha beta\ngamma")
        Self.keys(&controller, [Keysym.end], .shift)
        #expect(controller.handle(Live.copy) == [.copy("alpha beta\ngamma delta")])
        // Shift+Left gives back one character; Left without Shift goes to the start.
        Self.keys(&controller, [Keysym.left], .shift)
        #expect(controller.selectedText == "alpha beta\ngamma delt")
        Self.keys(&controller, [Keysym.left])
        #expect(controller.selectedText.isEmpty && controller.caretShown && controller.hearsEscape)
        let caret = LivePaint.fill(Bounds(x: 9, y: 10, width: 2, height: 12), LiveStyle.caret)
        #expect(controller.paints.contains(caret))
        #expect(controller.handle(Live.enter).isEmpty)
        // Ctrl+Shift+End from the caret: everything.
        Self.keys(&controller, [Keysym.end], [.shift, .control])
        #expect(controller.selectedText == Live.analysis.text)
        #expect(controller.handle(Live.enter) == [.copy(ClipboardContent(plain: Live.analysis.text)), .close])
        #expect(controller.handle(Self.key(Keysym.escape)).isEmpty)
        #expect(controller.selectedText.isEmpty && !controller.paints.contains(caret) && !controller.hearsEscape)
        #expect(controller.handle(Self.key(Keysym.escape)) == [.close])
    }

    @Test("the keys go on from a click: its caret, undrawn until a key moves it; a click lets go of the keys' caret")
    func fromClick() {
        var controller = Live.read()
        // A click in "gam|ma".
        _ = controller.handle(Live.press(40, 35))
        _ = controller.handle(Live.release)
        #expect(!controller.caretShown && !controller.hearsEscape)
        Self.keys(&controller, [Keysym.right, Keysym.right], .shift)
        #expect(controller.selectedText == "ma")
        // Up from the selection's focus, "gamma|": "alpha|".
        Self.keys(&controller, [Keysym.up])
        #expect(controller.caretShown)
        Self.keys(&controller, [Keysym.end], .shift)
        #expect(controller.selectedText == " beta")
        _ = controller.handle(Live.press(40, 35))
        #expect(!controller.caretShown && controller.selectedText.isEmpty)
    }

    @Test("Enter with nothing selected or focused does nothing, before and after the reading: nothing was copied, so nothing closes as if it were")
    func enterWithNothing() {
        var reading = LiveController(width: 200, height: 100)
        #expect(reading.handle(Live.enter).isEmpty)
        var read = Live.read()
        #expect(read.handle(Live.enter).isEmpty)
        #expect(read.handle(Self.key(Keysym.keypadEnter)).isEmpty)
    }

    @Test("Tab and Shift+Tab go through the items and codes in reading order (round from the ends) with a focus ring; Enter or Space on a link opens it, on a code shows its menu with the first entry highlighted; the keys run an entry")
    func tabThroughItems() throws {
        var controller = Live.read(analysis: Live.links)
        let alpha = Bounds(x: 10, y: 10, width: 50, height: 12), code = Bounds(x: 120, y: 40, width: 50, height: 50)
        Self.keys(&controller, [Keysym.tab])
        #expect(controller.focus == .item(0))
        #expect(controller.paints.contains(LiveStyle.focusRing(around: alpha)))
        #expect(controller.hearsEscape)
        Self.keys(&controller, [Keysym.tab])
        #expect(controller.focus == .code(0))
        #expect(controller.paints.contains(LiveStyle.focusRing(around: code)) && !controller.paints.contains(LiveStyle.focusRing(around: alpha)))
        Self.keys(&controller, [Keysym.tab])
        #expect(controller.focus == .item(0))
        // Shift+Tab: ISO_Left_Tab on most keymaps, Tab with Shift on others.
        Self.keys(&controller, [Keysym.isoLeftTab], .shift)
        #expect(controller.focus == .code(0))
        Self.keys(&controller, [Keysym.tab], .shift)
        #expect(controller.focus == .item(0))
        #expect(controller.handle(Self.key(Keysym.space)) == [.perform(Live.links.actions[0]), .close])
        Self.keys(&controller, [Keysym.tab])
        #expect(controller.handle(Live.enter).isEmpty)
        let menu = try #require(controller.menu)
        #expect(menu.entries.map(\.title) == ["Open qr.example", "Copy Link", "Copy QR Code Payload"])
        // Under the code, moved in to stay inside the surface.
        #expect(menu.hovered == 0 && menu.bounds.maxX == 200 && menu.bounds.maxY == 100)
        Self.keys(&controller, [Keysym.down, Keysym.down])
        #expect(controller.handle(Live.enter) == [.perform(Live.links.actions[4]), .close])
        // Escape: the focus goes, then the surface closes.
        #expect(controller.handle(Self.key(Keysym.escape)).isEmpty)
        #expect(controller.focus == nil && !controller.hearsEscape)
        #expect(controller.handle(Self.key(Keysym.escape)) == [.close])
    }

    @Test("Tab goes to the first item after the caret; the arrows after Tab start at the focused item and let go of the focus")
    func tabFromCaret() {
        var controller = Live.read(analysis: Live.links)
        // A click in "gam|ma": the link on "alpha" is before it, the code after.
        _ = controller.handle(Live.press(40, 35))
        _ = controller.handle(Live.release)
        Self.keys(&controller, [Keysym.tab])
        #expect(controller.focus == .code(0) && controller.selection == nil)
        Self.keys(&controller, [Keysym.isoLeftTab], .shift)
        #expect(controller.focus == .item(0))
        Self.keys(&controller, [Keysym.end], .shift)
        #expect(controller.selectedText == "alpha beta" && controller.focus == nil)
    }

    @Test("the Menu key and Shift+F10 show the selection's menu under it, or the focused item's, first entry highlighted; nothing without either")
    func menuKey() throws {
        var controller = Live.read(analysis: Live.links)
        Self.keys(&controller, [Keysym.menu])
        #expect(controller.menu == nil)
        _ = controller.handle(Self.key(0x61, .control))
        Self.keys(&controller, [Keysym.f10], .shift)
        let menu = try #require(controller.menu)
        #expect(menu.entries.first?.title == "Copy" && menu.hovered == 0)
        #expect(controller.handle(Live.enter) == [.copy(ClipboardContent(plain: Live.analysis.text))])
        Self.keys(&controller, [Keysym.tab, Keysym.menu])
        #expect(controller.menu?.entries.map(\.title) == ["Open alpha.example", "Copy Link"])
        #expect(controller.menu?.hovered == 0)
        // F10 alone is not the menu's.
        Self.keys(&controller, [Keysym.escape, Keysym.f10])
        #expect(controller.menu == nil && controller.focus == .item(0))
    }

    @Test("a right click on a word not selected selects it and shows the selection's menu; on an item its menu, as before")
    func rightClickSelectsWord() throws {
        var controller = Live.read(analysis: Live.links)
        _ = controller.handle(.press(PointerEvent(button: 3, x: 90, y: 35)))
        #expect(controller.selectedText == "delta")
        #expect(controller.menu?.entries.map(\.title).prefix(3) == ["Copy", "Copy as One Line", "Select All"])
        #expect(controller.menu?.entries.last?.title == "Translate “delta”")
        _ = controller.handle(.press(PointerEvent(button: 3, x: 20, y: 15)))
        #expect(controller.menu?.entries.map(\.title) == ["Open alpha.example", "Copy Link"])
        // Off the text: no menu.
        _ = controller.handle(.press(PointerEvent(button: 3, x: 190, y: 5)))
        #expect(controller.menu == nil)
    }

    @Test("a keys' caret and the focus are carried over a newer reading by where they are on the screen")
    func carriedOverReadings() {
        var controller = LiveController(width: 200, height: 100)
        _ = controller.handle(.message(LiveReading.partial(PartialAnalysis(generation: 1, analysis: Live.links))))
        Self.keys(&controller, [Keysym.tab])
        #expect(controller.focus == .item(0))
        _ = controller.handle(.message(Live.done(Live.links)))
        #expect(controller.focus == .item(0))
        Self.keys(&controller, [Keysym.down])
        let caret = controller.selection
        _ = controller.handle(.message(Live.done(Live.links)))
        #expect(controller.selection == caret && controller.caretShown)
    }
}
