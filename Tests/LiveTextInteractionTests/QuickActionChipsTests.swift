import Foundation
import LiveTextCore
@testable import LiveTextInteraction
import Testing

/// Which quick actions the Live Text button shows as chips, in which order, and "More…".
@Suite("quick-action chips")
struct QuickActionChipsTests {
    /// 2026-03-03, noon UTC: a date in 2020 is gone by, one in 2030 to come.
    static let now = Date(timeIntervalSince1970: 1_772_539_200)

    /// An 800 × 400 screen of items, each with its planner's actions (its own, then its copy), of
    /// these areas: a past date 9000 px², a link 4000, an email 1500, a phone 1000, a date to come
    /// 500, money 300; a QR code of plain text 6400; the text's Copy Text and Translate.
    static func screen(code: Bool = true) -> ImageAnalysis {
        var analysis = ImageAnalysis(image: .init(width: 800, height: 400, source: "pixels"),
                                     blocks: [TextSamples.block(["some text"], x: 10, y: 10)])
        func item(_ kind: ItemKind, _ width: Int, _ height: Int, y: Int, _ value: [String: JSONValue] = [:]) -> DetectedItem {
            DetectedItem(kind: kind, text: kind.rawValue, start: 0, end: 1, bounds: Bounds(x: 10, y: y, width: width, height: height),
                         value: value)
        }
        analysis.items = [item(.money, 30, 10, y: 50), item(.phone, 100, 10, y: 70), item(.link, 200, 20, y: 90),
                          item(.date, 300, 30, y: 120, ["start": .string("2020-01-01")]), item(.email, 150, 10, y: 160),
                          item(.date, 50, 10, y: 180, ["start": .string("2030-01-01")])]
        func action(_ id: String, _ kind: QuickAction.Kind, _ subject: QuickAction.Subject) -> QuickAction {
            QuickAction(id: id, title: id, kind: kind, target: id, subject: subject)
        }
        analysis.actions = [
            action("copy-money-0", .copy, .item(0)),
            action("call-phone-0", .call, .item(1)), action("copy-phone-0", .copy, .item(1)),
            action("open-link-0", .open, .item(2)), action("copy-link-0", .copy, .item(2)),
            action("calendar-date-0", .calendar, .item(3)), action("copy-date-0", .copy, .item(3)),
            action("mail-email-0", .mail, .item(4)), action("copy-email-0", .copy, .item(4)),
            action("calendar-date-1", .calendar, .item(5)), action("copy-date-1", .copy, .item(5)),
        ]
        if code {
            analysis.codes = [MachineReadableCode(symbology: "QR-Code", payload: "hello", bounds: Bounds(x: 600, y: 200, width: 80, height: 80))]
            analysis.actions.append(action("copy-code-0", .copy, .code(0)))
        }
        analysis.actions += [action("copy-text", .copy, .text), action("translate-text", .translate, .text)]
        return analysis
    }

    static func chips(_ analysis: ImageAnalysis, _ types: [InteractionType] = [.automatic]) throws -> QuickActionChips {
        let offer = try #require(InteractionOffer(analysis: analysis, types: types, allowDataDetectorsInTextMode: true, now: now))
        return QuickActionChips(offer: offer, analysis: analysis, now: now)
    }

    @Test("three chips: the default (a code's payload) first, then the items that act, the largest on screen first; More… lists every action, subject by subject in that order, acting ones before copies")
    func ranking() throws {
        let chips = try Self.chips(Self.screen())
        #expect(chips.shown.map(\.id) == ["copy-code-0", "open-link-0", "mail-email-0"])
        // Then the phone, the date to come, the text, and last what only copies or is gone by (the
        // past date's 9000 px² before the money's 300).
        #expect(chips.more.map(\.first?.id) == ["copy-code-0", "open-link-0", "mail-email-0", "call-phone-0",
                                                "calendar-date-1", "copy-text", "calendar-date-0", "copy-money-0"])
        #expect(chips.more.flatMap { $0 }.count == Self.screen().actions.count)
        #expect(chips.more[1].map(\.id) == ["open-link-0", "copy-link-0"])
        #expect(chips.more[5].map(\.id) == ["copy-text", "translate-text"])
    }

    @Test("without a code the default is Copy Text; a larger item of the same rank wins a chip over a smaller one")
    func withoutCode() throws {
        var analysis = Self.screen(code: false)
        #expect(try Self.chips(analysis).shown.map(\.id) == ["copy-text", "open-link-0", "mail-email-0"])
        // The phone number grown to the largest of them: it comes before the link.
        analysis.items[1].bounds = Bounds(x: 10, y: 70, width: 400, height: 40)
        #expect(try Self.chips(analysis).shown.map(\.id) == ["copy-text", "call-phone-0", "open-link-0"])
    }

    @Test("an item read from a code's payload is its code's chip (a Wi-Fi code: Copy Password); no More… when every action is a chip")
    func codeItemsAndNoMore() throws {
        let wifi = try Self.chips(LiveMenuTests.wifi(password: "secret"))
        // The Wi-Fi item and its code are one subject: one chip, its other action in More….
        #expect(wifi.shown.map(\.id) == ["copy-wifi-0"])
        #expect(wifi.more.map { $0.map(\.id) } == [["copy-wifi-0", "copy-code-0"]])

        var few = Self.screen(code: false)
        few.items = [few.items[1]]
        few.actions = [QuickAction(id: "call-phone-0", title: "Call", kind: .call, target: "tel:1", subject: .item(0)),
                       QuickAction(id: "copy-text", title: "Copy Text", kind: .copy, target: "some text", subject: .text)]
        let chips = try Self.chips(few)
        #expect(chips.shown.map(\.id) == ["copy-text", "call-phone-0"])
        #expect(chips.more.isEmpty)
    }

    @Test("the panel: at most three chips and More… on a wide screen; on a narrow one fewer chips, More… kept and never drawn as the default")
    func panel() throws {
        var drawn: [InterfaceLayout.Chip] = []
        func panel(width: Int) -> LivePanel {
            drawn = []
            return LivePanel.laidOut(Self.screen(), types: [.automatic], allowDataDetectorsInTextMode: true,
                                     interface: SupplementaryInterface(), metrics: .standard, width: width, height: 400,
                                     measure: { $0.count * 7 }, draw: { chip in
                drawn.append(chip)
                return LivePicture(PixelImage(width: 1, height: 1, gray: 0), x: chip.frame.x, y: chip.frame.y)
            })
        }
        let wide = panel(width: 1920)
        #expect(wide.chips.map(\.action?.id) == ["copy-code-0", "open-link-0", "mail-email-0", nil])
        #expect(drawn.map(\.title) == ["copy-code-0", "open-link-0", "mail-email-0", LivePanel.moreTitle])
        #expect(drawn.map(\.primary) == [true, false, false, false])
        #expect(wide.more.count == 8)
        // 150 px between the left edge and the button: one chip of 11 characters (95 px) and More….
        let narrow = panel(width: 6 + 95 + 6 + 53 + 6 + 22 + 6)
        #expect(narrow.chips.map(\.action?.id) == ["copy-code-0", nil])
        #expect(narrow.more.count == 8)
        let tiny = panel(width: 6 + 53 + 6 + 22 + 6)
        #expect(tiny.chips.map(\.action?.id) == [nil])
        #expect(drawn.map(\.primary) == [false])
    }

    @Test("on the live surface More… opens, over the chip, a menu of every action; choosing one runs it and closes")
    func moreMenu() throws {
        let analysis = Self.screen()
        var controller = LiveController(width: 800, height: 400)
        let panel = LivePanel.laidOut(analysis, types: [.automatic], allowDataDetectorsInTextMode: true,
                                      interface: SupplementaryInterface(), metrics: .standard, width: 800, height: 400,
                                      measure: { $0.count * 7 })
        _ = controller.handle(.message(LiveReading.done(analysis, panel)))
        let button = try #require(controller.button)
        _ = controller.handle(LiveControllerTests.press(button.x + 2, button.y + 2))
        let more = try #require(panel.chips.last)
        #expect(more.action == nil)
        #expect(controller.handle(LiveControllerTests.press(more.frame.x + 2, more.frame.y + 2)).isEmpty)
        let menu = try #require(controller.menu)
        #expect(menu.entries.count == analysis.actions.count)
        #expect(menu.entries.map(\.title) == panel.more.flatMap { $0 }.map(\.title))
        // Above the chip, its left edge at the chip's.
        #expect(menu.bounds.maxY == more.frame.y && menu.bounds.x == more.frame.x)
        let copyLink = try #require(menu.entries.first { $0.title == "copy-link-0" })
        #expect(controller.handle(LiveControllerTests.press(copyLink.frame.x + 2, copyLink.frame.y + 2))
                == [.perform(analysis.actions[4]), .close])
    }
}
