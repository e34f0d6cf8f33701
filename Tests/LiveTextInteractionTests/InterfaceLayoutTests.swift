import LiveTextCore
import LiveTextInteraction
import Testing

@Suite("The supplementary interface laid out on any canvas")
struct InterfaceLayoutTests {
    /// A monospaced stand-in for a font: `perCharacter` pixels a character.
    static func measure(_ perCharacter: Int) -> (String) -> Int { { $0.count * perCharacter } }

    static let titles = ["Copy Text", "Open example.org", "Call +1 415 555 0123"]

    func layout(_ width: Int, _ height: Int, insets: EdgeInsets = .zero, scale: Double = 1, hidden: Bool = false,
                titles: [String] = Self.titles, button: Bool = true) -> InterfaceLayout {
        let metrics = InterfaceMetrics(scale: scale)
        return InterfaceLayout(width: width, height: height,
                               interface: SupplementaryInterface(isHidden: hidden, contentInsets: insets),
                               metrics: metrics, chipTitles: titles, liveTextButton: button,
                               measure: Self.measure(Int((7 * metrics.scale).rounded())))
    }

    /// Every control inside `rect`, none overlapping another.
    func expectInside(_ layout: InterfaceLayout, _ rect: Bounds) {
        let frames = layout.chips.map(\.frame) + (layout.button.map { [$0] } ?? [])
        for frame in frames { #expect(frame.intersection(rect) == frame, "\(frame) outside \(rect)") }
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] { #expect(a.intersection(b).isEmpty, "\(a) overlaps \(b)") }
        }
    }

    @Test("a preview-sized canvas: button bottom right, chips from the bottom left, the first primary")
    func previewCanvas() throws {
        let layout = layout(480, 320)
        let button = try #require(layout.button)
        #expect(button == Bounds(x: 480 - 6 - 22, y: 320 - 6 - 22, width: 22, height: 22))
        #expect(layout.chips.count == 3 && layout.notes.isEmpty)
        #expect(layout.chips.map(\.primary) == [true, false, false])
        #expect(layout.chips[0].frame.x == 6 && layout.chips[0].frame.maxY == 314)
        for (a, b) in zip(layout.chips, layout.chips.dropFirst()) { #expect(b.frame.x == a.frame.maxX + 6) }
        #expect(layout.chips[0].frame.width == 9 * 7 + 18)
        expectInside(layout, layout.contentRect)
    }

    @Test("a 1920x1080 screen at scale 2: every size doubles, still in the corners")
    func largeCanvasAtScaleTwo() throws {
        let one = layout(1920, 1080)
        let two = layout(1920, 1080, scale: 2)
        let button = try #require(two.button)
        #expect(button.width == 44 && button.height == 44)
        #expect(button.maxX == 1920 - 12 && button.maxY == 1080 - 12)
        #expect(two.chips.count == 3)
        for (a, b) in zip(one.chips, two.chips) {
            #expect(b.frame.width == 2 * a.frame.width && b.frame.height == 2 * a.frame.height)
            #expect(b.title == a.title)
        }
        #expect(two.metrics.fontPixelHeight == 24 && one.metrics.fontPixelHeight == 12)
    }

    @Test("insets are interface points: at scale 2 they keep twice the pixels clear")
    func insetsScale() throws {
        let insets = EdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        let layout = layout(1000, 600, insets: insets, scale: 2)
        #expect(layout.contentRect == Bounds(x: 40, y: 20, width: 1000 - 40 - 80, height: 600 - 20 - 60))
        let button = try #require(layout.button)
        #expect(button.maxX == layout.contentRect.maxX && button.maxY == layout.contentRect.maxY)
        #expect(layout.chips.first?.frame.x == layout.contentRect.x)
        expectInside(layout, layout.contentRect)
    }

    @Test("a fractional or nonsense scale")
    func oddScales() {
        #expect(InterfaceMetrics(scale: 1.5).buttonSize == 33)
        #expect(InterfaceMetrics(scale: 0).scale == 1 && InterfaceMetrics(scale: -2).scale == 1)
        #expect(InterfaceMetrics(scale: .nan).scale == 1 && InterfaceMetrics(scale: .infinity).scale == 1)
        #expect(InterfaceMetrics(scale: 0.01).buttonSize == 1)
    }

    @Test("hidden: no button, no chips, no notes, whatever the canvas")
    func hidden() {
        for (w, h) in [(480, 320), (5, 5), (0, 0)] {
            let layout = layout(w, h, insets: EdgeInsets(top: 9999), hidden: true)
            #expect(layout.button == nil && layout.chips.isEmpty && layout.notes.isEmpty)
        }
    }

    @Test("nothing asked for: no controls and no notes")
    func nothingToPlace() {
        let layout = layout(480, 320, titles: [], button: false)
        #expect(layout.button == nil && layout.chips.isEmpty && layout.notes.isEmpty)
        #expect(layout.contentRect == Bounds(x: 0, y: 0, width: 480, height: 320))
    }

    @Test("a canvas smaller than one control draws nothing and says so", arguments: [(21, 100), (100, 21), (1, 1), (0, 0)])
    func tinyCanvas(size: (Int, Int)) {
        let layout = layout(size.0, size.1)
        #expect(layout.button == nil && layout.chips.isEmpty)
        #expect(layout.notes.contains { $0.contains("smaller than one") })
    }

    @Test("a canvas exactly one control high and wide holds the button alone")
    func oneControlCanvas() throws {
        let layout = layout(22, 22)
        #expect(try #require(layout.button) == Bounds(x: 0, y: 0, width: 22, height: 22))
        #expect(layout.chips.isEmpty)
    }

    @Test("insets bigger than the canvas shrink in proportion to leave one control", arguments: [
        EdgeInsets(top: 1000, left: 1000, bottom: 1000, right: 1000),
        EdgeInsets(top: 0, left: 470, bottom: 310, right: 0),
        EdgeInsets(top: 0, left: 0, bottom: 0, right: 5000),
    ])
    func insetsBiggerThanTheCanvas(insets: EdgeInsets) throws {
        let layout = layout(200, 100, insets: insets)
        #expect(layout.notes.contains { $0.contains("shrunk") })
        let button = try #require(layout.button)
        #expect(button.width == 22 && button.clamped(width: 200, height: 100) == button)
        #expect(layout.contentRect.width >= 22 && layout.contentRect.height >= 22)
        expectInside(layout, layout.contentRect)
    }

    @Test("negative and non-finite insets count as 0, with a note")
    func badInsets() {
        let layout = layout(480, 320, insets: EdgeInsets(top: -.infinity, left: .nan, bottom: -20, right: 1e300))
        #expect(layout.notes.contains { $0.contains("count as 0") })
        #expect(layout.button != nil)
        expectInside(layout, Bounds(x: 0, y: 0, width: 480, height: 320))
    }

    @Test("many chips: those that fit are kept in order, a long one is cut with …, the rest dropped")
    func overflowingChips() throws {
        let titles = ["Add to Calendar on Tuesday 27 April at 08:30"] + (1...20).map { "Action \($0)" }
        let layout = layout(400, 200, titles: titles)
        let button = try #require(layout.button)
        #expect(layout.chips.count < titles.count)
        #expect(layout.notes.contains { $0.contains("\(titles.count - layout.chips.count) of \(titles.count)") })
        #expect(layout.chips[0].title.hasSuffix("…") && layout.chips[0].frame.width == 180)
        for (chip, title) in zip(layout.chips.dropFirst(), titles.dropFirst()) { #expect(chip.title == title) }
        #expect(layout.chips.allSatisfy { $0.frame.maxX <= button.x - 6 })
        expectInside(layout, layout.contentRect)
    }

    @Test("without the button, chips may run to the right edge")
    func chipsWithoutButton() throws {
        let with = layout(300, 100, titles: Array(repeating: "Copy", count: 10))
        let without = layout(300, 100, titles: Array(repeating: "Copy", count: 10), button: false)
        #expect(without.button == nil && without.chips.count > with.chips.count)
        #expect(with.notes.contains { $0.contains("beside the Live Text button") })
        #expect(without.notes.count == 1 && !without.notes[0].contains("Live Text button"))
        #expect(try #require(without.chips.last).frame.maxX <= 300 - 6)
    }

    @Test("truncation keeps the longest start that fits and drops trailing spaces")
    func truncation() {
        let measure = Self.measure(10)
        #expect(InterfaceLayout.truncate("Open example.org", to: 60, measure: measure) == "Open…")
        #expect(InterfaceLayout.truncate("Open example.org", to: 9, measure: measure) == nil)
        #expect(InterfaceLayout.truncate("Open example.org", to: 10, measure: measure) == "…")
    }

    @Test("the layout carries the interface font, its size left to the metrics")
    func font() throws {
        let font = try #require(FontDescription(parsing: "DejaVu Serif Bold 30"))
        let layout = InterfaceLayout(width: 480, height: 320, interface: SupplementaryInterface(font: font),
                                     chipTitles: ["Copy"], liveTextButton: true, measure: Self.measure(7))
        #expect(layout.font.name == "DejaVu Serif Bold" && layout.metrics.fontPixelHeight == 12)
        #expect(SupplementaryInterface().font.name == "Sans Bold")
    }

    @Test("hit testing finds the button and each chip, edges included, gaps and outside excluded")
    func controlHits() throws {
        let layout = layout(480, 320)
        let button = try #require(layout.button)
        #expect(layout.control(at: PixelPoint(x: button.x, y: button.y)) == .liveTextButton)
        #expect(layout.control(at: PixelPoint(x: Double(button.maxX) - 0.01, y: Double(button.maxY) - 0.01)) == .liveTextButton)
        #expect(layout.control(at: PixelPoint(x: button.maxX, y: button.y)) == nil)
        for (i, chip) in layout.chips.enumerated() {
            #expect(layout.control(at: PixelPoint(x: chip.frame.x, y: chip.frame.y)) == .chip(i))
            #expect(layout.control(at: PixelPoint(x: chip.frame.maxX - 1, y: chip.frame.maxY - 1)) == .chip(i))
            // The gap after each chip is nobody's.
            #expect(layout.control(at: PixelPoint(x: chip.frame.maxX + 1, y: chip.frame.y + 1)) == nil)
        }
        #expect(layout.control(at: PixelPoint(x: 240, y: 100)) == nil)
        #expect(layout.control(at: PixelPoint(x: -5, y: 315)) == nil)
    }
}
