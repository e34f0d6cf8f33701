import LiveTextCore
import LiveTextInteraction
@testable import LiveTextDesktop
import Testing
import X11Kit

/// The desktop's translation between X11Kit's events and cursors and the interaction's plain
/// values, and the chips drawn in the interface font.
@Suite("interaction adapter")
struct InteractionAdapterTests {
    @Test("X events become interaction events with the same buttons, counts and modifiers; an expose stays the window's")
    func events() throws {
        let press = LivePointerEvent(button: 3, x: 7, y: 9, clickCount: 2, modifiers: [.shift, .control, .button1])
        guard case .press(let mapped)? = InteractionEvent(.press(press)) else { Issue.record("no press"); return }
        #expect(mapped == PointerEvent(button: 3, x: 7, y: 9, clickCount: 2, modifiers: [.shift, .control, .button1]))
        guard case .motion(4, 5, let held)? = InteractionEvent(.motion(x: 4, y: 5, modifiers: [.alt, .superKey, .button2, .button3]))
        else { Issue.record("no motion"); return }
        #expect(held == [.alt, .superKey, .button2, .button3])
        guard case .key(let key)? = InteractionEvent(.key(LiveKeyEvent(keysym: 0x63, modifiers: .control))) else {
            Issue.record("no key"); return
        }
        #expect(key.isControl("c"))
        #expect(InteractionEvent(.expose(Bounds(x: 0, y: 0, width: 1, height: 1))) == nil)
        #expect(PointerShape.allCases.map(LiveCursor.init) == [.iBeam, .hand, .arrow])
    }

    @Test("over frozen pixels each chip has its picture at its frame; without them, plain boxes stand for chips")
    func chips() throws {
        var analysis = ImageAnalysis(image: .init(width: 300, height: 200, source: "pixels"),
                                     blocks: [TextBlock(lines: [TextLine(words: [TextWord(text: "call", bounds: Bounds(x: 10, y: 10, width: 40, height: 12),
                                                                                          confidence: 90)])])])
        analysis.items = [DetectedItem(kind: .phone, text: "call", start: 0, end: 4, bounds: Bounds(x: 10, y: 10, width: 40, height: 12))]
        analysis.actions = [QuickAction(id: "call-0", title: "Call", kind: .call, target: "tel:1", subject: .item(0))]
        let frozen = PixelImage(width: 300, height: 200, format: .rgba8, pixels: [UInt8](repeating: 200, count: 300 * 200 * 4))
        func panel(_ frozen: PixelImage?) -> LivePanel {
            LivePanel.laidOut(analysis, types: [.automatic], allowDataDetectorsInTextMode: true, interface: SupplementaryInterface(),
                              metrics: .standard, width: 300, height: 200, frozen: frozen)
        }
        let drawn = try #require(panel(frozen).chips.first)
        #expect(drawn.action?.kind == .call)
        #expect(drawn.picture?.bounds == drawn.frame)
        #expect(panel(nil).chips.first?.picture == nil)
    }
}
