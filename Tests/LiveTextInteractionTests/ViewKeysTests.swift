import LiveTextCore
@testable import LiveTextInteraction
import Testing

/// The viewer's keyboard: the caret keys against panning and turning, Space tapped or held, the
/// viewer's own keys, and the zoom label.
@Suite("image viewer keys")
struct ViewKeysTests {
    typealias Live = LiveControllerTests
    typealias View = ViewControllerTests

    static func key(_ keysym: UInt32, _ modifiers: InteractionModifiers = []) -> InteractionEvent {
        .key(KeyEvent(keysym: keysym, modifiers: modifiers))
    }

    /// The viewer, read and zoomed in twice (so that the arrows have room to pan).
    static func zoomed(_ analysis: ImageAnalysis = Live.analysis) -> ViewController {
        var controller = View.viewer()
        _ = controller.handle(.message(ViewReading(generation: controller.generation, reading: Live.done(analysis))))
        for _ in 0..<2 { _ = controller.handle(key(Keysym.plus)) }
        return controller
    }

    @Test("the arrows pan while nothing holds the keys (also after a click); once text is selected they move the caret and the view stays; Esc lets go and they pan again")
    func arrowsPanOrMoveCaret() {
        var controller = Self.zoomed()
        var before = controller.transform
        _ = controller.handle(Self.key(Keysym.right))
        #expect(controller.transform != before)
        // A click on the text: its caret is only where the keys would start; the arrows still pan.
        let (x, y) = View.at(controller, 40, 35)
        _ = controller.handle(Live.press(x, y))
        _ = controller.handle(Live.release)
        before = controller.transform
        _ = controller.handle(Self.key(Keysym.left))
        #expect(controller.transform != before)
        // Shift selects from the click whatever holds the keys: "gam|ma" → "gamma".
        _ = controller.handle(Self.key(Keysym.right, [.shift, .control]))
        #expect(controller.selectedText == "ma")
        before = controller.transform
        for keysym in [Keysym.left, Keysym.down, Keysym.end, Keysym.home] { _ = controller.handle(Self.key(keysym)) }
        #expect(controller.transform == before)
        _ = controller.handle(Self.key(Keysym.end, .shift))
        #expect(controller.selectedText == "omega")
        #expect(controller.handle(Self.key(Keysym.escape)).isEmpty)
        _ = controller.handle(Self.key(Keysym.up))
        #expect(controller.transform != before)
        #expect(controller.handle(Self.key(Keysym.escape)) == [.close])
    }

    @Test("Home and End turn to the first and last image, Backspace to the previous, unless the caret has the keys")
    func turningKeys() {
        var controller = Self.zoomed()
        #expect(controller.handle(Self.key(Keysym.home)) == [.turnToFirst])
        #expect(controller.handle(Self.key(Keysym.end)) == [.turnToLast])
        #expect(controller.handle(Self.key(Keysym.backSpace)) == [.turn(-1)])
        _ = controller.handle(Self.key(0x61, .control))
        // Home goes to the start of the line the selection ends on ("omega"), as in a document.
        #expect(controller.handle(Self.key(Keysym.home)).isEmpty)
        #expect(controller.handle(Self.key(Keysym.end, .shift)).isEmpty)
        #expect(controller.selectedText == "omega")
    }

    @Test("Space tapped turns to the next image on its release; held to drag it does not; its repeats count once; on an item Tab moved to it activates it instead")
    func space() {
        var controller = Self.zoomed(Live.links)
        #expect(controller.handle(Self.key(Keysym.space)).isEmpty)
        #expect(controller.handle(Self.key(Keysym.space)).isEmpty)
        #expect(controller.handle(.keyRelease(KeyEvent(keysym: Keysym.space))) == [.turn(1)])
        // Held while the left button drags the image.
        let before = controller.transform
        _ = controller.handle(Self.key(Keysym.space))
        _ = controller.handle(Live.press(100, 50))
        _ = controller.handle(Live.drag(90, 45))
        _ = controller.handle(Live.release)
        #expect(controller.handle(.keyRelease(KeyEvent(keysym: Keysym.space))).isEmpty)
        #expect(controller.transform != before && controller.selectedText.isEmpty)
        // Tab to the link on "alpha": Space opens it, and its release turns nothing.
        _ = controller.handle(Self.key(Keysym.tab))
        #expect(controller.handle(Self.key(Keysym.space)) == [.perform(Live.links.actions[0])])
        #expect(controller.handle(.keyRelease(KeyEvent(keysym: Keysym.space))).isEmpty)
    }

    @Test("1 is 100 % like 0, F11 asks for full screen, Ctrl+W closes (w alone does nothing)")
    func viewerKeys() {
        var controller = Self.zoomed()
        _ = controller.handle(Self.key(Keysym.one))
        #expect(controller.transform.scale == 1)
        #expect(controller.handle(Self.key(Keysym.f11)) == [.toggleFullScreen])
        #expect(controller.handle(Self.key(Keysym.w)).isEmpty)
        #expect(controller.handle(Self.key(Keysym.w, .control)) == [.close])
    }

    @Test("a zoom change shows the zoom at the top of the view until its expiry comes back; a later change keeps it for longer; the painter draws it")
    func zoomLabel() throws {
        var controller = View.viewer()
        let commands = controller.handle(Self.key(Keysym.plus))
        #expect(commands == [.zoomLabelShown(1)])
        // "125 %", 7 px a character and the chip padding each side, in the middle at the top.
        let width = 5 * 7 + 2 * InterfaceMetrics.standard.chipPadding
        let label = LivePaint.fill(Bounds(x: (200 - width) / 2, y: 12, width: width, height: InterfaceMetrics.standard.chipHeight),
                                   LiveStyle.control)
        #expect(controller.paints().last == label)
        // A pan changes no zoom: no label of its own.
        #expect(controller.handle(Self.key(Keysym.left)).isEmpty)
        #expect(controller.handle(Self.key(Keysym.minus)) == [.zoomLabelShown(2)])
        _ = controller.handle(.message(ViewZoomLabelExpiry(serial: 1)))
        #expect(controller.paints().last?.bounds.y == 12)
        _ = controller.handle(.message(ViewZoomLabelExpiry(serial: 2)))
        #expect(controller.paints().isEmpty || controller.paints().last?.bounds.y != 12)

        var drawn = ViewController(image: PixelImage(width: 200, height: 100, gray: 255), width: 200, height: 100,
                                   live: { LiveController(width: $0.width, height: $0.height) },
                                   zoomLabel: { text in PixelImage(width: text.count * 10, height: 20, gray: 0) })
        _ = drawn.handle(Self.key(Keysym.zero))
        _ = drawn.handle(.resized(width: 300, height: 100))
        _ = drawn.handle(Self.key(Keysym.plus))
        guard case .picture(let picture)? = drawn.paints().last else { Issue.record("no label"); return }
        #expect(picture.bounds == Bounds(x: (300 - 50) / 2, y: 12, width: 50, height: 20))
    }

    @Test("without a mouse: Tab to the code, Enter shows its menu, the keys choose Copy QR Code Payload; the viewer stays")
    func keyboardOnly() {
        var controller = Self.zoomed(Live.links)
        for keysym in [Keysym.tab, Keysym.tab] { _ = controller.handle(Self.key(keysym)) }
        #expect(controller.handle(Live.enter).isEmpty)
        for keysym in [Keysym.down, Keysym.down] { _ = controller.handle(Self.key(keysym)) }
        #expect(controller.handle(Live.enter) == [.perform(Live.links.actions[4])])
        // The focus stays: Esc lets go of it, then closes.
        #expect(controller.handle(Self.key(Keysym.escape)).isEmpty)
        #expect(controller.handle(Self.key(Keysym.escape)) == [.close])
    }

    @Test("a rectangle and the pixels turned a quarter clockwise, half, three quarters; four quarters give them back")
    func quarterTurns() {
        let beta = Bounds(x: 70, y: 10, width: 40, height: 12)
        #expect(QuarterTurn.turned(beta, 1, width: 200, height: 100) == Bounds(x: 78, y: 70, width: 12, height: 40))
        #expect(QuarterTurn.turned(beta, 2, width: 200, height: 100) == Bounds(x: 90, y: 78, width: 40, height: 12))
        #expect(QuarterTurn.turned(beta, -1, width: 200, height: 100) == Bounds(x: 10, y: 90, width: 12, height: 40))
        // A quad's corners move with the image and keep their names: a quarter turn clockwise puts
        // the text's top-left corner at the top right of its turned box.
        let quad = QuarterTurn.turned(Quad(beta), 1, width: 200, height: 100)
        #expect(quad.topLeft == QuadPoint(x: 90, y: 70) && quad.bottomLeft == QuadPoint(x: 78, y: 70))
        #expect(quad.topRight == QuadPoint(x: 90, y: 110))
        #expect(QuarterTurn.turned(Quad(beta), 4, width: 200, height: 100) == Quad(beta))
        #expect(QuarterTurn.turned(beta, 4, width: 200, height: 100) == beta)
        // A row of two pixels, A and B, turned clockwise: A above B.
        let row = PixelImage(width: 2, height: 1, format: .rgba8, pixels: [1, 1, 1, 255, 2, 2, 2, 255])
        let column = QuarterTurn.turned(row, 1)
        #expect(column.width == 1 && column.height == 2 && column.pixels == [1, 1, 1, 255, 2, 2, 2, 255])
        #expect(QuarterTurn.turned(row, 3).pixels == [2, 2, 2, 255, 1, 1, 1, 255])
        #expect(QuarterTurn.turned(row, 2).pixels == [2, 2, 2, 255, 1, 1, 1, 255])
        #expect(QuarterTurn.turned(Live.analysis, 1).image.width == 100)
    }

    @Test("r turns a sideways image a quarter clockwise (Shift+R back): its text, read sideways, is upright and selectable where it is shown, a selection made before kept; the analysis stays the image's as opened; another image starts upright")
    func rotate() {
        // A photo taken sideways: the live tests' page turned a quarter counter-clockwise, 100×200.
        let sideways = QuarterTurn.turned(Live.analysis, -1)
        var controller = ViewController(image: PixelImage(width: 100, height: 200, gray: 255), width: 200, height: 100) { image in
            LiveController(width: image.width, height: image.height)
        }
        _ = controller.handle(.message(ViewReading(generation: controller.generation, reading: Live.done(sideways))))
        _ = controller.handle(.key(KeyEvent(keysym: 0x61, modifiers: .control)))
        _ = controller.handle(Self.key(Keysym.r))
        #expect(controller.quarterTurns == 1 && controller.image.width == 200 && controller.image.height == 100)
        #expect(controller.selectedText == Live.analysis.text)
        // Upright now: "beta" at 70-110 × 10-22 of the turned image, a double click there selects it,
        // its highlight drawn over it.
        let point = controller.transform.viewPoint(PixelPoint(x: 90, y: 16))
        _ = controller.handle(Live.press(Int(point.x), Int(point.y), count: 2))
        _ = controller.handle(Live.release)
        #expect(controller.selectedText == "beta")
        let highlight = controller.transform.viewRect(Bounds(x: 70, y: 10, width: 40, height: 12))
        #expect(controller.paints().contains(.fill(highlight, LiveStyle.selection)))
        #expect(controller.analysis == sideways)
        _ = controller.handle(Self.key(Keysym.r, .control))
        _ = controller.handle(Self.key(Keysym.shiftR, .shift))
        #expect(controller.quarterTurns == 1 && controller.selectedText == "beta")
        for _ in 0..<3 { _ = controller.handle(Self.key(Keysym.r)) }
        #expect(controller.quarterTurns == 0 && controller.image.width == 100)
        _ = controller.handle(Self.key(Keysym.r))
        controller.open(PixelImage(width: 300, height: 150, gray: 0))
        #expect(controller.quarterTurns == 0 && controller.image.width == 300)
    }
}
