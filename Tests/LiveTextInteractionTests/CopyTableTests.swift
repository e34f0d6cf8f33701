import LiveTextCore
@testable import LiveTextInteraction
import Testing

/// Copy Table: the right-click menu's entry over a table, and the Live Text button's chip when the
/// reading has one, in the live surface and the viewer.
@Suite("copy table")
struct CopyTableTests {
    typealias Live = LiveControllerTests

    /// The first block of the live tests' analysis ("alpha beta" over "gamma delta", x 10-120,
    /// y 10-42) as a 2 × 2 table with a header, standing in the band 0-160 × 0-50.
    static let table = TextTable(bounds: Bounds(x: 0, y: 0, width: 160, height: 50), header: true, rows: [
        [.init(text: "alpha", bounds: Bounds(x: 10, y: 10, width: 50, height: 12)),
         .init(text: "beta", bounds: Bounds(x: 70, y: 10, width: 40, height: 12))],
        [.init(text: "gamma", bounds: Bounds(x: 10, y: 30, width: 50, height: 12)),
         .init(text: "delta", bounds: Bounds(x: 70, y: 30, width: 50, height: 12))]])

    static let analysis: ImageAnalysis = {
        var analysis = Live.analysis
        analysis.tables = [table]
        return analysis
    }()

    /// What choosing Copy Table puts on the clipboard.
    static let copied = ClipboardContent(plain: "alpha\tbeta\ngamma\tdelta\n",
                                         html: "<table>\n<thead>\n<tr><th>alpha</th><th>beta</th></tr>\n</thead>\n"
                                             + "<tbody>\n<tr><td>gamma</td><td>delta</td></tr>\n</tbody>\n</table>\n")

    static func panel(_ analysis: ImageAnalysis, width: Int = 200, height: Int = 100) -> LivePanel {
        LivePanel.laidOut(analysis, types: [.automatic], allowDataDetectorsInTextMode: true, interface: SupplementaryInterface(),
                          metrics: .standard, width: width, height: height, measure: { $0.count * 7 })
    }

    static func read(_ analysis: ImageAnalysis) -> LiveController {
        var controller = LiveController(width: 200, height: 100)
        _ = controller.handle(.message(LiveReading.done(analysis, panel(analysis))))
        return controller
    }

    @Test("the table's text and HTML: tab-separated rows for plain text, its <table> for text/html")
    func content() {
        #expect(ClipboardContent(tables: [Self.table]) == Self.copied)
    }

    @Test("a right click on a word of a table: the word's menu with Copy Table after Copy as One Line; choosing it copies the table, text and HTML")
    func wordMenu() throws {
        var controller = Self.read(Self.analysis)
        _ = controller.handle(LiveMenuTests.right(85, 15))
        let menu = try #require(controller.menu)
        #expect(menu.entries.map(\.title) == ["Copy", "Copy as One Line", "Copy Table", "Select All", "Look Up “beta”", "Translate “beta”"])
        for keysym in [Keysym.home, Keysym.down, Keysym.down] { _ = controller.handle(LiveMenuTests.key(keysym)) }
        #expect(controller.handle(Live.enter) == [.copy(Self.copied)])
        #expect(controller.menu == nil)
    }

    @Test("without a mouse: a selection in the table, then the Menu key: Copy Table in its menu; Down, Enter copy the table; a selection outside it has none")
    func keyboardMenu() throws {
        var controller = Self.read(Self.analysis)
        // Ctrl+Right twice from the start: "alpha" then "beta"; with Shift, the caret selects.
        for keysym in [Keysym.right, Keysym.right] { _ = controller.handle(LiveMenuTests.key(keysym, [.shift, .control])) }
        _ = controller.handle(LiveMenuTests.key(Keysym.menu))
        let menu = try #require(controller.menu)
        #expect(menu.entries.map(\.title).prefix(4) == ["Copy", "Copy as One Line", "Copy Table", "Select All"])
        for keysym in [Keysym.down, Keysym.down] { _ = controller.handle(LiveMenuTests.key(keysym)) }
        #expect(controller.handle(Live.enter) == [.copy(Self.copied)])
        // All the text: its last line ("omega") is below the table.
        _ = controller.handle(LiveMenuTests.key(0x61, .control))
        _ = controller.handle(LiveMenuTests.key(Keysym.menu))
        #expect(controller.menu?.entries.map(\.title).contains(LiveController.copyTableTitle) == false)
    }

    @Test("between the words of a table, Copy Table alone; outside it, no Copy Table (and no menu where there is nothing)")
    func onlyOverTable() throws {
        var controller = Self.read(Self.analysis)
        _ = controller.handle(LiveMenuTests.right(150, 40))
        let menu = try #require(controller.menu)
        #expect(menu.entries.map(\.title) == ["Copy Table"])
        let entry = try #require(menu.entries.first)
        #expect(controller.handle(.press(PointerEvent(button: 1, x: entry.frame.x + 2, y: entry.frame.y + 2))) == [.copy(Self.copied)])
        // "omega", below the table: its word's menu, without Copy Table.
        _ = controller.handle(LiveMenuTests.right(25, 75))
        #expect(controller.menu?.entries.map(\.title) == ["Copy", "Copy as One Line", "Select All", "Look Up “omega”", "Translate “omega”"])
        _ = controller.handle(LiveMenuTests.key(Keysym.escape))
        // Nothing under the point outside the table: no menu.
        _ = controller.handle(LiveMenuTests.right(180, 60))
        #expect(controller.menu == nil)
        // The same reading without its table: no Copy Table over the same point.
        var plain = Self.read(Live.analysis)
        _ = plain.handle(LiveMenuTests.right(150, 40))
        #expect(plain.menu == nil)
    }

    @Test("with the Live Text button on, a Copy Table chip per table, by its table (above it, else below it); a click copies that table and the surface stays")
    func chip() throws {
        let panel = Self.panel(Self.analysis)
        // The analysis has no quick actions: Copy Table is the only chip, and no chip without the table.
        #expect(panel.chips.map(\.tables) == [[Self.table]] && panel.chips.first?.action == nil)
        #expect(Self.panel(Live.analysis).chips.isEmpty)
        // No room above the table (it starts at the top): under it, its right edge at the table's (70 + 18 px wide).
        #expect(panel.chips.first?.frame == Bounds(x: 72, y: 56, width: 88, height: 22))
        // Two tables: a chip each, above each where there is room, each copying its own.
        let lower = TextTable(bounds: Bounds(x: 300, y: 200, width: 200, height: 60), header: false, rows: [
            [.init(text: "x", bounds: Bounds(x: 300, y: 200, width: 10, height: 12)), .init(text: "y", bounds: Bounds(x: 400, y: 200, width: 10, height: 12))]])
        var two = Self.analysis
        two.tables = [Self.table, lower]
        let chips = Self.panel(two, width: 800, height: 400).chips.filter { !$0.tables.isEmpty }
        #expect(chips.map(\.tables) == [[Self.table], [lower]])
        #expect(chips.last?.frame == Bounds(x: 412, y: 172, width: 88, height: 22))
        // With quick actions: their chips and More… beside the button, the tables' chips apart (wide and narrow screens).
        var links = Live.links
        links.tables = [Self.table]
        for width in [800, 200] {
            let chips = Self.panel(links, width: width).chips
            #expect(chips.filter { !$0.tables.isEmpty }.count == 1 && chips.last?.tables == [Self.table], "width \(width)")
            #expect(!chips.dropLast().isEmpty && chips.dropLast().allSatisfy { $0.tables.isEmpty }, "width \(width)")
            if width == 800 { #expect(chips.first?.action != nil) }
        }
        var controller = Self.read(Self.analysis)
        let button = try #require(controller.button)
        _ = controller.handle(Live.press(button.x + 2, button.y + 2))
        _ = controller.handle(Live.release)
        let chip = try #require(panel.chips.last)
        #expect(controller.handle(Live.press(chip.frame.x + 2, chip.frame.y + 2)) == [.copy(Self.copied)])
    }

    @Test("the viewer: its Copy Table chip and menu copy the table the same way")
    func viewer() throws {
        var controller = ViewController(image: PixelImage(width: 200, height: 100, gray: 255), width: 200, height: 100,
                                        live: { LiveController(width: $0.width, height: $0.height) },
                                        panel: { analysis, width, height in Self.panel(analysis, width: width, height: height) })
        _ = controller.handle(.message(ViewReading(generation: controller.generation, reading: .done(Self.analysis, .empty))))
        _ = controller.handle(LiveMenuTests.right(150, 40))
        _ = controller.handle(LiveMenuTests.key(Keysym.home))
        #expect(controller.handle(Live.enter) == [.copy(Self.copied)])
        let button = try #require(Self.panel(Self.analysis).button)
        _ = controller.handle(Live.press(button.x + 2, button.y + 2))
        _ = controller.handle(Live.release)
        let chip = try #require(Self.panel(Self.analysis).chips.last)
        #expect(controller.handle(Live.press(chip.frame.x + 2, chip.frame.y + 2)) == [.copy(Self.copied)])
    }
}

extension CopyTableTests {
    @Test("the viewer lays its table chips out again as it zooms and pans: each goes by its table where the view shows it")
    func viewerChipsFollowTheView() throws {
        final class Seen: @unchecked Sendable { var tables: [Bounds] = [] }
        let seen = Seen()
        var controller = ViewController(image: PixelImage(width: 200, height: 100, gray: 255), width: 200, height: 100,
                                        live: { LiveController(width: $0.width, height: $0.height) },
                                        panel: { analysis, width, height in
                                            seen.tables.append(contentsOf: analysis.tables.map(\.bounds))
                                            return Self.panel(analysis, width: width, height: height)
                                        })
        _ = controller.handle(.message(ViewReading(generation: controller.generation, reading: .done(Self.analysis, .empty))))
        let fitted = try #require(seen.tables.last)
        #expect(fitted == controller.transform.viewRect(Self.table.bounds))
        _ = controller.handle(LiveMenuTests.key(Keysym.plus))
        let zoomed = try #require(seen.tables.last)
        #expect(zoomed.width > fitted.width && zoomed == controller.transform.viewRect(Self.table.bounds), "\(fitted) → \(zoomed)")
        _ = controller.handle(LiveMenuTests.key(Keysym.left))
        #expect(seen.tables.last == controller.transform.viewRect(Self.table.bounds) && seen.tables.last != zoomed)
    }

    @Test("a table the layout read column by column is selected row by row: Select All copies its rows, cells left to right")
    func selectionRowByRow() throws {
        let word = { (text: String, x: Int, y: Int) in TextWord(text: text, bounds: Bounds(x: x, y: y, width: 7 * text.count, height: 12), confidence: 90) }
        let columns = [["Item", "Tea", "Jam", "Oats"], ["Qty", "2", "1", "5"], ["Price", "3.50", "4.20", "2.10"]].enumerated().map { column, texts in
            TextBlock(lines: texts.enumerated().map { row, text in TextLine(words: [word(text, 10 + 100 * column, 10 + 20 * row)]) })
        }
        let blocks = TableReading.rowByRow(columns, tables: TableFinder.tables(in: columns))
        let text = SelectableText(blocks: blocks)
        let all = try #require(text.selectAll())
        #expect(text.text(of: all) == "Item Qty Price\nTea 2 3.50\nJam 1 4.20\nOats 5 2.10")
    }
}
