import LiveTextCore
@testable import LiveTextInteraction
import Testing

/// The live surface's controller as plain values: events in, selection, copies and paints out.
@Suite("live text controller")
struct LiveControllerTests {
    /// Two blocks: "alpha beta" / "gamma delta" (lines at y 10 and 30), then "omega" at y 70; each
    /// word 10 px a character, 10 px apart.
    static let analysis: ImageAnalysis = {
        func line(_ words: [String], y: Int) -> TextLine {
            var x = 10
            return TextLine(words: words.map { text in
                defer { x += text.count * 10 + 10 }
                return TextWord(text: text, bounds: Bounds(x: x, y: y, width: text.count * 10, height: 12), confidence: 90)
            })
        }
        return ImageAnalysis(image: .init(width: 200, height: 100, source: "pixels"),
                             blocks: [TextBlock(lines: [line(["alpha", "beta"], y: 10), line(["gamma", "delta"], y: 30)]),
                                      TextBlock(lines: [line(["omega"], y: 70)])])
    }()

    static func read(_ types: [InteractionType] = [.automatic], analysis: ImageAnalysis = analysis,
                     interface: SupplementaryInterface = SupplementaryInterface(),
                     metrics: InterfaceMetrics = .standard) -> LiveController {
        var controller = LiveController(width: 200, height: 100, types: types, metrics: metrics)
        _ = controller.handle(.message(done(analysis, types, interface: interface, metrics: metrics)))
        return controller
    }

    /// The reading as the session sends it: with the button and chips laid out (chips undrawn).
    static func done(_ analysis: ImageAnalysis, _ types: [InteractionType] = [.automatic],
                     interface: SupplementaryInterface = SupplementaryInterface(),
                     metrics: InterfaceMetrics = .standard) -> LiveReading {
        .done(analysis, LivePanel.laidOut(analysis, types: types, allowDataDetectorsInTextMode: true, interface: interface,
                                          metrics: metrics, width: 200, height: 100, measure: { $0.count * 7 }))
    }

    /// What is drawn besides the Live Text button.
    static func marks(_ controller: LiveController) -> [LivePaint] {
        controller.paints.filter { paint in controller.button.map { paint.bounds.intersection($0).isEmpty } ?? true }
    }

    static func press(_ x: Int, _ y: Int, count: Int = 1, _ modifiers: InteractionModifiers = []) -> InteractionEvent {
        .press(PointerEvent(button: 1, x: x, y: y, clickCount: count, modifiers: modifiers))
    }

    static func drag(_ x: Int, _ y: Int) -> InteractionEvent { .motion(x: x, y: y, modifiers: .button1) }

    static let release = InteractionEvent.release(PointerEvent(button: 1, x: 0, y: 0))
    static let copy = InteractionEvent.key(KeyEvent(keysym: 0x63, modifiers: .control))
    static let enter = InteractionEvent.key(KeyEvent(keysym: 0xff0d))

    @Test("before the reading: a bar along the top, presses and Ctrl+C do nothing, Enter does nothing (nothing to copy); a failed reading turns the bar red")
    func reading() {
        var controller = LiveController(width: 200, height: 100)
        #expect(controller.paints == [.fill(Bounds(x: 0, y: 0, width: 200, height: 3), LiveStyle.reading)])
        _ = controller.handle(Self.press(15, 15))
        #expect(controller.handle(Self.copy).isEmpty)
        #expect(controller.handle(Self.enter).isEmpty)
        _ = controller.handle(.message(LiveReading.failed(LiveTextError(.failed, "no engines"))))
        #expect(controller.paints == [.fill(Bounds(x: 0, y: 0, width: 200, height: 3), LiveStyle.failure)])
    }

    @Test("a drag across lines and blocks selects in reading order, drawn one highlight per line; Ctrl+C copies and stays, Enter copies and closes")
    func drag() {
        var controller = Self.read()
        // Characters are 10 px wide: from "alp|ha" to "om|ega".
        for event in [Self.press(40, 15), Self.drag(100, 35), Self.drag(30, 75), Self.release] { _ = controller.handle(event) }
        #expect(controller.selectedText == "ha beta\ngamma delta\n\nom")
        #expect(Self.marks(controller).count == 3)
        #expect(controller.handle(Self.copy) == [.copy("ha beta\ngamma delta\n\nom")])
        #expect(controller.handle(Self.enter) == [.copy("ha beta\ngamma delta\n\nom"), .close])
        // Backwards, from "del|ta": the press stays the anchor.
        for event in [Self.press(95, 35), Self.drag(10, 15), Self.release] { _ = controller.handle(event) }
        #expect(controller.selectedText == "alpha beta\ngamma del")
    }

    @Test("double click a word, triple click a line, a drag after them goes by words or lines; Shift+click extends; Ctrl+A all")
    func units() {
        var controller = Self.read()
        _ = controller.handle(Self.press(85, 15, count: 2))
        #expect(controller.selectedText == "beta")
        _ = controller.handle(Self.drag(15, 35))
        #expect(controller.selectedText == "beta\ngamma")
        _ = controller.handle(Self.release)
        _ = controller.handle(Self.press(85, 35, count: 3))
        #expect(controller.selectedText == "gamma delta")
        _ = controller.handle(Self.drag(20, 72))
        #expect(controller.selectedText == "gamma delta\n\nomega")
        _ = controller.handle(Self.release)
        _ = controller.handle(Self.press(20, 15))
        _ = controller.handle(Self.release)
        _ = controller.handle(Self.press(30, 35, count: 1, .shift))
        #expect(controller.selectedText == "lpha beta\nga")
        _ = controller.handle(.key(KeyEvent(keysym: 0x61, modifiers: .control)))
        #expect(controller.selectedText == Self.analysis.text)
    }

    @Test("the I-beam over words, the arrow elsewhere; dataDetectors alone selects nothing")
    func cursorAndTypes() {
        var controller = Self.read()
        _ = controller.handle(.motion(x: 15, y: 15, modifiers: []))
        #expect(controller.cursor == .iBeam)
        _ = controller.handle(.motion(x: 150, y: 90, modifiers: []))
        #expect(controller.cursor == .arrow)
        var detectors = Self.read([.dataDetectors])
        _ = detectors.handle(.motion(x: 15, y: 15, modifiers: []))
        #expect(detectors.cursor == .arrow)
        _ = detectors.handle(Self.press(15, 15, count: 2))
        _ = detectors.handle(.key(KeyEvent(keysym: 0x61, modifiers: .control)))
        #expect(detectors.selectedText.isEmpty)
        #expect(detectors.paints.isEmpty)
    }

    @Test("items are underlined under automatic and dataDetectors, not textSelection; a click on a phone number shows its menu at the click (its actions, then its copy), a drag over it selects")
    func items() throws {
        var analysis = Self.analysis
        // "gamma" (x 10-60, y 30-42) stands for a phone number.
        analysis.items = [DetectedItem(kind: .phone, text: "gamma", start: 11, end: 16,
                                       bounds: Bounds(x: 10, y: 30, width: 50, height: 12))]
        let call = QuickAction(id: "call-0", title: "Call", kind: .call, target: "tel:123", subject: .item(0))
        analysis.actions = [call, QuickAction(id: "copy-0", title: "Copy", kind: .copy, target: "gamma", subject: .item(0))]
        func reading(_ types: [InteractionType]) -> LiveController { Self.read(types, analysis: analysis) }
        let underline = LivePaint.fill(Bounds(x: 10, y: 42, width: 50, height: 2), LiveStyle.item)
        #expect(Self.marks(reading([.automatic])) == [underline])
        #expect(Self.marks(reading([.dataDetectors])) == [underline])
        #expect(Self.marks(reading([.textSelection])).isEmpty)

        var controller = reading([.automatic])
        _ = controller.handle(.motion(x: 20, y: 35, modifiers: []))
        #expect(controller.cursor == .hand)
        // A click: once no second click has come (a double click selects the word), the item's
        // menu at the click, as Apple shows it; nothing is run until an entry is chosen.
        _ = controller.handle(Self.press(20, 35))
        #expect(controller.handle(.release(PointerEvent(button: 1, x: 21, y: 35))) == [.wait(1)])
        #expect(controller.menu == nil)
        #expect(controller.handle(.message(LiveClickWait(serial: 1))).isEmpty)
        let menu = try #require(controller.menu)
        #expect(menu.entries.map(\.title) == ["Call", "Copy"])
        #expect(menu.bounds.x == 20 && menu.bounds.y == 35)
        let callEntry = menu.entries[0].frame
        #expect(controller.handle(Self.press(callEntry.x + 2, callEntry.y + 2)) == [.perform(call), .close])
        #expect(controller.menu == nil)
        _ = controller.handle(Self.press(20, 35))
        #expect(controller.handle(.release(PointerEvent(button: 1, x: 20, y: 35))) == [.wait(2)])
        _ = controller.handle(Self.press(20, 35, count: 2))
        #expect(controller.handle(.message(LiveClickWait(serial: 2))).isEmpty)
        #expect(controller.selectedText == "gamma")
        _ = controller.handle(Self.release)
        // A drag that starts on it selects text instead.
        _ = controller.handle(Self.press(20, 35))
        _ = controller.handle(Self.drag(90, 35))
        #expect(controller.handle(.release(PointerEvent(button: 1, x: 90, y: 35))).isEmpty)
        #expect(controller.selectedText == "amma de")
        // Under textSelection it is only text.
        var text = reading([.textSelection])
        _ = text.handle(.motion(x: 20, y: 35, modifiers: []))
        #expect(text.cursor == .iBeam)
        _ = text.handle(Self.press(20, 35))
        #expect(text.handle(.release(PointerEvent(button: 1, x: 20, y: 35))).isEmpty)

        // The chips of the quick actions at the bottom left, only while the button is on.
        var chips = reading([.automatic])
        let panel = LivePanel.laidOut(analysis, types: [.automatic], allowDataDetectorsInTextMode: true,
                                      interface: SupplementaryInterface(), metrics: .standard, width: 200, height: 100,
                                      measure: { $0.count * 7 })
        let first = try #require(panel.chips.first)
        let firstAction = try #require(first.action)
        #expect(analysis.actions.contains(firstAction))
        #expect(first.frame.x == 6 && first.frame.maxY == 94)
        _ = chips.handle(Self.press(first.frame.x + 3, first.frame.y + 3))
        _ = chips.handle(Self.release)
        #expect(!chips.paints.contains(.fill(first.frame, LiveStyle.control)))
        let button = try #require(chips.button)
        _ = chips.handle(Self.press(button.x + 3, button.y + 3))
        #expect(chips.paints.contains(.fill(first.frame, LiveStyle.control)))
        #expect(chips.handle(Self.press(first.frame.x + 3, first.frame.y + 3)) == [.perform(firstAction), .close])
    }

    /// The live tests' analysis with a link on "alpha" (x 10-60, y 10-22) and a QR code (x 120-170,
    /// y 40-90) whose payload gave a second link.
    static var links: ImageAnalysis {
        var analysis = Self.analysis
        let code = MachineReadableCode(symbology: "QR-Code", payload: "https://qr.example", bounds: Bounds(x: 120, y: 40, width: 50, height: 50))
        analysis.codes = [code]
        analysis.items = [DetectedItem(kind: .link, text: "alpha", start: 0, end: 5, bounds: Bounds(x: 10, y: 10, width: 50, height: 12),
                                       value: ["url": .string("https://alpha.example")]),
                          DetectedItem(kind: .link, text: "https://qr.example", start: 0, end: 18, bounds: code.bounds, source: .code,
                                       value: ["url": .string("https://qr.example")])]
        analysis.actions = [
            QuickAction(id: "open-link-0", title: "Open alpha.example", kind: .open, target: "https://alpha.example", subject: .item(0)),
            QuickAction(id: "copy-link-0", title: "Copy Link", kind: .copy, target: "https://alpha.example", subject: .item(0)),
            QuickAction(id: "open-link-1", title: "Open qr.example", kind: .open, target: "https://qr.example", subject: .item(1)),
            QuickAction(id: "copy-link-1", title: "Copy Link", kind: .copy, target: "https://qr.example", subject: .item(1)),
            QuickAction(id: "copy-code-0", title: "Copy QR Code Payload", kind: .copy, target: "https://qr.example", subject: .code(0)),
        ]
        return analysis
    }

    /// Clicks at `x`, `y` and lets the double-click interval pass: what the click did.
    static func click(_ controller: inout LiveController, _ x: Int, _ y: Int) -> [LiveController.Command] {
        _ = controller.handle(press(x, y))
        guard case .wait(let serial)? = controller.handle(.release(PointerEvent(button: 1, x: x, y: y))).first else { return [] }
        return controller.handle(.message(LiveClickWait(serial: serial)))
    }

    @Test("a click on a link opens it at once and closes, no menu; a click on a code (even one holding a link) shows its menu: its actions, then its copies")
    func linkAndCodeClicks() throws {
        var controller = Self.read(analysis: Self.links)
        let open = Self.links.actions[0]
        #expect(Self.click(&controller, 20, 15) == [.perform(open), .close])
        #expect(controller.menu == nil)
        #expect(Self.click(&controller, 140, 60).isEmpty)
        #expect(controller.menu?.entries.map(\.title) == ["Open qr.example", "Copy Link", "Copy QR Code Payload"])
        // A right click on the link lists the same as before: its actions.
        _ = controller.handle(.key(KeyEvent(keysym: Keysym.escape)))
        _ = controller.handle(.press(PointerEvent(button: 3, x: 20, y: 15)))
        #expect(controller.menu?.entries.map(\.title) == ["Open alpha.example", "Copy Link"])
        // A link the opener may not have (no open action) shows its menu rather than copying at a click.
        var copyOnly = Self.links
        copyOnly.actions.removeFirst()
        var guarded = Self.read(analysis: copyOnly)
        #expect(Self.click(&guarded, 20, 15).isEmpty)
        #expect(guarded.menu?.entries.map(\.title) == ["Copy Link"])
    }

    @Test("the Live Text button at the bottom right, sized by the scale: a click shows everything (the rest dimmed, every line lit) and a second hides it; none when hidden or under dataDetectors")
    func liveTextButton() throws {
        var controller = LiveController(width: 200, height: 100, metrics: InterfaceMetrics(scale: 2))
        #expect(controller.button == nil)
        _ = controller.handle(.message(Self.done(Self.analysis, metrics: InterfaceMetrics(scale: 2))))
        let button = try #require(controller.button)
        // 22 points at scale 2, 6 points from the edges.
        #expect(button == Bounds(x: 200 - 12 - 44, y: 100 - 12 - 44, width: 44, height: 44))
        let off = controller.paints
        _ = controller.handle(.motion(x: button.x + 5, y: button.y + 5, modifiers: []))
        #expect(controller.cursor == .hand)
        _ = controller.handle(Self.press(button.x + 5, button.y + 5))
        #expect(controller.showingAll && controller.selection == nil)
        let on = controller.paints
        // Dimmed but for the three lines, each framed.
        let lines = Self.analysis.blocks.flatMap(\.lines).map(\.bounds)
        let dims = on.compactMap { if case .fill(let rect, LiveStyle.dim) = $0 { rect } else { nil } }
        #expect(dims.allSatisfy { dim in lines.allSatisfy { dim.intersection($0).isEmpty } })
        var covered = [Int](repeating: 0, count: 200 * 100)
        for rect in dims + lines { for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { covered[y * 200 + x] += 1 } } }
        #expect(covered.allSatisfy { $0 == 1 }, "every pixel dimmed once or on a line")
        #expect(on.filter { if case .frame(_, LiveStyle.lit, _) = $0 { true } else { false } }.count == 3)
        _ = controller.handle(Self.release)
        _ = controller.handle(Self.press(button.x + 5, button.y + 5))
        #expect(!controller.showingAll)
        #expect(controller.paints == off)

        #expect(Self.read(interface: SupplementaryInterface(isHidden: true)).button == nil)
        #expect(Self.read([.dataDetectors]).button == nil)
    }

    @Test("a right click on the selection offers Copy, Copy as One Line, Select All, Look Up and Translate of its first line; on an item, its actions; elsewhere nothing; a click outside closes the menu")
    func menus() throws {
        var controller = Self.read()
        for event in [Self.press(40, 15), Self.drag(100, 35), Self.release] { _ = controller.handle(event) }
        let selected = controller.selectedText
        #expect(selected == "ha beta\ngamma del")
        let right = { (x: Int, y: Int) in InteractionEvent.press(PointerEvent(button: 3, x: x, y: y)) }
        _ = controller.handle(right(150, 90))
        #expect(controller.menu == nil)
        _ = controller.handle(right(80, 15))
        let menu = try #require(controller.menu)
        #expect(menu.entries.map(\.title) == ["Copy", "Copy as One Line", "Select All", "Look Up “ha beta”", "Translate “ha beta”"])
        // Kept inside the 200 × 100 surface: five 22 px rows do not fit, so from the top.
        #expect(menu.bounds.y == 0 && menu.bounds.maxY == 100 && menu.bounds.maxX <= 200)
        #expect(controller.paints.last == .fill(menu.bounds, LiveStyle.control))
        let oneLine = menu.entries[1].frame
        // The entry under the pointer is highlighted, none outside.
        _ = controller.handle(.motion(x: oneLine.x + 2, y: oneLine.y + 2, modifiers: []))
        #expect(controller.menu?.hovered == 1 && controller.paints.last == .fill(oneLine, LiveStyle.accent))
        _ = controller.handle(.motion(x: 5, y: 5, modifiers: []))
        #expect(controller.menu?.hovered == nil && controller.paints.last == .fill(menu.bounds, LiveStyle.control))
        #expect(controller.handle(Self.press(oneLine.x + 2, oneLine.y + 2)) == [.copy("ha beta gamma del")])
        #expect(controller.menu == nil && controller.selectedText == selected)
        _ = controller.handle(right(80, 15))
        let lookUp = try #require(controller.menu?.entries[3].frame)
        #expect(controller.handle(Self.press(lookUp.x + 2, lookUp.y + 2)) == [.textAction(.lookup, "ha beta"), .close])
        _ = controller.handle(right(80, 15))
        #expect(controller.handle(Self.press(5, 95)).isEmpty)
        #expect(controller.menu == nil && controller.selectedText == selected)

        var analysis = Self.analysis
        analysis.items = [DetectedItem(kind: .phone, text: "omega", start: 25, end: 30,
                                       bounds: Bounds(x: 10, y: 70, width: 50, height: 12))]
        let call = QuickAction(id: "call-0", title: "Call", kind: .call, target: "tel:1", subject: .item(0))
        analysis.actions = [call, QuickAction(id: "copy-0", title: "Copy Number", kind: .copy, target: "1", subject: .item(0))]
        var items = Self.read(analysis: analysis)
        _ = items.handle(right(20, 75))
        #expect(items.menu?.entries.map(\.title) == ["Call", "Copy Number"])
        let first = try #require(items.menu?.entries.first?.frame)
        #expect(items.handle(Self.press(first.x + 1, first.y + 1)) == [.perform(call), .close])
    }

    /// The lines of `analysis` kept by `keep` (by their text), as a partial reading of generation `generation`.
    static func partial(_ generation: Int, keeping keep: Set<String>, of analysis: ImageAnalysis = analysis) -> LiveReading {
        let blocks = analysis.blocks.compactMap { block -> TextBlock? in
            let lines = block.lines.filter { keep.contains($0.text) }
            return lines.isEmpty ? nil : TextBlock(lines: lines)
        }
        return .partial(PartialAnalysis(generation: generation, analysis: ImageAnalysis(image: analysis.image, blocks: blocks)))
    }

    @Test("a reading that arrives under a pointer at rest turns the cursor into an I-beam there, without a move; off the text it stays the arrow")
    func cursorUnderStillPointer() {
        var controller = LiveController(width: 200, height: 100)
        controller.pointer = PixelPoint(x: 20, y: 75)
        #expect(controller.cursor == .arrow)
        _ = controller.handle(.message(Self.partial(1, keeping: ["alpha beta"])))
        #expect(controller.cursor == .arrow, "omega, under the pointer, is not read yet")
        _ = controller.handle(.message(Self.partial(2, keeping: ["alpha beta", "omega"])))
        #expect(controller.cursor == .iBeam)
        var elsewhere = LiveController(width: 200, height: 100)
        elsewhere.pointer = PixelPoint(x: 150, y: 90)
        _ = elsewhere.handle(.message(Self.done(Self.analysis)))
        #expect(elsewhere.cursor == .arrow)
    }

    @Test("partial readings: each newer one is adopted, the bar stays until the whole; a selection made on one is carried to the next and to the whole; a stale or late partial is dropped")
    func partials() {
        var controller = LiveController(width: 200, height: 100)
        let bar = LivePaint.fill(Bounds(x: 0, y: 0, width: 200, height: 3), LiveStyle.reading)
        // The line under the pointer first: "omega".
        _ = controller.handle(.message(Self.partial(1, keeping: ["omega"])))
        #expect(controller.analysis?.text == "omega")
        _ = controller.handle(Self.press(20, 75, count: 2))
        _ = controller.handle(Self.release)
        #expect(controller.selectedText == "omega")
        #expect(controller.paints.last == bar)
        // More lines: the selection is still the word, now among them.
        _ = controller.handle(.message(Self.partial(3, keeping: ["gamma delta", "omega"])))
        #expect(controller.analysis?.text == "gamma delta\n\nomega")
        #expect(controller.selectedText == "omega")
        // An older partial arriving late changes nothing.
        _ = controller.handle(.message(Self.partial(2, keeping: ["alpha beta"])))
        #expect(controller.analysis?.text == "gamma delta\n\nomega")
        // The whole replaces the partials: the selection stays, the bar goes.
        _ = controller.handle(.message(Self.done(Self.analysis)))
        #expect(controller.analysis?.text == Self.analysis.text)
        #expect(controller.selectedText == "omega")
        #expect(!controller.paints.contains(bar))
        // A partial after the whole is ignored.
        _ = controller.handle(.message(Self.partial(9, keeping: ["omega"])))
        #expect(controller.analysis?.text == Self.analysis.text)
    }

    @Test("a selection across lines grows with the lines read between its ends; a drag begun on a partial goes on over the next reading")
    func partialsGrowSelection() {
        // "alpha beta" and "omega" read first: a drag from "alp|ha" to "om|ega".
        var controller = LiveController(width: 200, height: 100)
        _ = controller.handle(.message(Self.partial(2, keeping: ["alpha beta", "omega"])))
        for event in [Self.press(40, 15), Self.drag(30, 75), Self.release] { _ = controller.handle(event) }
        #expect(controller.selectedText == "ha beta\n\nom")
        // "gamma delta" read since, between them in reading order: selected too.
        _ = controller.handle(.message(Self.partial(3, keeping: ["alpha beta", "gamma delta", "omega"])))
        #expect(controller.selectedText == "ha beta\ngamma delta\n\nom")
        _ = controller.handle(.message(Self.done(Self.analysis)))
        #expect(controller.selectedText == "ha beta\ngamma delta\n\nom")

        // A drag still under way when more lines come goes on over them.
        var dragging = LiveController(width: 200, height: 100)
        _ = dragging.handle(.message(Self.partial(1, keeping: ["omega"])))
        _ = dragging.handle(Self.press(10, 75))
        _ = dragging.handle(.message(Self.partial(2, keeping: ["gamma delta", "omega"])))
        _ = dragging.handle(.message(Self.done(Self.analysis)))
        _ = dragging.handle(Self.drag(70, 15))
        #expect(dragging.selectedText == "beta\ngamma delta\n\n")
        // A caret (a press without a drag) is dropped when the text changes under it.
        var caret = LiveController(width: 200, height: 100)
        _ = caret.handle(.message(Self.partial(1, keeping: ["omega"])))
        _ = caret.handle(Self.press(30, 75))
        _ = caret.handle(Self.release)
        _ = caret.handle(.message(Self.partial(2, keeping: ["gamma delta", "omega"])))
        #expect(caret.selection == nil && caret.selectedText.isEmpty)
    }

    @Test("everything shown over a dark terminal: the light text of a line keeps its own pixels (a light band washed it out), the rest is dimmed")
    func showingAllOnDark() {
        // A black screen with a light-grey "line" of text at (20, 20, 100, 14), and a light dot
        // beside it that was not read.
        func screen(dot: Bool) -> PixelImage {
            var pixels = [UInt8](repeating: 0, count: 160 * 60 * 4)
            for y in 20..<34 { for x in stride(from: 20, to: 120, by: 3) { for c in 0..<3 { pixels[(y * 160 + x) * 4 + c] = 200 } } }
            if dot { for c in 0..<3 { pixels[(45 * 160 + 140) * 4 + c] = 200 } }
            for at in stride(from: 3, to: pixels.count, by: 4) { pixels[at] = 255 }
            return PixelImage(width: 160, height: 60, format: .rgba8, pixels: pixels)
        }
        let frozen = screen(dot: false)
        let line = Bounds(x: 20, y: 20, width: 100, height: 14)
        let area = Bounds(x: 0, y: 0, width: 160, height: 60)
        let out = LiveCompositor.compose(frozen, LiveStyle.showingAll([line], in: area), in: area)
        // Inside the frame, the text and its background are exactly as they were: 200 on 0.
        #expect(out[(25 * 160 + 23) * 4] == 200 && out[(25 * 160 + 24) * 4] == 0)
        // Around it, dimmed once (black stays black; nothing lighter than it was).
        #expect(out[(50 * 160 + 50) * 4] == 0)
        // Text beside the line (not read) is dimmed: 200 → about 114.
        let dimmed = LiveCompositor.compose(screen(dot: true), LiveStyle.showingAll([line], in: area), in: area)
        #expect(dimmed[(45 * 160 + 140) * 4] == LiveCompositor.mix(0, over: 200, alpha: UInt32(LiveStyle.dim.alpha)))
    }
}
