import LiveTextCore
@testable import LiveTextInteraction
import Testing

/// The image viewer's controller as plain values: the live controller's interaction through a
/// zoomed and panned view, the viewer's own keys, and readings of images no longer shown dropped.
@Suite("image viewer controller")
struct ViewControllerTests {
    typealias Live = LiveControllerTests

    /// A 200×100 image (the live tests' analysis) in a 200×100 view.
    static func viewer() -> ViewController {
        ViewController(image: PixelImage(width: 200, height: 100, gray: 255), width: 200, height: 100) { image in
            LiveController(width: image.width, height: image.height)
        }
    }

    static func read(_ controller: inout ViewController, generation: Int? = nil) {
        _ = controller.handle(.message(ViewReading(generation: generation ?? controller.generation, reading: Live.done(Live.analysis))))
    }

    static func key(_ keysym: UInt32, _ modifiers: InteractionModifiers = []) -> InteractionEvent {
        .key(KeyEvent(keysym: keysym, modifiers: modifiers))
    }

    static func wheel(_ button: Int, _ x: Int, _ y: Int, _ modifiers: InteractionModifiers = []) -> InteractionEvent {
        .press(PointerEvent(button: button, x: x, y: y, modifiers: modifiers))
    }

    /// The view pixel over an image point.
    static func at(_ controller: ViewController, _ x: Double, _ y: Double) -> (Int, Int) {
        let point = controller.transform.viewPoint(PixelPoint(x: x, y: y))
        return (Int(point.x), Int(point.y))
    }

    @Test("zoomed in with +: a double click where 'beta' is shown selects it, and its highlight is drawn over it in the view")
    func selectionThroughZoom() {
        var controller = Self.viewer()
        Self.read(&controller)
        _ = controller.handle(Self.key(Keysym.plus))
        #expect(controller.transform.scale == 1.25)
        #expect(controller.transform.origin == PixelPoint(x: -25, y: -12.5))
        // "beta": x 70–110, y 10–22 in the image.
        let (x, y) = Self.at(controller, 90, 16)
        _ = controller.handle(Live.press(x, y))
        _ = controller.handle(Live.release)
        _ = controller.handle(Live.press(x, y, count: 2))
        #expect(controller.selectedText == "beta")
        #expect(controller.handle(Live.copy) == [.copy("beta")])
        let highlight = controller.transform.viewRect(Bounds(x: 70, y: 10, width: 40, height: 12))
        let paints = controller.paints()
        #expect(highlight == Bounds(x: 62, y: 0, width: 51, height: 15))
        #expect(paints.contains(.fill(highlight, LiveStyle.selection)), "\(paints)")
        // A drag at this zoom, from "gam|ma" to "del|ta".
        let (fromX, fromY) = Self.at(controller, 41, 36), (toX, toY) = Self.at(controller, 101, 36)
        for event in [Live.press(fromX, fromY), Live.drag(toX, toY), Live.release] { _ = controller.handle(event) }
        #expect(controller.selectedText == "ma del")
    }

    @Test("Ctrl+wheel zooms about the pointer (the image point under it stays); the wheel, arrows, a middle drag and space+drag pan; 0 is 1:1, f fits")
    func zoomAndPan() {
        var controller = Self.viewer()
        Self.read(&controller)
        let pointer = PixelPoint(x: 150, y: 30)
        let under = controller.transform.imagePoint(pointer)
        _ = controller.handle(Self.wheel(4, 150, 30, .control))
        _ = controller.handle(Self.wheel(4, 150, 30, .control))
        #expect(controller.transform.scale == 1.5625)
        #expect(controller.transform.imagePoint(pointer) == under)
        let origin = controller.transform.origin
        _ = controller.handle(Self.wheel(5, 150, 30))
        #expect(controller.transform.origin.y == max(100 - 100 * 1.5625, origin.y - ViewController.scrollStep))
        _ = controller.handle(Self.key(Keysym.left))
        #expect(controller.transform.origin.x == min(0, origin.x + ViewController.scrollStep))
        // A middle-button drag moves the image with the pointer; the selection does not change.
        let before = controller.transform.origin
        _ = controller.handle(.press(PointerEvent(button: 2, x: 100, y: 50)))
        _ = controller.handle(.motion(x: 110, y: 55, modifiers: .button2))
        _ = controller.handle(.release(PointerEvent(button: 2, x: 110, y: 55)))
        #expect(controller.transform.origin == PixelPoint(x: before.x + 10, y: before.y + 5))
        // So does a left-button drag with space held; let go of space, the left button selects again.
        _ = controller.handle(Self.key(Keysym.space))
        #expect(controller.cursor == .hand)
        _ = controller.handle(Live.press(110, 55))
        _ = controller.handle(Live.drag(100, 50))
        _ = controller.handle(Live.release)
        _ = controller.handle(.keyRelease(KeyEvent(keysym: Keysym.space)))
        #expect(controller.transform.origin == before)
        #expect(controller.selectedText.isEmpty && controller.cursor != .hand)
        _ = controller.handle(Self.key(Keysym.zero))
        #expect(controller.transform.scale == 1)
        _ = controller.handle(.resized(width: 100, height: 100))
        _ = controller.handle(Self.key(Keysym.f))
        #expect(controller.transform.scale == 0.5 && controller.transform.fitsView)
        #expect(controller.base.width == 100 && controller.base.height == 100)
    }

    @Test("another image drops the first one's analysis and selection; a reading of the first arriving late is dropped, never shown")
    func staleReadingDropped() {
        var controller = Self.viewer()
        let first = controller.generation
        Self.read(&controller)
        _ = controller.handle(Live.press(90, 16, count: 2))
        #expect(controller.selectedText == "beta")
        let second = controller.open(PixelImage(width: 300, height: 150, gray: 0))
        #expect(second == first + 1)
        #expect(controller.analysis == nil && controller.selectedText.isEmpty)
        // Only the reading bar over the new image while it is read.
        #expect(controller.paints().count == 1)
        // The first image's reading, sent before the turn, comes in now: dropped.
        Self.read(&controller, generation: first)
        #expect(controller.analysis == nil)
        _ = controller.handle(Self.key(0x61, .control))
        #expect(controller.handle(Live.copy).isEmpty)
        Self.read(&controller, generation: second)
        #expect(controller.analysis != nil)
    }

    @Test("q and Esc close; Enter copies and stays; turning keys; the live controller never closes the viewer")
    func keys() {
        var controller = Self.viewer()
        Self.read(&controller)
        #expect(controller.handle(Self.key(Keysym.q)) == [.close])
        #expect(controller.handle(Self.key(Keysym.escape)) == [.close])
        _ = controller.handle(Self.key(0x61, .control))
        #expect(controller.handle(Live.enter) == [.copy("alpha beta\ngamma delta\n\nomega")])
        #expect(controller.handle(Self.key(Keysym.pageDown)) == [.turn(1)])
        #expect(controller.handle(Self.key(Keysym.p)) == [.turn(-1)])
    }

    @Test("the Live Text button stays at the view's bottom-right corner at every zoom; a click there shows everything (the image dimmed, lines lit) and the chips, laid out for the view")
    func buttonPinnedToView() throws {
        var controller = ViewController(image: PixelImage(width: 200, height: 100, gray: 255), width: 200, height: 100,
                                        live: { LiveController(width: $0.width, height: $0.height) },
                                        panel: { analysis, width, height in
            LivePanel.laidOut(analysis, types: [.automatic], allowDataDetectorsInTextMode: true,
                              interface: SupplementaryInterface(), metrics: .standard, width: width, height: height, measure: { $0.count * 7 })
        })
        Self.read(&controller)
        let corner = Bounds(x: 172, y: 72, width: 22, height: 22)
        func drawsButton(_ controller: inout ViewController) -> Bool {
            controller.paints().contains { $0.bounds == corner }
        }
        #expect(drawsButton(&controller))
        for _ in 0..<3 { _ = controller.handle(Self.key(Keysym.plus)) }
        #expect(drawsButton(&controller))
        _ = controller.handle(.motion(x: 180, y: 80, modifiers: []))
        #expect(controller.cursor == .hand)
        _ = controller.handle(Live.press(180, 80))
        _ = controller.handle(Live.release)
        #expect(controller.showingAll)
        // The image dimmed (around its lines, framed), from the view's top-left corner.
        #expect(controller.paints().contains { if case .fill(let rect, LiveStyle.dim) = $0 { rect.x == 0 && rect.y == 0 } else { false } })
        #expect(controller.paints().contains { if case .frame(_, LiveStyle.lit, _) = $0 { true } else { false } })
        #expect(controller.selectedText.isEmpty)
        // Resized: the button follows the corner.
        _ = controller.handle(.resized(width: 300, height: 150))
        #expect(controller.paints().contains { $0.bounds == Bounds(x: 272, y: 122, width: 22, height: 22) })
    }

    @Test("a click on a phone number waits for the double-click interval, then shows its menu; its Call runs with the viewer left open; a click on a link opens it")
    func itemClick() throws {
        var items = Live.analysis
        // "beta" (x 70-110, y 10-22) stands for a phone number.
        items.items = [DetectedItem(kind: .phone, text: "beta", start: 6, end: 10, bounds: Bounds(x: 70, y: 10, width: 40, height: 12))]
        items.actions = [QuickAction(id: "call-0", title: "Call", kind: .call, target: "tel:123", subject: .item(0))]
        var controller = Self.viewer()
        _ = controller.handle(.message(ViewReading(generation: controller.generation, reading: Live.done(items))))
        _ = controller.handle(Live.press(90, 16))
        let commands = controller.handle(.release(PointerEvent(button: 1, x: 90, y: 16)))
        guard case .wait(let serial) = try #require(commands.first) else { Issue.record("\(commands)"); return }
        #expect(controller.handle(.message(LiveClickWait(serial: serial))).isEmpty)
        // The menu, drawn at the click (the view is the image at 1:1).
        #expect(controller.paints().contains { $0.bounds.x == 90 && $0.bounds.y == 16 })
        _ = controller.handle(Self.key(Keysym.down))
        #expect(controller.handle(Live.enter) == [.perform(items.actions[0])])

        var links = Self.viewer()
        _ = links.handle(.message(ViewReading(generation: links.generation, reading: Live.done(Live.links))))
        _ = links.handle(Live.press(20, 15))
        guard case .wait(let second)? = links.handle(.release(PointerEvent(button: 1, x: 20, y: 15))).first else {
            Issue.record("no wait"); return
        }
        #expect(links.handle(.message(LiveClickWait(serial: second))) == [.perform(Live.links.actions[0])])
    }

    @Test("the viewer's More… chip opens the menu of every action; choosing one runs it and the viewer stays")
    func moreChip() throws {
        var controller = ViewController(image: PixelImage(width: 200, height: 100, gray: 255), width: 200, height: 100,
                                        live: { LiveController(width: $0.width, height: $0.height) },
                                        panel: { analysis, width, height in
            LivePanel.laidOut(analysis, types: [.automatic], allowDataDetectorsInTextMode: true,
                              interface: SupplementaryInterface(), metrics: .standard, width: width, height: height, measure: { $0.count * 7 })
        })
        _ = controller.handle(.message(ViewReading(generation: controller.generation, reading: Live.done(Live.links))))
        _ = controller.handle(Live.press(180, 80))
        _ = controller.handle(Live.release)
        #expect(controller.showingAll)
        let panel = LivePanel.laidOut(Live.links, types: [.automatic], allowDataDetectorsInTextMode: true,
                                      interface: SupplementaryInterface(), metrics: .standard, width: 200, height: 100,
                                      measure: { $0.count * 7 })
        let more = try #require(panel.chips.last)
        #expect(more.action == nil)
        #expect(controller.handle(Live.press(more.frame.x + 2, more.frame.y + 2)).isEmpty)
        // The 100 px high image holds four rows, not all five actions: each subject's first one,
        // the code's default, then the link's Open.
        _ = controller.handle(Self.key(Keysym.end))
        #expect(controller.handle(Live.enter) == [.perform(Live.links.actions[0])])
    }

    @Test("the viewer's menu is laid out in view pixels: the same size at 1:1, zoomed in 8× and fitted small, opened where the click is on screen, and a click on its entry chooses it at every zoom")
    func menuAtScreenScale() throws {
        var items = Live.analysis
        // "beta" (x 70-110, y 10-22) stands for a phone number with two actions.
        items.items = [DetectedItem(kind: .phone, text: "beta", start: 6, end: 10, bounds: Bounds(x: 70, y: 10, width: 40, height: 12))]
        items.actions = [QuickAction(id: "call-0", title: "Call", kind: .call, target: "tel:123", subject: .item(0)),
                         QuickAction(id: "copy-0", title: "Copy Phone Number", kind: .copy, target: "beta", subject: .item(0))]
        var sizes: [Bounds] = []
        // 1:1; zoomed in 8× (four + and a 1:1 base would not reach it: zoom by Ctrl+wheel about the word);
        // a 2000×1000 image fitted into the same 200×100 view (0.1×).
        for (imageWidth, zoomSteps) in [(200, 0), (200, 10), (2000, 0)] {
            var controller = ViewController(image: PixelImage(width: imageWidth, height: imageWidth / 2, gray: 255), width: 200, height: 100) {
                LiveController(width: $0.width, height: $0.height)
            }
            var analysis = items
            let factor = imageWidth / 200
            analysis.items[0].bounds = Bounds(x: 70 * factor, y: 10 * factor, width: 40 * factor, height: 12 * factor)
            _ = controller.handle(.message(ViewReading(generation: controller.generation, reading: Live.done(analysis))))
            for _ in 0..<zoomSteps { _ = controller.handle(Self.wheel(4, 90, 16, .control)) }
            let (x, y) = Self.at(controller, 90 * Double(factor), 16 * Double(factor))
            _ = controller.handle(.press(PointerEvent(button: 3, x: x, y: y)))
            let menu = try #require(controller.paints().last)
            // Opened at the click, in view pixels, never scaled with the image.
            #expect(menu.bounds.x == min(x, 200 - menu.bounds.width) && menu.bounds.y == min(y, 100 - menu.bounds.height), "\(menu.bounds) for a click at \(x),\(y)")
            sizes.append(menu.bounds)
            // The second row, clicked where it is on screen, copies.
            let row = InterfaceMetrics.standard.chipHeight
            _ = controller.handle(.motion(x: menu.bounds.x + 4, y: menu.bounds.y + row + row / 2, modifiers: []))
            #expect(controller.handle(.press(PointerEvent(button: 1, x: menu.bounds.x + 4, y: menu.bounds.y + row + row / 2)))
                    == [.perform(items.actions[1])], "zoom steps \(zoomSteps), image \(imageWidth)")
        }
        #expect(Set(sizes.map(\.width)).count == 1 && Set(sizes.map(\.height)).count == 1, "\(sizes)")
    }
}
